// Thousands of random and malformed lines into the example server's stdin (a real child
// process), generated from a seed so a failure reproduces: FUZZ_SEED=<seed> reruns one.
// Every line that deserves an answer must get exactly one, the others none, stdout must hold
// nothing but JSON-RPC, and the server must stay up and answer a final ping.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { EXAMPLE_SERVER_ARGS } from '../helpers/e2e.js';
import { RawChild } from '../helpers/raw-child.js';
import { CaseGenerator } from '../helpers/fuzz-cases.js';
import { plan } from '../helpers/fuzz-check.js';
import { runStdio, seedFor } from '../helpers/fuzz-run.js';

const LIMIT = 4 * 1024 * 1024; // the example server's (default) line limit

describe('the example server under a stdin fuzzer', () => {
  it('10,000 random and malformed lines: one answer each where due, none otherwise', async (t) => {
    const seed = seedFor(t, 0);
    const gen = new CaseGenerator(seed);
    const fuzz = plan(gen.rng, 10_000, '2025-11-25', () => gen.line());
    await runStdio(t, seed, { args: EXAMPLE_SERVER_ARGS, version: '2025-11-25' }, fuzz);
  });

  it('batches under 2025-03-26: one array of answers per batch', async (t) => {
    const seed = seedFor(t, 1);
    const gen = new CaseGenerator(seed);
    const r = gen.rng;
    const next = () => {
      if (r.chance(0.5)) return gen.line();
      const items = Array.from({ length: 1 + r.int(8) }, () => gen.anyMessage());
      return { label: 'batch', bytes: Buffer.from(JSON.stringify(items)) };
    };
    const fuzz = plan(r, 2000, '2025-03-26', next);
    assert.ok(fuzz.lines.some((l) => l.expected.kind === 'batch'));
    await runStdio(t, seed, { args: EXAMPLE_SERVER_ARGS, version: '2025-03-26' }, fuzz);
  });
});

describe('the example server and over-long lines', () => {
  const echoLine = (id: string, bytes: number): string => {
    const head = `{"jsonrpc":"2.0","id":"${id}","method":"tools/call","params":{"name":"echo","arguments":{"text":"`;
    const tail = '"}}}';
    return head + 'x'.repeat(bytes - head.length - tail.length) + tail;
  };

  it('a 6 MiB line gets -32600 (id null) and the server keeps serving', async () => {
    const child = new RawChild(EXAMPLE_SERVER_ARGS);
    try {
      await child.initialize();
      await child.write(echoLine('big', 6 * 1024 * 1024) + '\n');
      await child.send({
        jsonrpc: '2.0',
        id: 'after',
        method: 'tools/call',
        params: { name: 'echo', arguments: { text: 'still here' } },
      });
      const after = await child.response('after', 20_000);
      assert.deepEqual(after.result, { content: [{ type: 'text', text: 'still here' }] });
      const answers = child.lines.slice(1).map((l) => JSON.parse(l) as Record<string, unknown>);
      assert.equal(answers.length, 2, JSON.stringify(answers));
      assert.deepEqual(
        answers.find((a) => a.id === null),
        { jsonrpc: '2.0', id: null, error: { code: -32600, message: `Message exceeds the limit of ${LIMIT} bytes` } },
      );
      await child.send({ jsonrpc: '2.0', id: 'ping', method: 'ping' });
      await child.response('ping');
      assert.deepEqual(await child.endInput(), { code: 0, signal: null });
    } finally {
      child.kill();
    }
  });

  it('a line of exactly the limit is served; one byte more is refused', async () => {
    const child = new RawChild(EXAMPLE_SERVER_ARGS);
    try {
      await child.initialize();
      const fits = echoLine('fits', LIMIT);
      const fitsCrlf = echoLine('fits-crlf', LIMIT - 1);
      const over = echoLine('over', LIMIT + 1);
      assert.equal(Buffer.byteLength(fits), LIMIT);
      await child.write(`${fits}\n${fitsCrlf}\r\n${over}\n`);
      await child.send({ jsonrpc: '2.0', id: 'last', method: 'ping' });
      await child.response('last', 20_000);
      type Reply = { id: unknown; result?: { content: { text: string }[] }; error?: { code: number } };
      const answers = child.lines.slice(1).map((l) => JSON.parse(l) as Reply);
      assert.deepEqual(answers.map((a) => String(a.id)).sort(), ['fits', 'fits-crlf', 'last', 'null']);
      const sent = (JSON.parse(fits) as { params: { arguments: { text: string } } }).params.arguments.text;
      assert.equal(answers.find((a) => a.id === 'fits')?.result?.content[0]?.text, sent);
      const sentCrlf = (JSON.parse(fitsCrlf) as { params: { arguments: { text: string } } }).params.arguments.text;
      assert.equal(answers.find((a) => a.id === 'fits-crlf')?.result?.content[0]?.text, sentCrlf);
      assert.equal(answers.find((a) => a.id === null)?.error?.code, -32600);
      assert.deepEqual(await child.endInput(), { code: 0, signal: null });
    } finally {
      child.kill();
    }
  });
});
