import assert from 'node:assert/strict';
import { realpathSync } from 'node:fs';
import { tmpdir } from 'node:os';
import process from 'node:process';
import { describe, it } from 'node:test';
import { ConnectionClosedError } from '../../src/jsonrpc/errors.js';
import { CommandTransport, nonProtocolLine } from '../../src/node/command.js';
import type { CommandTransportOptions } from '../../src/node/command.js';
import { Inbox, recorder } from '../helpers/transport-recorder.js';
import { fixture, within } from '../helpers/e2e.js';

function open(options: CommandTransportOptions) {
  const transport = new CommandTransport(options);
  const { receiver, messages, errors, closes } = recorder();
  const stderr = new Inbox<string>();
  transport.onstderr = (chunk) => stderr.push(new TextDecoder().decode(chunk));
  return { transport, receiver, messages, errors, closes, stderr };
}

const node = (script: string, extra: Partial<CommandTransportOptions> = {}): CommandTransportOptions => ({
  command: process.execPath,
  args: ['-e', script],
  stderr: 'pipe',
  ...extra,
});

describe('CommandTransport', () => {
  it('fails clearly when the command does not exist', async () => {
    const { transport, receiver, closes } = open({ command: 'mcpkit-no-such-command-4711' });
    const failure = await transport.start(receiver).then(
      () => assert.fail('start should fail'),
      (error: unknown) => error,
    );
    assert.ok(failure instanceof ConnectionClosedError);
    assert.match(failure.message, /mcpkit-no-such-command-4711/);
    assert.match(failure.message, /ENOENT/);
    assert.equal(await closes.next('the close'), failure);
    assert.equal(transport.pid, undefined);
    assert.equal(transport.exitCode, null);
    await assert.rejects(transport.send({ jsonrpc: '2.0', method: 'x' }), ConnectionClosedError);
    await transport.close();
  });

  it('closes without an error when closed before it was started', async () => {
    const { transport, receiver, closes } = open({ command: process.execPath });
    await transport.close();
    await assert.rejects(transport.start(receiver), /already closed/);
    assert.equal(await closes.next(), undefined);
  });

  it('reports a child that exits with code 3, with its stderr tail', async () => {
    const { transport, receiver, closes, stderr } = open({
      command: process.execPath,
      args: [fixture('transport-echo-server')],
      stderr: 'pipe',
    });
    await transport.start(receiver);
    assert.equal(typeof transport.pid, 'number');
    await transport.send({
      jsonrpc: '2.0',
      method: 'fixture/exit',
      params: { code: 3, stderr: 'fatal: the database is missing\n' },
    });
    const error = await closes.next('the close');
    assert.ok(error instanceof ConnectionClosedError);
    assert.match(error.message, /exited with code 3/);
    assert.match(error.message, /fatal: the database is missing/);
    assert.deepEqual(error.data, { exitCode: 3, signal: null, stderr: 'fatal: the database is missing\n' });
    assert.match(await stderr.next(), /database is missing/);
    assert.equal(transport.stderrTail, 'fatal: the database is missing\n');
    await assert.rejects(
      transport.send({ jsonrpc: '2.0', method: 'x' }),
      error,
      'later sends fail with the same reason',
    );
    await within(transport.close(), 1000, 'close of an exited child');
    assert.equal(closes.size, 0, 'the close was reported once');
  });

  it('reports a child killed by a signal, and an exit with code 0 it was not asked for', async () => {
    const killed = open(node("process.kill(process.pid, 'SIGKILL')"));
    await killed.transport.start(killed.receiver);
    assert.match((await killed.closes.next())?.message ?? '', /terminated by SIGKILL/);

    const quit = open(node('process.exit(0)'));
    await quit.transport.start(quit.receiver);
    const error = await quit.closes.next();
    assert.ok(error instanceof ConnectionClosedError);
    assert.match(error.message, /exited with code 0/);
  });

  it('keeps only the tail of a long stderr', async () => {
    const { transport, receiver, closes } = open(
      node("process.stderr.write('a'.repeat(100000) + 'THE END'); process.exitCode = 1", { stderrTailBytes: 64 }),
    );
    await transport.start(receiver);
    const error = await closes.next();
    assert.ok(error);
    assert.match(error.message, /a{57}THE END$/);
    assert.equal(transport.stderrTail.length, 64);
  });

  it('reports lines that are not JSON-RPC, with the line, skips them and goes on reading', async () => {
    const script = `process.stdout.write('Server starting...\\n{"level":"info","msg":"listening"}\\n{"jsonrpc":"2.0","method":"ok"}\\n'); process.stdin.resume()`;
    const { transport, receiver, messages, errors } = open(node(script));
    await transport.start(receiver);
    const banner = await errors.next();
    assert.match(banner.message, /^The server wrote a line to stdout that is not JSON-RPC: "Server starting\.\.\."; /);
    assert.equal(nonProtocolLine(banner), '"Server starting..."');
    // JSON, but no message: a structured log line. Answering it would answer no one.
    const log = await errors.next();
    assert.equal(nonProtocolLine(log), JSON.stringify('{"level":"info","msg":"listening"}'));
    assert.deepEqual(await messages.next(), { jsonrpc: '2.0', method: 'ok' });
    await transport.close();
    assert.equal(messages.size, 0, 'nothing else was delivered');
  });

  it('escalates to SIGTERM, then SIGKILL, for a child that ignores both stdin close and SIGTERM', async () => {
    const { transport, receiver, messages, closes, stderr } = open({
      command: process.execPath,
      args: [fixture('transport-stubborn')],
      stderr: 'pipe',
      closeTimeoutMs: 100,
      killTimeoutMs: 100,
    });
    await transport.start(receiver);
    assert.deepEqual(await messages.next('the ready notice'), { jsonrpc: '2.0', method: 'fixture/ready' });
    await within(transport.close(), 5000, 'close');
    assert.equal(transport.signalCode, 'SIGKILL');
    assert.match(await stderr.next(), /ignoring SIGTERM/);
    assert.equal(await closes.next(), undefined, 'a requested close carries no error');
  });

  it('passes env and cwd, and inherits only a safe subset of the environment', async () => {
    process.env.MCPKIT_TEST_SECRET = 'do not leak';
    try {
      const cwd = realpathSync(tmpdir());
      const { transport, receiver, messages } = open({
        command: process.execPath,
        args: [fixture('transport-echo-server')],
        env: { MCPKIT_TEST_VALUE: 'passed through' },
        cwd,
      });
      await transport.start(receiver);
      await transport.send({ jsonrpc: '2.0', id: 1, method: 'fixture/info' });
      const info = (await messages.next()) as { result: { cwd: string; env: Record<string, string>; pid: number } };
      assert.equal(realpathSync(info.result.cwd), cwd);
      assert.equal(info.result.env.MCPKIT_TEST_VALUE, 'passed through');
      assert.equal(info.result.env.MCPKIT_TEST_SECRET, undefined);
      assert.equal(info.result.env.PATH, process.env.PATH);
      assert.equal(info.result.pid, transport.pid);
      await transport.close();
    } finally {
      delete process.env.MCPKIT_TEST_SECRET;
    }
  });
});
