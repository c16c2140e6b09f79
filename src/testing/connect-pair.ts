/**
 * A server and a client connected in memory: the first line of most tests of a server, and of
 * a client against a real server.
 * @module
 */
import { Client, type ClientOptions, type ClientSession, type ConnectOptions } from '../client/index.js';
import type { Implementation } from '../protocol/handshake.js';
import type { Server, ServerSession } from '../server/index.js';
import { createInMemoryPair } from '../transports/in-memory.js';
import { recordWire, type WireRecording } from './record-wire.js';

/** The client's info when none is given. */
const DEFAULT_INFO: Implementation = { name: 'test-client', version: '1.0.0' };

/** Options of {@link connectPair}: how the client connects, as `Client.connect` takes them, and which client. */
export interface ConnectPairOptions extends ConnectOptions {
  /**
   * The client that connects: a `Client` (its handlers, roots and options in play), or the info
   * and options to make one. Default: a new client named `test-client`, version `1.0.0`.
   */
  client?:
    | Client
    | {
        /** Who the client says it is. Default `test-client`, version `1.0.0`. */
        info?: Implementation;
        /** The client's options, as `new Client` takes them. */
        options?: ClientOptions;
      };
}

/** Two connected sessions, from {@link connectPair}. */
export interface ConnectedPair {
  /** The client's session. */
  readonly client: ClientSession;
  /** The server's session with that client. */
  readonly server: ServerSession;
  /** What crossed between them, recorded at the client's end: `wire.sent` is what the client sent. */
  readonly wire: WireRecording;
  /** Closes both sessions. */
  close(): Promise<void>;
}

/**
 * Connects a client to `server` over an in-memory pair and resolves once the client's session
 * is open, with both sessions and a record of what crossed. The client probes the modern
 * revision and falls back to the handshake, as `Client.connect` does, unless told
 * `protocolVersion` or `era`. A failed connect rejects as `Client.connect` does, having closed
 * the pair.
 *
 * ```ts
 * const server = new Server({ name: 'demo', version: '1' });
 * server.tool('hello', {}, () => ({ content: [{ type: 'text', text: 'hi' }] }));
 * const pair = await connectPair(server, { protocolVersion: '2025-11-25' });
 * assert.equal((await pair.client.callTool({ name: 'hello' })).content[0]?.type, 'text');
 * assert.deepEqual(pair.wire.methods('sent'), ['initialize', 'notifications/initialized', 'tools/call']);
 * await pair.close();
 * ```
 */
export async function connectPair(server: Server, options: ConnectPairOptions = {}): Promise<ConnectedPair> {
  const { client: given, ...connect } = options;
  const client = given instanceof Client ? given : new Client(given?.info ?? DEFAULT_INFO, given?.options);
  const [serverEnd, clientEnd] = createInMemoryPair();
  const wire = recordWire(clientEnd);
  const serverSession = await server.connect(serverEnd);
  const clientSession = await client.connect(clientEnd, connect);
  return {
    client: clientSession,
    server: serverSession,
    wire,
    close: async () => {
      await clientSession.close();
      await serverSession.close();
    },
  };
}
