// Every property a JavaScript caller can reach on the objects a user of the library holds: the
// sessions of both sides, and the contexts handlers receive. Whatever the library needs of
// them beyond this list is not a member, so nothing internal can be reached, only typed away.
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { Client } from '../../src/client/index.js';
import type { RequestContext } from '../../src/protocol/request-context.js';
import { Server, type ServerContext } from '../../src/server/index.js';
import { createInMemoryPair } from '../../src/testing/index.js';

/** The names reachable on `value`: its own and its prototypes', up to `Object.prototype`. */
function reachable(value: object): string[] {
  const names = new Set<string>();
  for (
    let o: object | null = value;
    o !== null && o !== Object.prototype;
    o = Object.getPrototypeOf(o) as object | null
  ) {
    for (const key of Reflect.ownKeys(o)) if (key !== 'constructor') names.add(String(key));
  }
  return [...names].sort();
}

const SESSION = ['close', 'closed', 'finished', 'notify', 'ping', 'protocolVersion', 'request'];
const REQUEST_CONTEXT = [
  'meta',
  'method',
  'onCancel',
  'params',
  'progress',
  'progressToken',
  'protocolVersion',
  'requestId',
  'session',
  'signal',
];

describe('the members a caller can reach', () => {
  it('on the sessions of both sides and the contexts their handlers receive', async () => {
    let serverContext: ServerContext | undefined;
    let clientContext: RequestContext | undefined;
    const server = new Server({ name: 'members', version: '1' });
    server.tool('ask', {}, async (_args, ctx) => {
      serverContext = ctx;
      await ctx.sample({ messages: [{ role: 'user', content: { type: 'text', text: 'hi' } }], maxTokens: 1 });
      return { content: [] };
    });
    const client = new Client(
      { name: 'members-client', version: '1' },
      {
        sampling: (_params, ctx) => {
          clientContext = ctx;
          return { role: 'assistant', content: { type: 'text', text: 'hello' }, model: 'm' };
        },
      },
    );
    const [serverEnd, clientEnd] = createInMemoryPair();
    const serverSession = await server.connect(serverEnd);
    const session = await client.connect(clientEnd, { protocolVersion: '2025-11-25' });
    await session.callTool({ name: 'ask', arguments: {} });

    assert.deepEqual(
      reachable(serverSession),
      [...SESSION, 'clientCapabilities', 'clientInfo', 'logLevel', 'subscribedTo', 'subscriptions'].sort(),
    );
    assert.ok(clientContext, 'the client handler ran');
    assert.deepEqual(reachable(clientContext.session), SESSION);
    assert.deepEqual(reachable(clientContext), REQUEST_CONTEXT);
    assert.ok(serverContext, 'the tool ran');
    assert.deepEqual(
      reachable(serverContext),
      [
        ...REQUEST_CONTEXT,
        'auth',
        'clientCapabilities',
        'clientInfo',
        'clientKey',
        'elicit',
        'inputRequired',
        'inputResponses',
        'listRoots',
        'log',
        'multiRoundTrip',
        'requestState',
        'sample',
        'startTask',
        'taskId',
      ].sort(),
    );
    assert.deepEqual(reachable(session), [
      ...['answerInputRequests', 'callTool', 'callToolAsTask', 'clearCache', 'close', 'closed', 'complete'],
      ...['discover', 'finished'],
      ...['getPrompt', 'instructions', 'listPrompts', 'listResourceTemplates', 'listResources', 'listTools', 'listen'],
      ...['notify', 'on', 'ping', 'prompts', 'protocolVersion', 'readResource', 'request', 'resourceTemplates'],
      ...['resources', 'resumeSubscriptions', 'serverCapabilities', 'serverInfo', 'setLoggingLevel', 'skills'],
      ...['subscribeResource', 'subscriptions', 'task', 'tools', 'unsubscribeResource'],
    ]);
    await session.close();
  });
});
