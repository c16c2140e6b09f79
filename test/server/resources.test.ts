// Resources on the wire: static and template reads, text and binary contents, not-found errors
// per revision, handler failures, and subscriptions reaching only the sessions that asked.
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { Server, type ServerContext, type ServerOptions } from '../../src/server/index.js';
import type { FeatureHost } from '../../src/server/feature.js';
import { ResourceRegistry, resourceNotFound } from '../../src/server/resources.js';
import { blobContents, textContents } from '../../src/server/resource-contents.js';
import { McpError } from '../../src/protocol/errors.js';
import { JsonRpcError } from '../../src/jsonrpc/errors.js';
import type { ReadResourceResult } from '../../src/types/resources.js';
import type { ClientSession } from '../../src/client/client-session.js';
import { connectPair } from '../../src/testing/index.js';
import { RawClient } from '../helpers/raw-client.js';

/** A server with the resources feature plugged in; list changes go straight to every session. */
function setup(options: ServerOptions = {}) {
  const errors: Error[] = [];
  const server = new Server({ name: 's', version: '1' }, { onError: (e) => errors.push(e), ...options });
  const host: FeatureHost = {
    pageSize: options.pageSize ?? Infinity,
    listChanged: (kind) => {
      for (const s of server.sessions) s.notify(`notifications/${kind}/list_changed`).catch(() => {});
    },
  };
  const resources = server.addFeature(new ResourceRegistry(host));
  return { server, resources, errors };
}

/** `resources/read` as the client sees it (never an input-required result here). */
const read = async (session: ClientSession, uri: string) =>
  (await session.request('resources/read', { uri })) as ReadResourceResult;
/** The text of the first contents of a read. */
const text = async (session: ClientSession, uri: string) => {
  const first = (await read(session, uri)).contents[0];
  return first && 'text' in first ? first.text : undefined;
};

const rejectsWith = (code: number, data?: unknown, message?: RegExp) => (e: unknown) =>
  e instanceof JsonRpcError &&
  e.code === code &&
  (data === undefined || assert.deepEqual(e.data, data) === undefined) &&
  (message === undefined || message.test(e.message));

describe('resources/read', () => {
  it('reads static text and binary resources', async () => {
    const { server, resources } = setup();
    resources.add('memo://readme', { name: 'readme', mimeType: 'text/markdown' }, () => '# Hello');
    resources.add('memo://logo', { name: 'logo', mimeType: 'image/png' }, () => new Uint8Array([0, 1, 2, 250, 255]));
    resources.add('memo://both', { name: 'both' }, (uri) => ({
      contents: [
        textContents(uri, 'text part', 'text/plain'),
        blobContents(`${uri}/bin`, new Uint8Array([104, 105]), 'application/octet-stream'),
      ],
    }));
    const { client: session } = await connectPair(server, { protocolVersion: '2025-11-25' });
    assert.deepEqual(await read(session, 'memo://readme'), {
      contents: [{ uri: 'memo://readme', mimeType: 'text/markdown', text: '# Hello' }],
    });
    assert.deepEqual(await read(session, 'memo://logo'), {
      contents: [{ uri: 'memo://logo', mimeType: 'image/png', blob: 'AAEC+v8=' }],
    });
    assert.deepEqual((await read(session, 'memo://both')).contents, [
      { uri: 'memo://both', mimeType: 'text/plain', text: 'text part' },
      { uri: 'memo://both/bin', mimeType: 'application/octet-stream', blob: 'aGk=' },
    ]);
  });

  it('fills in the URI and MIME type that contents leave out', async () => {
    const { server, resources } = setup();
    resources.add('memo://a', { name: 'a', mimeType: 'text/plain' }, () => ({
      contents: [{ text: 'x' }, { uri: 'memo://other', text: 'y' }],
    }));
    const { client: session } = await connectPair(server, { protocolVersion: '2025-11-25' });
    assert.deepEqual((await read(session, 'memo://a')).contents, [
      { uri: 'memo://a', mimeType: 'text/plain', text: 'x' },
      { uri: 'memo://other', text: 'y' },
    ]);
  });

  it('reads through templates with the variables of the URI, static resources first', async () => {
    const { server, resources } = setup();
    const seen: unknown[] = [];
    resources.addTemplate(
      'users://{id}/profile',
      { name: 'profile', mimeType: 'application/json' },
      (uri, variables) => {
        seen.push(variables);
        return JSON.stringify({ id: variables.id });
      },
    );
    resources.addTemplate(
      'users://{id}/{+rest}',
      { name: 'anything' },
      (_uri, variables) => `rest=${String(variables.rest)}`,
    );
    resources.add('users://admin/profile', { name: 'admin' }, () => 'the static one');
    const { client: session } = await connectPair(server, { protocolVersion: '2025-11-25' });
    assert.deepEqual(await read(session, 'users://ann%20b/profile'), {
      contents: [{ uri: 'users://ann%20b/profile', mimeType: 'application/json', text: '{"id":"ann b"}' }],
    });
    assert.deepEqual(seen, [{ id: 'ann b' }]);
    assert.equal(await text(session, 'users://admin/profile'), 'the static one');
    // The first template registered wins; the second takes what the first does not match.
    assert.equal(await text(session, 'users://x/a/b'), 'rest=a/b');
  });

  for (const version of ['2024-11-05', '2025-06-18', '2025-11-25'] as const) {
    it(`answers an unknown resource with -32002 and the URI in data (${version})`, async () => {
      const { server, resources } = setup();
      resources.add('memo://a', { name: 'a' }, () => 'a');
      resources.addTemplate('files://{name}', { name: 'files' }, () => undefined);
      const { client: session } = await connectPair(server, { protocolVersion: version });
      for (const uri of ['memo://missing', 'files://absent']) {
        await assert.rejects(
          session.request('resources/read', { uri }),
          rejectsWith(-32002, { uri }, /Resource not found/),
        );
      }
    });
  }

  it('answers an unknown resource with -32602 and the URI in data in 2026-07-28', async () => {
    const { resources } = setup();
    const ctx = { protocolVersion: '2026-07-28' } as ServerContext;
    await assert.rejects(resources.read('memo://missing', ctx), rejectsWith(-32602, { uri: 'memo://missing' }));
    assert.equal(resourceNotFound('x:y', '2025-03-26').code, -32002);
  });

  it('drops contents members the revision lacks (_meta before 2025-06-18)', async () => {
    const { server, resources } = setup();
    resources.add('memo://m', { name: 'm' }, (uri) => ({ contents: [{ uri, text: 't', _meta: { k: 1 } }] }));
    const { client: old } = await connectPair(server, { protocolVersion: '2025-03-26' });
    assert.deepEqual((await read(old, 'memo://m')).contents, [{ uri: 'memo://m', text: 't' }]);
    const { client: current } = await connectPair(server, { protocolVersion: '2025-06-18' });
    assert.deepEqual((await read(current, 'memo://m')).contents, [{ uri: 'memo://m', text: 't', _meta: { k: 1 } }]);
  });

  it('passes an McpError through, hides any other failure behind -32603, and keeps serving', async () => {
    const { server, resources, errors } = setup();
    resources.add('memo://secret', { name: 'secret' }, () => {
      throw new Error('database password is hunter2');
    });
    resources.add('memo://denied', { name: 'denied' }, () => {
      throw new McpError(-32001, 'Access denied', { reason: 'policy' });
    });
    resources.add('memo://broken', { name: 'broken' }, () => ({ contents: [{ uri: 'memo://broken' } as never] }));
    resources.add('memo://ok', { name: 'ok' }, () => 'fine');
    const { client: session } = await connectPair(server, { protocolVersion: '2025-11-25' });
    await assert.rejects(
      session.request('resources/read', { uri: 'memo://secret' }),
      (e: unknown) => e instanceof JsonRpcError && e.code === -32603 && !/hunter2/.test(e.message),
    );
    await assert.rejects(
      session.request('resources/read', { uri: 'memo://denied' }),
      rejectsWith(-32001, { reason: 'policy' }, /Access denied/),
    );
    await assert.rejects(session.request('resources/read', { uri: 'memo://broken' }), rejectsWith(-32603));
    assert.equal(await text(session, 'memo://ok'), 'fine');
    assert.match(errors.map((e) => e.message).join('\n'), /hunter2/, 'the real error is reported locally');
  });

  it('rejects bad registrations with clear errors', () => {
    const { resources } = setup();
    assert.throws(() => resources.add('relative/path', { name: 'x' }, () => 'x'), /must start with a scheme/);
    resources.add('memo://a', { name: 'a' }, () => 'a');
    assert.throws(() => resources.add('memo://a', { name: 'again' }, () => 'a'), /already registered/);
    assert.throws(() => resources.addTemplate('files://{name', { name: 'f' }, () => 'x'), /unclosed "\{"/);
    assert.throws(
      // @ts-expect-error the type knows the template's variables too; a JavaScript caller gets the error
      () => resources.addTemplate('files://{name}', { name: 'f', complete: { nmae: () => [] } }, () => 'x'),
      /no variable "nmae"/,
    );
  });
});

describe('resource subscriptions', () => {
  it('declares subscribe and listChanged once anything is registered', async () => {
    const empty = setup();
    assert.deepEqual((await connectPair(empty.server, { protocolVersion: '2025-11-25' })).client.serverCapabilities, {
      logging: {},
    });
    const { server, resources } = setup();
    resources.addTemplate('files://{name}', { name: 'files' }, () => 'x');
    assert.deepEqual(
      (await connectPair(server, { protocolVersion: '2025-11-25' })).client.serverCapabilities.resources,
      { subscribe: true, listChanged: true },
    );
  });

  it('sends updates only to the sessions subscribed to the URI, until they unsubscribe', async () => {
    const { server, resources } = setup();
    resources.add('memo://a', { name: 'a' }, () => 'a');
    const alice = await RawClient.connect(server);
    const bob = await RawClient.connect(server, '2024-11-05');
    const updates = (client: RawClient) =>
      client.pending((m) => m.method === 'notifications/resources/updated').map((m) => m.params?.uri);

    assert.deepEqual((await alice.request('resources/subscribe', { uri: 'memo://a' })).result, {});
    // Subscribing to a URI the server does not list is allowed: it may appear, or be a part of one.
    assert.deepEqual((await bob.request('resources/subscribe', { uri: 'memo://later' })).result, {});
    await server.resourceUpdated('memo://a');
    await server.resourceUpdated('memo://later');
    await server.resourceUpdated('memo://nobody');
    assert.deepEqual(updates(alice), ['memo://a']);
    assert.deepEqual(updates(bob), ['memo://later']);

    assert.deepEqual((await alice.request('resources/unsubscribe', { uri: 'memo://a' })).result, {});
    assert.deepEqual((await alice.request('resources/unsubscribe', { uri: 'memo://never' })).result, {});
    await server.resourceUpdated('memo://a');
    assert.deepEqual(updates(alice), ['memo://a']);
  });

  it('rejects a subscription to something that is not an absolute URI', async () => {
    const { server, resources } = setup();
    resources.add('memo://a', { name: 'a' }, () => 'a');
    const client = await RawClient.connect(server);
    const reply = await client.request('resources/subscribe', { uri: 'not a uri' });
    assert.equal(reply.error?.code, -32602);
    assert.deepEqual(reply.error?.data, { uri: 'not a uri' });
  });
});
