// A real Server answering in the modern revision with hand-written handlers (so a test
// decides each InputRequiredResult itself), a Client connected to it in memory, and a record of
// every request the server received.
import { Client, type ClientOptions, type ClientSession } from '../../src/client/index.js';
import type { RequestId } from '../../src/jsonrpc/message.js';
import { Server, type ServerContext, type ServerOptions } from '../../src/server/index.js';
import { createInMemoryPair, type InMemoryTransport } from '../../src/testing/index.js';

export const clientInfo = { name: 'multiRoundTrip-client', version: '1' };

/** A request as the server received it. */
export interface Received {
  id: RequestId;
  method: string;
  params: Record<string, unknown>;
}

export type RawHandler = (params: Record<string, unknown>, ctx: ServerContext) => unknown;

export interface Scripted {
  session: ClientSession;
  client: Client;
  /** Every request the server received after connecting (`server/discover` aside). */
  received: Received[];
  /** The received requests of one method. */
  of(method: string): Received[];
  /** The server's end of the pair: sends raw messages to the client. */
  serverEnd: InMemoryTransport;
}

/**
 * Connects a client with `options` in 2026-07-28 to a server whose `handlers` answer the given
 * methods as written (their results dressed as the server dresses every modern result).
 */
export async function scripted(
  handlers: Record<string, RawHandler>,
  options: ClientOptions = {},
  serverOptions: ServerOptions = {},
): Promise<Scripted> {
  const server = new Server({ name: 'scripted', version: '1' }, serverOptions);
  const received: Received[] = [];
  const recorded: Record<string, RawHandler> = {};
  for (const [method, handler] of Object.entries(handlers)) {
    recorded[method] = (params, ctx) => {
      received.push({ id: ctx.requestId, method, params: withoutMeta(params) });
      return handler(params, ctx);
    };
  }
  server.addFeature({
    handlers: recorded,
    capabilities: () => ({ tools: {}, prompts: {}, resources: {} }),
    rawInputRounds: true,
  });
  const [serverEnd, clientEnd] = createInMemoryPair();
  await server.connect(serverEnd);
  const client = new Client(clientInfo, options);
  const session = await client.connect(clientEnd, { protocolVersion: '2026-07-28' });
  return { session, client, received, of: (method) => received.filter((r) => r.method === method), serverEnd };
}

/** Params without the envelope the session stamps on every request. */
function withoutMeta(params: Record<string, unknown>): Record<string, unknown> {
  const { _meta, ...rest } = params;
  return rest;
}

export function text(value: string) {
  return { content: [{ type: 'text', text: value }] };
}

/** A form elicitation asking for one string field. */
export function askName(message = 'Your name?') {
  return {
    method: 'elicitation/create',
    params: {
      mode: 'form',
      message,
      requestedSchema: { type: 'object', properties: { name: { type: 'string' } }, required: ['name'] },
    },
  };
}

/** A sampling request with one user message. */
export function askModel(prompt: string) {
  return {
    method: 'sampling/createMessage',
    params: { messages: [{ role: 'user', content: { type: 'text', text: prompt } }], maxTokens: 50 },
  };
}
