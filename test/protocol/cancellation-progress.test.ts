// Cancellation both ways as AbortSignal, progress tokens, ping both ways, timeouts that cancel.
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { once } from 'node:events';
import { EventEmitter } from 'node:events';
import { Server, type ServerContext } from '../../src/server/index.js';
import { Client } from '../../src/client/index.js';
import { RequestCancelledError } from '../../src/protocol/request-context.js';
import { RequestTimeoutError } from '../../src/jsonrpc/errors.js';
import { connectPair, ManualClock } from '../../src/testing/index.js';
import { ScriptedTransport } from '../helpers/scripted-transport.js';

const clientInfo = { name: 'test-client', version: '1.0.0' };

/** A server whose `wait` tool blocks until the test releases it, reporting what its signal saw. */
function blockingServer() {
  const events = new EventEmitter();
  const server = new Server({ name: 's', version: '1' });
  server.tool('wait', {}, async (_args, ctx: ServerContext) => {
    events.emit('started', ctx);
    await new Promise<void>((resolve) => {
      ctx.signal.addEventListener('abort', () => {
        events.emit('aborted', ctx.signal.reason);
        resolve();
      });
    });
    return { content: [{ type: 'text', text: 'finished anyway' }] };
  });
  server.tool('steps', {}, async (args, ctx) => {
    const n = Number(args.n ?? 3);
    for (let i = 1; i <= n; i++) await ctx.progress(i, n, `step ${i}`);
    return { content: [{ type: 'text', text: `did ${n}` }] };
  });
  server.tool('backwards', {}, async (_args, ctx) => {
    await ctx.progress(2);
    await ctx.progress(1);
    return { content: [] };
  });
  return { server, events };
}

describe('cancellation', () => {
  it('a client abort aborts the handler signal on the server, and no response is sent', async () => {
    const { server, events } = blockingServer();
    const { client: session } = await connectPair(server, { protocolVersion: '2025-11-25' });
    const controller = new AbortController();
    const call = session.callTool({ name: 'wait' }, { signal: controller.signal });
    await once(events, 'started');
    const aborted = once(events, 'aborted');
    controller.abort(new Error('user pressed stop'));
    await assert.rejects(call, /user pressed stop/);
    const [reason] = (await aborted) as [RequestCancelledError];
    assert.ok(reason instanceof RequestCancelledError);
    assert.match(reason.message, /user pressed stop/);
    // The session keeps working after a cancellation.
    await session.ping();
    await session.close();
  });

  it('the server sends no response to a cancelled request', async () => {
    const { server, events } = blockingServer();
    const wire = new ScriptedTransport();
    await server.connect(wire);
    wire.receive({
      jsonrpc: '2.0',
      id: 1,
      method: 'initialize',
      params: { protocolVersion: '2025-11-25', capabilities: {}, clientInfo },
    });
    await wire.waitForSent(1);
    wire.receive({ jsonrpc: '2.0', method: 'notifications/initialized' });
    const started = once(events, 'started');
    wire.receive({ jsonrpc: '2.0', id: 2, method: 'tools/call', params: { name: 'wait' } });
    await started;
    const aborted = once(events, 'aborted');
    wire.receive({ jsonrpc: '2.0', method: 'notifications/cancelled', params: { requestId: 2, reason: 'enough' } });
    await aborted;
    wire.receive({ jsonrpc: '2.0', id: 3, method: 'ping' });
    await wire.waitForSent(2);
    assert.deepEqual(wire.sent.slice(1), [{ jsonrpc: '2.0', id: 3, result: {} }], 'only the ping is answered');
  });

  it('the initialize request cannot be cancelled', async () => {
    const server = new Server({ name: 's', version: '1' });
    const wire = new ScriptedTransport();
    await server.connect(wire);
    wire.receive({
      jsonrpc: '2.0',
      id: 'i',
      method: 'initialize',
      params: { protocolVersion: '2025-11-25', capabilities: {}, clientInfo },
    });
    wire.receive({ jsonrpc: '2.0', method: 'notifications/cancelled', params: { requestId: 'i' } });
    await wire.waitForSent(1);
    assert.equal((wire.sent[0] as { result: { protocolVersion: string } }).result.protocolVersion, '2025-11-25');
  });

  it('a timeout rejects the call and sends notifications/cancelled', async () => {
    const { server, events } = blockingServer();
    const clock = new ManualClock();
    const { client: session } = await connectPair(server, {
      protocolVersion: '2025-11-25',
      client: { options: { clock } },
    });
    const call = session.callTool({ name: 'wait' }, { timeoutMs: 5000 });
    await once(events, 'started');
    const aborted = once(events, 'aborted');
    clock.advance(5000);
    await assert.rejects(call, RequestTimeoutError);
    const [reason] = (await aborted) as [RequestCancelledError];
    assert.match(reason.message, /timed out after 5000 ms/);
    await session.close();
  });

  it('closing the session aborts handlers still running', async () => {
    const { server, events } = blockingServer();
    const { client: session } = await connectPair(server, { protocolVersion: '2025-11-25' });
    const call = session.callTool({ name: 'wait' });
    await once(events, 'started');
    const aborted = once(events, 'aborted');
    await session.close();
    await assert.rejects(call, /Connection closed/);
    await aborted;
  });
});

describe('cancelWith: a request cancelled with the peer request it is made for', () => {
  /** A server whose `forward` tool calls `wait` on `inner` for its own caller, cancelled with its context. */
  async function forwarding(inner: Server) {
    const { client: innerSession } = await connectPair(inner, { protocolVersion: '2025-11-25' });
    const outer = new Server({ name: 'outer', version: '1' });
    outer.tool('forward', {}, async (_args, ctx) => {
      return innerSession.callTool({ name: 'wait' }, { cancelWith: ctx });
    });
    return { outerSession: (await connectPair(outer, { protocolVersion: '2025-11-25' })).client, innerSession };
  }

  it('the client cancelling the outer call cancels the inner one, and the chain keeps working', async () => {
    const { server, events } = blockingServer();
    const { outerSession, innerSession } = await forwarding(server);
    const controller = new AbortController();
    const call = outerSession.callTool({ name: 'forward' }, { signal: controller.signal });
    await once(events, 'started');
    const aborted = once(events, 'aborted');
    controller.abort(new Error('stop it'));
    await assert.rejects(call, /stop it/);
    const [reason] = (await aborted) as [RequestCancelledError];
    assert.match(reason.message, /stop it/, 'the inner server hears the outer client’s reason');
    await innerSession.ping();
    await outerSession.close();
    await innerSession.close();
  });

  it('onCancel on a context already cancelled calls the listener soon after, unless stopped first', async () => {
    const { server, events } = blockingServer();
    const { client: session } = await connectPair(server, { protocolVersion: '2025-11-25' });
    const controller = new AbortController();
    const call = session.callTool({ name: 'wait' }, { signal: controller.signal });
    const [ctx] = (await once(events, 'started')) as [ServerContext];
    const aborted = once(events, 'aborted');
    controller.abort(new Error('late'));
    await assert.rejects(call, /late/);
    await aborted;
    const heard: unknown[] = [];
    ctx.onCancel((reason) => heard.push(reason));
    const stop = ctx.onCancel(() => heard.push('stopped one'));
    stop();
    assert.deepEqual(heard, [], 'not called at once');
    await new Promise((resolve) => setImmediate(resolve));
    assert.equal(heard.length, 1);
    assert.match(String(heard[0]), /late/);
    await session.close();
  });

  it('a listener that throws does not keep the others from hearing', async () => {
    const { server, events } = blockingServer();
    const { client: session } = await connectPair(server, { protocolVersion: '2025-11-25' });
    const controller = new AbortController();
    const call = session.callTool({ name: 'wait' }, { signal: controller.signal });
    const [ctx] = (await once(events, 'started')) as [ServerContext];
    let heard = false;
    ctx.onCancel(() => {
      throw new Error('a broken listener');
    });
    ctx.onCancel(() => (heard = true));
    const aborted = once(events, 'aborted');
    controller.abort(new Error('now'));
    await assert.rejects(call, /now/);
    await aborted;
    assert.equal(heard, true);
    await session.ping();
    await session.close();
  });
});

describe('progress', () => {
  it('reaches the caller when it asked for progress', async () => {
    const { server } = blockingServer();
    const { client: session } = await connectPair(server, { protocolVersion: '2025-11-25' });
    const seen: unknown[] = [];
    const result = await session.callTool({ name: 'steps', arguments: { n: 3 } }, { onprogress: (p) => seen.push(p) });
    assert.deepEqual(result.content, [{ type: 'text', text: 'did 3' }]);
    assert.deepEqual(seen, [
      { progress: 1, total: 3, message: 'step 1' },
      { progress: 2, total: 3, message: 'step 2' },
      { progress: 3, total: 3, message: 'step 3' },
    ]);
    await session.close();
  });

  it('is not sent when the request carried no token', async () => {
    const { server } = blockingServer();
    const wire = new ScriptedTransport();
    await server.connect(wire);
    wire.receive({
      jsonrpc: '2.0',
      id: 1,
      method: 'initialize',
      params: { protocolVersion: '2025-11-25', capabilities: {}, clientInfo },
    });
    wire.receive({ jsonrpc: '2.0', method: 'notifications/initialized' });
    wire.receive({ jsonrpc: '2.0', id: 2, method: 'tools/call', params: { name: 'steps', arguments: { n: 2 } } });
    await wire.waitForSent(2);
    assert.equal((wire.sent[1] as { id: number }).id, 2);
    assert.equal(wire.sent.length, 2);
  });

  it('message is left out for 2024-11-05, which has no progress message', async () => {
    const { server } = blockingServer();
    const { client: session } = await connectPair(server, { protocolVersion: '2024-11-05' });
    const seen: unknown[] = [];
    await session.callTool({ name: 'steps', arguments: { n: 1 } }, { onprogress: (p) => seen.push(p) });
    assert.deepEqual(seen, [{ progress: 1, total: 1 }]);
    await session.close();
  });

  it('values must increase', async () => {
    const { server } = blockingServer();
    const { client: session } = await connectPair(server, { protocolVersion: '2025-11-25' });
    const result = await session.callTool({ name: 'backwards' }, { onprogress: () => {} });
    assert.equal(result.isError, true);
    assert.match(JSON.stringify(result.content), /progress must increase/);
    await session.close();
  });

  it('can keep a long call alive by resetting its timeout', async () => {
    const clock = new ManualClock();
    const server = new Server({ name: 's', version: '1' });
    let step!: () => Promise<void>;
    let finish!: () => void;
    const ready = new Promise<void>((r) =>
      server.tool('long', {}, async (_a, ctx) => {
        let n = 0;
        step = () => ctx.progress(++n);
        r();
        await new Promise<void>((done) => (finish = done));
        return { content: [] };
      }),
    );
    void ready;
    const { client: session } = await connectPair(server, {
      protocolVersion: '2025-11-25',
      client: { options: { clock } },
    });
    let progressed = 0;
    const gotProgress = () => new Promise<void>((resolve) => (onProgress = resolve));
    let onProgress: () => void = () => {};
    const call = session.callTool(
      { name: 'long' },
      {
        timeoutMs: 1000,
        maxTotalTimeoutMs: 10_000,
        resetTimeoutOnProgress: true,
        onprogress: () => {
          progressed++;
          onProgress();
        },
      },
    );
    await ready;
    for (let i = 0; i < 3; i++) {
      clock.advance(900);
      const arrived = gotProgress();
      await step();
      await arrived;
    }
    clock.advance(900); // 3,600 ms in all: only alive because progress reset the timer
    finish();
    assert.deepEqual((await call).content, []);
    assert.equal(progressed, 3);
    await session.close();
  });
});

describe('ping', () => {
  it('works both ways', async () => {
    const server = new Server({ name: 's', version: '1' });
    const { client: session } = await connectPair(server, { protocolVersion: '2025-11-25' });
    await session.ping();
    const [serverSession] = server.sessions;
    await serverSession!.ping();
    await session.close();
  });
});

describe('cancellation from the server side', () => {
  it('a server abort aborts the client handler signal', async () => {
    const server = new Server({ name: 's', version: '1' });
    const client = new Client(clientInfo, { capabilities: { roots: {} } });
    const events = new EventEmitter();
    client.setRequestHandler('roots/list', (_params, ctx) => {
      events.emit('started');
      return new Promise((resolve) =>
        ctx.signal.addEventListener('abort', () => {
          events.emit('aborted', ctx.signal.reason);
          resolve({ roots: [] });
        }),
      );
    });
    const { client: session } = await connectPair(server, { client, protocolVersion: '2025-11-25' });
    const [serverSession] = server.sessions;
    const controller = new AbortController();
    const started = once(events, 'started');
    const request = serverSession!.request('roots/list', {}, { signal: controller.signal });
    await started;
    const aborted = once(events, 'aborted');
    controller.abort(new Error('no longer needed'));
    await assert.rejects(request, /no longer needed/);
    const [reason] = (await aborted) as [RequestCancelledError];
    assert.ok(reason instanceof RequestCancelledError);
    await session.close();
  });
});
