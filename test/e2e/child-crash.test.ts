// A server process that dies under the client: pending calls fail fast with an error that says
// how the process ended, and the session is closed. A server whose stdin ends exits cleanly.
import assert from 'node:assert/strict';
import process from 'node:process';
import { describe, it } from 'node:test';
import { Client, type ClientSession } from '../../src/client/index.js';
import { ConnectionClosedError, JsonRpcError } from '../../src/jsonrpc/errors.js';
import { CommandTransport } from '../../src/node/command.js';
import {
  EXAMPLE_SERVER_ARGS,
  clientInfo,
  connectChild,
  fixture,
  nodeTransport,
  startedCall,
  within,
} from '../helpers/e2e.js';
import { RawChild } from '../helpers/raw-child.js';

const FIXTURE = fixture('e2e-server');

/** Starts a `wait` call and resolves once the server reports it is running. */
async function startWaiting(session: ClientSession, tag: string): Promise<{ call: Promise<Record<string, unknown>> }> {
  return startedCall(
    (onprogress) => {
      const call = session.callTool({ name: 'wait', arguments: { tag } }, { onprogress });
      call.catch(() => {}); // observed by the test later
      return call;
    },
    10_000,
    `${tag} to start`,
  );
}

async function closedError(promise: Promise<unknown>, what: string): Promise<ConnectionClosedError> {
  // The call must fail within a second of the process dying.
  const error = await within(
    promise.then(
      () => assert.fail(`${what} should have been rejected`),
      (e: unknown) => e,
    ),
    1000,
    what,
  );
  assert.ok(error instanceof ConnectionClosedError, `expected a ConnectionClosedError, got ${String(error)}`);
  return error;
}

async function assertSessionClosed(session: ClientSession): Promise<void> {
  assert.equal(session.closed, true);
  await assert.rejects(session.ping(), ConnectionClosedError);
  await session.close(); // closing again is harmless
}

describe('a server process that dies mid-request', () => {
  it('SIGKILL: the pending call rejects within 1 s naming the signal, and the session is closed', async () => {
    const transport = nodeTransport(FIXTURE);
    const session = await connectChild(transport);
    try {
      const { call } = await startWaiting(session, 'victim');
      assert.ok(transport.pid !== undefined);
      process.kill(transport.pid, 'SIGKILL');
      const error = await closedError(call, 'the pending call');
      assert.match(error.message, /was terminated by SIGKILL/);
      assert.deepEqual(error.data, { exitCode: null, signal: 'SIGKILL', stderr: '' });
      assert.equal(transport.signalCode, 'SIGKILL');
      await assertSessionClosed(session);
    } finally {
      await session.close();
    }
  });

  it('exit(3) after writing to stderr: the error names the code and the stderr tail', async () => {
    const transport = nodeTransport(FIXTURE);
    const session = await connectChild(transport);
    try {
      const crash = session.callTool({
        name: 'crash',
        arguments: { code: 3, stderr: 'something went wrong\nfatal: disk on fire\n' },
      });
      const error = await closedError(crash, 'the crash call');
      assert.match(error.message, /exited with code 3; stderr:\nsomething went wrong\nfatal: disk on fire$/);
      const data = error.data as { exitCode: number; signal: unknown; stderr: string };
      assert.equal(data.exitCode, 3);
      assert.equal(data.signal, null);
      assert.match(data.stderr, /fatal: disk on fire/);
      assert.equal(transport.exitCode, 3);
      await assertSessionClosed(session);
    } finally {
      await session.close();
    }
  });

  it('several pending calls all reject at once, with the same error', async () => {
    const session = await connectChild(nodeTransport(FIXTURE));
    try {
      const waiting = [
        await startWaiting(session, 'a'),
        await startWaiting(session, 'b'),
        await startWaiting(session, 'c'),
      ];
      const notYetStarted = session.callTool({ name: 'wait', arguments: { tag: 'd' } });
      const crash = session.callTool({ name: 'crash', arguments: { code: 7, stderr: 'bye\n' } });
      const all = [...waiting.map((w) => w.call), notYetStarted, crash];
      const errors = await Promise.all(all.map((p, i) => closedError(p, `pending call ${i}`)));
      // One close rejects everything pending with the same error.
      const [first] = errors;
      assert.match(first?.message ?? '', /exited with code 7; stderr:\nbye/);
      for (const e of errors) assert.equal(e, first);
      await assertSessionClosed(session);
    } finally {
      await session.close();
    }
  });

  it('with stderr ignored, the error still names the exit code', async () => {
    const session = await connectChild(nodeTransport(FIXTURE, [], { stderr: 'ignore' }));
    try {
      const error = await closedError(
        session.callTool({ name: 'crash', arguments: { code: 4, stderr: 'hidden\n' } }),
        'the crash call',
      );
      assert.match(error.message, /exited with code 4$/);
      assert.deepEqual(error.data, { exitCode: 4, signal: null });
      await assertSessionClosed(session);
    } finally {
      await session.close();
    }
  });
});

describe('a server process that misbehaves at startup', () => {
  it('dying before answering initialize fails connect with the exit code and stderr', async () => {
    const transport = new CommandTransport({
      command: process.execPath,
      args: [
        '-e',
        'process.stdin.once("data", () => { process.stderr.write("cannot open config\\n"); process.exit(2); })',
      ],
      stderr: 'pipe',
    });
    const error = await within(
      new Client(clientInfo).connect(transport).then(
        () => assert.fail('connect should fail'),
        (e: unknown) => e,
      ),
      10_000,
      'connect to fail',
    );
    assert.ok(error instanceof ConnectionClosedError, String(error));
    assert.match(error.message, /exited with code 2; stderr:\ncannot open config$/);
  });

  it('a line of noise on stdout is reported and skipped; the session works', async () => {
    const errors: Error[] = [];
    const transport = nodeTransport(FIXTURE, [], { env: { E2E_STDOUT_NOISE: 'Starting server on stdio...' } });
    const session = await within(
      new Client(clientInfo, { onError: (e) => errors.push(e) }).connect(transport, { protocolVersion: '2025-11-25' }),
      15_000,
      'initialize',
    );
    try {
      await session.ping();
      assert.ok(
        errors.some(
          (e) => e instanceof JsonRpcError && e.code === -32700 && /Starting server on stdio/.test(e.message),
        ),
        errors.join('\n'),
      );
    } finally {
      await session.close();
    }
  });
});

describe('a server process whose stdin ends', () => {
  it('the example server exits with code 0 at once', async () => {
    const child = new RawChild(EXAMPLE_SERVER_ARGS);
    try {
      assert.deepEqual(await child.endInput(), { code: 0, signal: null });
      assert.deepEqual(child.lines, []);
    } finally {
      child.kill();
    }
  });

  it('the example server answers the call in flight, then exits with code 0', async () => {
    const child = new RawChild(EXAMPLE_SERVER_ARGS);
    try {
      await child.initialize();
      await child.send({ jsonrpc: '2.0', id: 2, method: 'ping' });
      assert.deepEqual(await child.response(2), { jsonrpc: '2.0', id: 2, result: {} });
      await child.send({
        jsonrpc: '2.0',
        id: 3,
        method: 'tools/call',
        params: { name: 'count', arguments: { n: 3, delayMs: 20 }, _meta: { progressToken: 't' } },
      });
      assert.deepEqual(await child.endInput(), { code: 0, signal: null });
      assert.equal(child.stderr, '');
      const progress = child.lines.filter((l) => l.includes('"notifications/progress"'));
      assert.equal(progress.length, 3, child.lines.join('\n'));
      assert.deepEqual(JSON.parse(child.lines.at(-1) ?? ''), {
        jsonrpc: '2.0',
        id: 3,
        result: { content: [{ type: 'text', text: 'counted to 3' }] },
      });
    } finally {
      child.kill();
    }
  });

  it('the fixture server exits with code 0 after a session', async () => {
    const child = new RawChild([FIXTURE]);
    try {
      await child.initialize('2025-06-18');
      await child.send({
        jsonrpc: '2.0',
        id: 'e',
        method: 'tools/call',
        params: { name: 'echo', arguments: { text: 'last words' } },
      });
      assert.deepEqual(await child.endInput(), { code: 0, signal: null });
      assert.deepEqual(JSON.parse(child.lines.at(-1) ?? ''), {
        jsonrpc: '2.0',
        id: 'e',
        result: { content: [{ type: 'text', text: 'last words' }] },
      });
    } finally {
      child.kill();
    }
  });
});
