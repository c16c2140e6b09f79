// subscriptions/listen over stdio, against a real child process: several subscriptions sharing
// one connection, cancellation with notifications/cancelled, the graceful end when the server
// shuts down or its input ends, and subscriptions carried over to a restarted server.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { Client, type ClientSession, type Subscription, type SubscriptionEventMap } from '../../src/client/index.js';
import type { CommandTransport } from '../../src/node/command.js';
import { clientInfo, firstText, fixture, nextSubscriptionEvent, nodeTransport, within } from '../helpers/e2e.js';
import { RawChild } from '../helpers/raw-child.js';

const FIXTURE = fixture('listen-server');
const SUBSCRIPTION_ID = 'io.modelcontextprotocol/subscriptionId';
const META = {
  'io.modelcontextprotocol/protocolVersion': '2026-07-28',
  'io.modelcontextprotocol/clientCapabilities': {},
};

async function start(): Promise<{ session: ClientSession; transport: CommandTransport }> {
  const transport = nodeTransport(FIXTURE);
  const session = await within(
    new Client(clientInfo).connect(transport, { protocolVersion: '2026-07-28' }),
    15_000,
    'connect',
  );
  assert.equal(session.protocolVersion, '2026-07-28');
  return { session, transport };
}

const next = <E extends keyof SubscriptionEventMap>(subscription: Subscription, event: E) =>
  nextSubscriptionEvent(subscription, event, 10_000);

function record(subscription: Subscription, log: string[], name: string): void {
  subscription.on('toolsListChanged', () => log.push(`${name}: tools`));
  subscription.on('promptsListChanged', () => log.push(`${name}: prompts`));
  subscription.on('resourceUpdated', ({ uri }) => log.push(`${name}: ${uri}`));
}

describe('subscriptions/listen over stdio', () => {
  it('tells several subscriptions on one connection apart, and cancels one without the others', async () => {
    const { session, transport } = await start();
    try {
      const tools = await session.listen({ toolsListChanged: true });
      const prompts = await session.listen({ promptsListChanged: true });
      const notes = await session.listen({ resourceSubscriptions: ['file:///notes.txt'] });
      const log: string[] = [];
      record(tools, log, 'tools');
      record(prompts, log, 'prompts');
      record(notes, log, 'notes');

      const toolsHeard = next(tools, 'toolsListChanged');
      await session.callTool({ name: 'add-tool', arguments: { name: 'x' } });
      await toolsHeard;
      const promptsHeard = next(prompts, 'promptsListChanged');
      await session.callTool({ name: 'add-prompt', arguments: { name: 'y' } });
      await promptsHeard;
      const notesHeard = next(notes, 'resourceUpdated');
      await session.callTool({ name: 'touch', arguments: { uri: 'file:///notes.txt' } });
      await notesHeard;
      await session.callTool({ name: 'touch', arguments: { uri: 'file:///other.txt' } });
      assert.deepEqual(log, ['tools: tools', 'prompts: prompts', 'notes: file:///notes.txt']);

      await tools.close();
      assert.equal(
        firstText(await session.callTool({ name: 'streams' })),
        '2',
        'the server dropped the cancelled stream',
      );
      const promptsAgain = next(prompts, 'promptsListChanged');
      await session.callTool({ name: 'add-tool', arguments: { name: 'z' } });
      await session.callTool({ name: 'add-prompt', arguments: { name: 'w' } });
      await promptsAgain;
      assert.deepEqual(log.slice(3), ['prompts: prompts']);
    } finally {
      await within(session.close(), 15_000, 'close');
    }
    assert.equal(transport.exitCode, 0);
  });

  it('ends the subscriptions with their result when the server shuts down', async () => {
    const { session, transport } = await start();
    const subscription = await session.listen({ toolsListChanged: true });
    assert.ok(transport.pid);
    process.kill(transport.pid, 'SIGTERM');
    const end = await within(subscription.ended, 10_000, 'the end of the subscription');
    assert.equal(end.reason, 'completed');
    assert.equal(end.reason === 'completed' && end.result._meta[SUBSCRIPTION_ID], subscription.id);
    await within(session.finished, 10_000, 'the server to exit');
    assert.equal(transport.exitCode, 0);
  });

  it('answers open streams and exits at once when its input ends', async () => {
    const child = new RawChild([FIXTURE]);
    try {
      await child.send({
        jsonrpc: '2.0',
        id: 'l',
        method: 'subscriptions/listen',
        params: { _meta: META, notifications: { toolsListChanged: true } },
      });
      await child.until(() => child.lines.length > 0, 'the acknowledgment');
      const exit = await child.endInput(5000);
      assert.deepEqual(exit, { code: 0, signal: null });
      const messages = child.lines.map((line) => JSON.parse(line) as Record<string, unknown>);
      assert.deepEqual(
        messages.map((m) => m.method ?? `result ${String(m.id)}`),
        ['notifications/subscriptions/acknowledged', 'result l'],
      );
      assert.equal((messages[1]?.result as { _meta: Record<string, unknown> })._meta[SUBSCRIPTION_ID], 'l');
    } finally {
      child.kill();
    }
  });

  it('re-sends the subscriptions to a restarted server', async () => {
    const first = await start();
    const subscription = await first.session.listen({ toolsListChanged: true });
    const interrupted = next(subscription, 'interrupted');
    assert.ok(first.transport.pid);
    process.kill(first.transport.pid, 'SIGKILL');
    assert.match((await interrupted).message, /SIGKILL/);
    assert.equal(subscription.state, 'interrupted');

    const second = await start();
    try {
      const reestablished = next(subscription, 'reestablished');
      assert.deepEqual(await second.session.resumeSubscriptions(first.session), [subscription]);
      assert.deepEqual(await reestablished, { toolsListChanged: true });
      const heard = next(subscription, 'toolsListChanged');
      await second.session.callTool({ name: 'add-tool', arguments: { name: 'after-restart' } });
      await heard;
    } finally {
      await within(second.session.close(), 15_000, 'close');
    }
    assert.deepEqual(await subscription.ended, { reason: 'closed' });
  });
});
