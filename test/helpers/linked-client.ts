// Shared setup of the client tests: a real Server and Client linked in memory, a fake server for
// the features not built on the server side here (resources, prompts, completion, tasks), and a
// tap on what the client puts on the wire.
import {
  Client,
  type ClientOptions,
  type ClientSession,
  type ClientSessionEvent,
  type ClientSessionEventMap,
} from '../../src/client/index.js';
import { invalidParams } from '../../src/protocol/errors.js';
import type { LegacyVersion } from '../../src/protocol/versions.js';
import { Server, type ServerContext, type ServerOptions, type ServerSession } from '../../src/server/index.js';
import { createInMemoryPair } from '../../src/testing/index.js';
import type { CallToolResult } from '../../src/types/tools.js';

export const clientInfo = { name: 'test-client', version: '1.0.0' };

export interface Linked {
  session: ClientSession;
  serverSession: ServerSession;
  /** Every message the client sent, in order. */
  sent: Record<string, unknown>[];
}

/** Connects `client` to `server` over an in-memory pair, recording what the client sends. */
export async function link(server: Server, client: Client, protocolVersion?: LegacyVersion): Promise<Linked> {
  const [serverEnd, clientEnd] = createInMemoryPair();
  const sent: Record<string, unknown>[] = [];
  const send = clientEnd.send.bind(clientEnd);
  clientEnd.send = (message) => {
    sent.push(...((Array.isArray(message) ? message : [message]) as unknown as Record<string, unknown>[]));
    return send(message);
  };
  const serverSession = await server.connect(serverEnd);
  // The handshake unless asked otherwise: these tests are about what a session of it can do.
  const session = await client.connect(clientEnd, { protocolVersion: protocolVersion ?? '2025-11-25' });
  return { session, serverSession, sent };
}

/** A server with one tool, `run`, whose result text is the JSON of what `body` returns, or of the error it throws. */
export function serverRunning(
  body: (ctx: ServerContext, args: Record<string, unknown>) => unknown,
  options?: ServerOptions,
): Server {
  const server = new Server({ name: 'server', version: '1' }, options);
  server.tool('run', {}, async (args, ctx): Promise<CallToolResult> => {
    try {
      return json(await body(ctx, args));
    } catch (error) {
      const { code, message } = error as { code?: number; message: string };
      return json({ error: { code, message } });
    }
  });
  return server;
}

/** Connects a client with `options` to a `serverRunning(body)` server. */
export async function linkRunning(
  body: (ctx: ServerContext, args: Record<string, unknown>) => unknown,
  options: ClientOptions = {},
  protocolVersion?: LegacyVersion,
) {
  const client = new Client(clientInfo, options);
  return { client, ...(await link(serverRunning(body), client, protocolVersion)) };
}

/** Calls `run` and parses its JSON. */
export async function run(session: ClientSession, args: Record<string, unknown> = {}): Promise<unknown> {
  return JSON.parse(textOf(await session.callTool({ name: 'run', arguments: args })));
}

export function json(value: unknown): CallToolResult {
  return { content: [{ type: 'text', text: JSON.stringify(value ?? null) }] };
}

export function textOf(result: CallToolResult): string {
  const block = result.content[0];
  return block?.type === 'text' ? block.text : '';
}

/** Resolves with the next `event` the session delivers. */
export function nextEvent<E extends ClientSessionEvent>(
  session: ClientSession,
  event: E,
): Promise<ClientSessionEventMap[E]> {
  return new Promise((resolve) => {
    const off = session.on(event, (payload) => {
      off();
      resolve(payload);
    });
  });
}

/** Pages of `size` items; the cursor is the index of the next item. */
export function pageOf<T>(items: T[], cursor: unknown, size: number): { items: T[]; nextCursor?: string } {
  const start = cursor === undefined ? 0 : Number(cursor);
  if (!Number.isInteger(start) || start < 0 || start > items.length)
    throw invalidParams(`Invalid cursor: ${String(cursor)}`);
  const end = start + size;
  return end < items.length
    ? { items: items.slice(start, end), nextCursor: String(end) }
    : { items: items.slice(start) };
}

export const RESOURCES = ['a', 'b', 'c', 'd', 'e'].map((n) => ({
  uri: `file:///data/${n}.txt`,
  name: `${n}.txt`,
  mimeType: 'text/plain',
}));
export const TEMPLATES = [1, 2, 3].map((n) => ({ uriTemplate: `file:///logs/{day}/${n}`, name: `log-${n}` }));
export const PROMPTS = ['greet', 'summarize', 'translate'].map((name) => ({
  name,
  arguments: [{ name: 'topic', required: true }],
}));

/**
 * A server offering resources (subscribable), templates, prompts and completion through a
 * feature of its own, each list in pages of two. `requests` records every method served.
 */
export function fakeServer(options: ServerOptions = {}) {
  const server = new Server({ name: 'fake', version: '1' }, options);
  const requests: { method: string; params: Record<string, unknown> }[] = [];
  const seen = (method: string, params: Record<string, unknown>) => requests.push({ method, params });
  server.addFeature({
    handlers: {
      'resources/list': (params) => {
        seen('resources/list', params);
        const page = pageOf(RESOURCES, params.cursor, 2);
        return { resources: page.items, ...(page.nextCursor && { nextCursor: page.nextCursor }) };
      },
      'resources/templates/list': (params) => {
        seen('resources/templates/list', params);
        const page = pageOf(TEMPLATES, params.cursor, 2);
        return { resourceTemplates: page.items, ...(page.nextCursor && { nextCursor: page.nextCursor }) };
      },
      'resources/read': (params) => {
        seen('resources/read', params);
        return {
          contents: [{ uri: params.uri as string, mimeType: 'text/plain', text: `contents of ${String(params.uri)}` }],
        };
      },
      'resources/subscribe': (params, ctx) => {
        seen('resources/subscribe', params);
        ctx.session.subscriptions.add(params.uri as string);
        return {};
      },
      'resources/unsubscribe': (params, ctx) => {
        seen('resources/unsubscribe', params);
        ctx.session.subscriptions.delete(params.uri as string);
        return {};
      },
      'prompts/list': (params) => {
        seen('prompts/list', params);
        const page = pageOf(PROMPTS, params.cursor, 2);
        return { prompts: page.items, ...(page.nextCursor && { nextCursor: page.nextCursor }) };
      },
      'prompts/get': (params) => {
        seen('prompts/get', params);
        const topic = (params.arguments as Record<string, string> | undefined)?.topic ?? '';
        return {
          description: `${String(params.name)} prompt`,
          messages: [{ role: 'user', content: { type: 'text', text: `${String(params.name)}: ${topic}` } }],
        };
      },
      'completion/complete': (params) => {
        seen('completion/complete', params);
        const value = (params.argument as { value: string }).value;
        const values = ['python', 'pytorch', 'rust'].filter((v) => v.startsWith(value));
        return { completion: { values, total: values.length, hasMore: false } };
      },
    },
    capabilities: () => ({
      resources: { subscribe: true, listChanged: true },
      prompts: { listChanged: true },
      completions: {},
    }),
  });
  return { server, requests };
}
