// The fuzzer's oracle and checker, in process: they must catch what they claim to catch, or a
// passing fuzz run would mean nothing.
import assert from 'node:assert/strict';
import { Buffer } from 'node:buffer';
import { describe, it } from 'node:test';
import { Random, type FuzzLine } from '../helpers/fuzz-cases.js';
import { check, plan, relaxed, type PlannedLine } from '../helpers/fuzz-check.js';
import { deepServer, expectForLine, type Expected } from '../helpers/fuzz-oracle.js';

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

describe('the fuzz oracle of the deep-input server', () => {
  const call = (name: string, args: unknown, meta?: unknown) =>
    JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'tools/call', params: { name, arguments: args, _meta: meta } });
  const envelope = {
    'io.modelcontextprotocol/protocolVersion': '2026-07-28',
    'io.modelcontextprotocol/clientInfo': { name: 'c', version: '1' },
    'io.modelcontextprotocol/clientCapabilities': {},
  };
  const code = (line: string, modern: boolean) => {
    const expected = expectForLine(Buffer.from(line), modern ? '2026-07-28' : '2025-11-25', deepServer(modern));
    return expected.kind === 'single' ? expected.answer.code : expected.kind;
  };

  it('holds results JSON cannot write to -32603, in either era when the envelope is sound', () => {
    for (const modern of [false, true]) {
      const meta = modern ? envelope : undefined;
      assert.equal(code(call('cycle', {}, meta), modern), -32603);
      assert.equal(code(call('deep-result', { levels: 100_000 }, meta), modern), -32603);
      assert.equal(code(call('deep-result', { levels: 3_000 }, meta), modern), 'any');
      assert.equal(code(call('deep-result', { levels: 3 }, meta), modern), 'result');
      const deep = call('echo', { x: 0 }, meta).replace('"x":0', `"x":${'['.repeat(12_000)}${']'.repeat(12_000)}`);
      assert.equal(code(deep, modern), -32603);
    }
  });

  it('leaves open what a modern request without a sound envelope gets, and an envelope in a session', () => {
    const broken = { ...envelope, 'io.modelcontextprotocol/clientInfo': { name: 7 } };
    assert.equal(code(call('cycle', {}, broken), true), 'any');
    assert.equal(code(call('cycle', {}), true), 'any');
    assert.equal(code(call('cycle', {}, envelope), false), 'any');
  });
});

describe('the fuzz planner', () => {
  it('refuses lines over the limit whole, lets a line reuse an id on purpose, and opens outcomes', () => {
    const lines: FuzzLine[] = [
      {
        label: 'long',
        bytes: Buffer.from(`{"jsonrpc":"2.0","id":1,"method":"ping","params":{"x":"${'x'.repeat(100)}"}}`),
      },
      { label: 'first', bytes: Buffer.from('{"jsonrpc":"2.0","id":2,"method":"ping"}'), anyOutcome: true },
      { label: 'again', bytes: Buffer.from('{"jsonrpc":"2.0","id":2,"method":"ping"}'), reusesId: true },
      { label: 'collides', bytes: Buffer.from('{"jsonrpc":"2.0","id":2,"method":"ping"}') },
      { label: 'short', bytes: Buffer.from('{"jsonrpc":"2.0","id":3,"method":"ping"}') },
    ];
    let i = 0;
    const planned = plan(new Random(2), 4, '2025-11-25', () => lines[i++]!, { maxBytes: 80 }).lines;
    assert.deepEqual(
      planned.map((l) => [l.label, l.oversize ?? false, l.expected]),
      [
        ['long', true, { kind: 'single', answer: { id: null, code: -32600 } }],
        ['first', false, { kind: 'single', answer: { id: 2, code: 'any' } }],
        ['again', false, { kind: 'single', answer: { id: 2, code: 'result' } }],
        ['short', false, { kind: 'single', answer: { id: 3, code: 'result' } }],
      ],
    );
  });

  it('matches answers without an id by code, unless every one planned is open', () => {
    const line: PlannedLine = {
      label: 'x',
      bytes: Buffer.from('x'),
      expected: { kind: 'single', answer: { id: null, code: -32700 } },
    };
    const refusal = '{"jsonrpc":"2.0","id":null,"error":{"code":-32000,"message":"no"}}';
    assert.match(check([line], [refusal]).join('\n'), /missing 1 × S null=-32700/);
    assert.deepEqual(check([{ ...line, expected: relaxed(line.expected, () => false) }], [refusal]), []);
  });
});
