// The fuzzer's oracle and checker, in process: they must catch what they claim to catch, or a
// passing fuzz run would mean nothing.
import assert from 'node:assert/strict';
import { Buffer } from 'node:buffer';
import { describe, it } from 'node:test';
import { Random, type FuzzLine } from './fuzz-cases.js';
import { check, plan, type PlannedLine } from './fuzz-check.js';
import { expectForLine, type Expected } from './fuzz-oracle.js';

const expect = (line: string, version = '2025-11-25'): Expected => expectForLine(Buffer.from(line), version);

describe('the fuzz oracle', () => {
  it('follows JSON-RPC and MCP for each kind of line', () => {
    const single = (id: string | number | null, code: number | 'result' | 'any', text?: string): Expected => ({
      kind: 'single',
      answer: text === undefined ? { id, code } : { id, code, text },
    });
    const none: Expected = { kind: 'none' };
    const table: [string, Expected][] = [
      ['', none],
      ['\r', none],
      [' ', single(null, -32700)],
      ['{"jsonrpc":"2.0",', single(null, -32700)],
      ['42', single(null, -32600)],
      ['[]', single(null, -32600)],
      ['[{"jsonrpc":"2.0","id":1,"method":"ping"}]', single(null, -32600)],
      ['{"jsonrpc":"2.0","id":{},"method":"ping"}', single(null, -32600)],
      ['{"jsonrpc":"2.0","id":1.5,"method":"ping"}', single(null, -32600)],
      ['{"jsonrpc":"2.0","id":9007199254740992,"method":"ping"}', single(null, -32600)],
      ['{"jsonrpc":"2.0","id":3.0,"method":"ping"}', single(3, 'result')],
      ['{"jsonrpc":"1.0","id":"a","method":"ping"}', single('a', -32600)],
      ['{"jsonrpc":"2.0","id":"a","method":7}', single('a', -32600)],
      ['{"jsonrpc":"2.0","method":7}', single(null, -32600)],
      ['{"jsonrpc":"2.0","id":"a"}', single('a', -32600)],
      ['{"jsonrpc":"2.0","id":"a","method":"ping","params":[]}', single('a', -32602)],
      ['{"jsonrpc":"2.0","method":"notifications/cancelled","params":[]}', none],
      ['{"jsonrpc":"2.0","id":"a","method":"nope"}', single('a', -32601)],
      ['{"jsonrpc":"2.0","id":"a","method":"roots/list"}', single('a', -32601)],
      ['{"jsonrpc":"2.0","id":"a","method":"initialize","params":{}}', single('a', -32600)],
      ['{"jsonrpc":"2.0","id":"a","result":{}}', none],
      ['{"jsonrpc":"2.0","id":"a","method":"tools/call","params":{"name":"nope"}}', single('a', -32602)],
      [
        '{"jsonrpc":"2.0","id":"a","method":"tools/call","params":{"name":"echo","arguments":"x"}}',
        single('a', -32602),
      ],
      [
        '{"jsonrpc":"2.0","id":"a","method":"tools/call","params":{"name":"echo","arguments":{"text":"hé"}}}',
        single('a', 'result', 'hé'),
      ],
    ];
    for (const [line, expected] of table) assert.deepEqual(expect(line), expected, line);
  });

  it('expects one array of answers for a batch in 2025-03-26 only', () => {
    const batch =
      '[{"jsonrpc":"2.0","id":1,"method":"ping"},{"jsonrpc":"2.0","method":"x"},7,{"jsonrpc":"2.0","id":2,"method":"nope"}]';
    assert.deepEqual(expect(batch, '2025-03-26'), {
      kind: 'batch',
      answers: [
        { id: 1, code: 'result' },
        { id: null, code: -32600 },
        { id: 2, code: -32601 },
      ],
    });
    assert.deepEqual(expect('[{"jsonrpc":"2.0","method":"x"}]', '2025-03-26'), { kind: 'none' });
    assert.deepEqual(expect('[]', '2025-03-26'), { kind: 'single', answer: { id: null, code: -32600 } });
  });
});

describe('the fuzz checker', () => {
  const lines: FuzzLine[] = [
    { label: 'ping', bytes: Buffer.from('{"jsonrpc":"2.0","id":1,"method":"ping"}') },
    { label: 'garbage', bytes: Buffer.from('{oops') },
    {
      label: 'echo',
      bytes: Buffer.from(
        '{"jsonrpc":"2.0","id":"e","method":"tools/call","params":{"name":"echo","arguments":{"text":"t"}}}',
      ),
    },
    { label: 'notification', bytes: Buffer.from('{"jsonrpc":"2.0","method":"notifications/x"}') },
  ];
  let i = 0;
  const planned: PlannedLine[] = plan(new Random(1), lines.length, '2025-11-25', () => lines[i++]!).lines;
  const good = [
    '{"jsonrpc":"2.0","id":1,"result":{}}',
    '{"jsonrpc":"2.0","id":null,"error":{"code":-32700,"message":"Parse error"}}',
    '{"jsonrpc":"2.0","id":"e","result":{"content":[{"type":"text","text":"t"}]}}',
  ];

  it('accepts the right answers in any order', () => {
    assert.deepEqual(check(planned, good), []);
    assert.deepEqual(check(planned, [...good].reverse()), []);
  });

  it('reports missing, duplicated, wrong and foreign output', () => {
    const problems = (output: string[]) => check(planned, output).join('\n');
    assert.match(problems(good.slice(1)), /missing 1 × S 1=result/);
    assert.match(problems([...good, good[0]!]), /unexpected 1 × S 1=result/);
    assert.match(problems([...good, good[1]!]), /unexpected 1 × S null=-32700/);
    assert.match(
      problems([good[0]!, '{"jsonrpc":"2.0","id":null,"error":{"code":-32600,"message":"x"}}', good[2]!]),
      /missing 1 × S null=-32700[^]*unexpected 1 × S null=-32600/,
    );
    assert.match(
      problems([good[0]!, good[1]!, '{"jsonrpc":"2.0","id":"e","result":{"content":[{"type":"text","text":"T"}]}}']),
      /wrong echo/,
    );
    assert.match(problems([...good, 'Server started!']), /not JSON/);
    assert.match(
      problems([...good, '{"jsonrpc":"2.0","method":"notifications/message","params":{}}']),
      /not a JSON-RPC response/,
    );
    assert.match(
      problems([...good, '{"jsonrpc":"2.0","id":1,"result":{},"error":{"code":1,"message":""}}']),
      /exactly one of result and error/,
    );
    assert.match(problems([...good, '[]']), /empty array/);
  });
});
