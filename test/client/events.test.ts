// What the server announces on its own, delivered as typed events of the ClientSession.
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { Client } from '../../src/client/index.js';
import { JsonRpcError } from '../../src/jsonrpc/errors.js';
import { UrlElicitationRequiredError } from '../../src/protocol/errors.js';
import { Server } from '../../src/server/index.js';
import type { LoggingMessageNotificationParams } from '../../src/types/logging.js';
import { clientInfo, fakeServer, link, linkRunning, nextEvent, run } from '../helpers/linked-client.js';

describe('list changes', () => {
  it('toolsListChanged fires when the server registers a tool at runtime', async () => {
    const server = new Server({ name: 's', version: '1' });
    server.tool('first', {}, () => ({ content: [] }));
    const { session } = await link(server, new Client(clientInfo));
    const changed = nextEvent(session, 'toolsListChanged');
    server.tool('second', {}, () => ({ content: [] }));
    await changed;
    assert.deepEqual(
      (await session.listTools()).tools.map((t) => t.name),
      ['first', 'second'],
    );
    await session.close();
  });

  it('resourcesListChanged and promptsListChanged fire on their notifications', async () => {
    const { server } = fakeServer();
    const { session, serverSession } = await link(server, new Client(clientInfo));
    const seen: string[] = [];
    session.on('resourcesListChanged', () => seen.push('resources'));
    session.on('promptsListChanged', () => seen.push('prompts'));
    const prompts = nextEvent(session, 'promptsListChanged');
    await serverSession.notify('notifications/resources/list_changed');
    await serverSession.notify('notifications/prompts/list_changed');
    await prompts;
    assert.deepEqual(seen, ['resources', 'prompts']);
    await session.close();
  });

  it('the function on() returns stops the listener; each session has its own listeners', async () => {
    const server = new Server({ name: 's', version: '1' });
    server.tool('first', {}, () => ({ content: [] }));
    const client = new Client(clientInfo);
    const one = await link(server, client);
    const two = await link(server, client);
    let calls = 0;
    const off = one.session.on('toolsListChanged', () => calls++);
    let otherCalls = 0;
    two.session.on('toolsListChanged', () => otherCalls++);
    server.tool('second', {}, () => ({ content: [] }));
    await Promise.all([nextEvent(one.session, 'toolsListChanged'), nextEvent(two.session, 'toolsListChanged')]);
    off();
    off();
    server.tool('third', {}, () => ({ content: [] }));
    await nextEvent(one.session, 'toolsListChanged');
    assert.equal(calls, 1);
    assert.equal(otherCalls, 2);
    await Promise.all([one.session.close(), two.session.close()]);
  });

  it('a listener that throws is reported to onError and does not stop the others', async () => {
    const server = new Server({ name: 's', version: '1' });
    server.tool('first', {}, () => ({ content: [] }));
    const errors: Error[] = [];
    const { session } = await link(server, new Client(clientInfo, { onError: (e) => errors.push(e) }));
    session.on('toolsListChanged', () => {
      throw new Error('listener bug');
    });
    const delivered = nextEvent(session, 'toolsListChanged');
    server.tool('second', {}, () => ({ content: [] }));
    await delivered;
    assert.deepEqual(
      errors.map((e) => e.message),
      ['listener bug'],
    );
    await session.close();
  });
});

describe('resourceUpdated', () => {
  it('fires for a subscribed resource until unsubscribed', async () => {
    const { server } = fakeServer();
    const { session } = await link(server, new Client(clientInfo));
    const uris: string[] = [];
    session.on('resourceUpdated', ({ uri }) => uris.push(uri));
    await session.subscribeResource({ uri: 'file:///data/a.txt' });
    const updated = nextEvent(session, 'resourceUpdated');
    await server.resourceUpdated('file:///data/a.txt');
    assert.deepEqual(await updated, { uri: 'file:///data/a.txt' });
    await session.unsubscribeResource({ uri: 'file:///data/a.txt' });
    await server.resourceUpdated('file:///data/a.txt');
    await session.ping();
    assert.deepEqual(uris, ['file:///data/a.txt']);
    await session.close();
  });
});

describe('log', () => {
  it('delivers the messages at or above the level the client set', async () => {
    const { session } = await linkRunning(async (ctx) => {
      await ctx.log('debug', 'too detailed');
      await ctx.log('info', { step: 1 }, 'worker');
      await ctx.log('error', 'it broke');
    });
    const logs: LoggingMessageNotificationParams[] = [];
    session.on('log', (message) => logs.push(message));
    await run(session);
    assert.deepEqual(logs, [], 'nothing before setLoggingLevel');
    await session.setLoggingLevel({ level: 'info' });
    await run(session);
    assert.deepEqual(logs, [
      { level: 'info', data: { step: 1 }, logger: 'worker' },
      { level: 'error', data: 'it broke' },
    ]);
    await session.close();
  });
});

describe('elicitationComplete (2025-11-25)', () => {
  const complete = (id: string) => ({ elicitationId: id });

  it('fires once for a URL elicitation the user accepted, and ignores unknown or finished ones', async () => {
    const { session } = await linkRunning(
      async (ctx) => {
        const answer = await ctx.elicit({
          mode: 'url',
          message: 'Sign in',
          url: 'https://example.com/login',
          elicitationId: 'e1',
        });
        for (const id of ['unknown', 'e1', 'e1'])
          await ctx.session.notify('notifications/elicitation/complete', complete(id));
        return answer;
      },
      { elicitation: { url: () => ({ action: 'accept' }) } },
    );
    const ids: string[] = [];
    session.on('elicitationComplete', ({ elicitationId }) => ids.push(elicitationId));
    assert.deepEqual(await run(session), { action: 'accept' });
    assert.deepEqual(ids, ['e1']);
    await session.close();
  });

  it('ignores the completion of a URL elicitation the user declined', async () => {
    const { session } = await linkRunning(
      async (ctx) => {
        await ctx.elicit({ mode: 'url', message: 'Sign in', url: 'https://example.com/login', elicitationId: 'e1' });
        await ctx.session.notify('notifications/elicitation/complete', complete('e1'));
      },
      { elicitation: { url: () => ({ action: 'decline' }) } },
    );
    const ids: string[] = [];
    session.on('elicitationComplete', ({ elicitationId }) => ids.push(elicitationId));
    await run(session);
    assert.deepEqual(ids, []);
    await session.close();
  });

  it('fires for an elicitation a -32042 error asked for', async () => {
    const server = new Server({ name: 's', version: '1' });
    server.tool('needs-auth', {}, () => {
      throw new UrlElicitationRequiredError([
        { mode: 'url', url: 'https://example.com/connect', message: 'Connect your account', elicitationId: 'e2' },
      ]);
    });
    const { session, serverSession } = await link(
      server,
      new Client(clientInfo, { elicitation: { url: () => ({ action: 'accept' }) } }),
    );
    await assert.rejects(
      session.callTool({ name: 'needs-auth' }),
      (e: unknown) => e instanceof JsonRpcError && e.code === -32042,
    );
    const completed = nextEvent(session, 'elicitationComplete');
    await serverSession.notify('notifications/elicitation/complete', complete('e2'));
    assert.deepEqual(await completed, { elicitationId: 'e2' });
    await session.close();
  });
});
