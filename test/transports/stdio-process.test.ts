// The stdio server transport in a real child process, driven by the CommandTransport or raw pipes.
import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import { once } from 'node:events';
import process from 'node:process';
import { describe, it } from 'node:test';
import type { JsonRpcMessage } from '../../src/jsonrpc/message.js';
import { CommandTransport } from '../../src/node/command.js';
import { LineSplitter } from '../../src/transports/ndjson.js';
import { Inbox, recorder } from '../helpers/transport-recorder.js';
import { fixture, within } from '../helpers/e2e.js';

const ECHO = fixture('transport-echo-server');

function echoServer(env: Record<string, string> = {}) {
  const transport = new CommandTransport({ command: process.execPath, args: [ECHO], env, stderr: 'pipe' });
  const { receiver, messages, closes } = recorder();
  return { transport, receiver, messages, closes };
}

describe('StdioServerTransport in a child process', () => {
  it('echoes messages in order and exits with code 0 when its stdin closes', async () => {
    const { transport, receiver, messages, closes } = echoServer();
    await transport.start(receiver);
    const sent: JsonRpcMessage[] = Array.from({ length: 500 }, (_, i) => ({
      jsonrpc: '2.0',
      id: i,
      method: 'echo',
      params: { text: `message ${i} — é 🎉` },
    }));
    await Promise.all(sent.map((m) => transport.send(m)));
    for (const m of sent) assert.deepEqual(await messages.next(), m);
    await within(transport.close(), 5000, 'close');
    assert.equal(await closes.next(), undefined);
    assert.equal(transport.exitCode, 0);
    assert.equal(transport.signalCode, null);
  });

  it('delivers a flood of notifications written in one tick', async () => {
    const { transport, receiver, messages } = echoServer();
    await transport.start(receiver);
    await transport.send({ jsonrpc: '2.0', method: 'fixture/flood', params: { count: 20000 } });
    for (let i = 0; i < 20000; i++) {
      assert.deepEqual(await messages.next(), { jsonrpc: '2.0', method: 'fixture/n', params: { i } });
    }
    await transport.close();
  });

  it('answers an oversized message with -32600 and keeps serving', async () => {
    const { transport, receiver, messages } = echoServer({ MAX_MESSAGE_BYTES: '1024' });
    await transport.start(receiver);
    await transport.send({ jsonrpc: '2.0', id: 1, method: 'big', params: { s: 'x'.repeat(5 * 1024 * 1024) } });
    await transport.send({ jsonrpc: '2.0', id: 2, method: 'small' });
    const refusal = (await messages.next()) as { id: unknown; error: { code: number; message: string } };
    assert.equal(refusal.id, null);
    assert.equal(refusal.error.code, -32600);
    assert.match(refusal.error.message, /1024 bytes/);
    const reported = (await messages.next()) as { method: string; params: { message: string } };
    assert.equal(reported.method, 'fixture/transport-error');
    assert.match(reported.params.message, /1024 bytes/);
    assert.deepEqual(await messages.next(), { jsonrpc: '2.0', id: 2, method: 'small' });
    await transport.close();
    assert.equal(transport.exitCode, 0);
  });

  it('answers invalid JSON with -32700 and keeps serving', async () => {
    const child = spawn(process.execPath, [ECHO], { stdio: ['pipe', 'pipe', 'inherit'] });
    const lines = new Inbox<unknown>();
    const splitter = new LineSplitter({ onLine: (l) => lines.push(JSON.parse(l)) });
    child.stdout.on('data', (chunk: Buffer) => splitter.push(chunk));
    const exited = once(child, 'exit');
    child.stdin.write('{"jsonrpc":"2.0", oops\n{"jsonrpc":"2.0","method":"after"}\n');
    const response = (await lines.next()) as { id: unknown; error: { code: number } };
    assert.equal(response.id, null);
    assert.equal(response.error.code, -32700);
    assert.equal(((await lines.next()) as { method: string }).method, 'fixture/transport-error');
    assert.deepEqual(await lines.next(), { jsonrpc: '2.0', method: 'after' });
    child.stdin.end();
    assert.deepEqual(await within(exited, 5000, 'the child to exit'), [0, null]);
  });

  it('does not crash when the client stops reading stdout (EPIPE)', async () => {
    const child = spawn(process.execPath, [ECHO], { stdio: ['pipe', 'pipe', 'pipe'] });
    let stderr = '';
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    const exited = once(child, 'exit');
    await once(child, 'spawn');
    child.stdout.destroy();
    child.stdin.write('{"jsonrpc":"2.0","method":"fixture/flood","params":{"count":1000}}\n');
    // The fixture exits with 9 when its transport closes with an error; an uncaught EPIPE would give 1.
    const [code] = await within(exited, 5000, 'the child to exit');
    assert.equal(code, 9, stderr);
    assert.match(stderr, /closed: stdout failed: .*EPIPE/);
  });
});
