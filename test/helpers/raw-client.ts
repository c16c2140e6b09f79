// A client written as raw JSON-RPC over a scripted transport: the test sees and answers every
// message itself, so it can check exactly what the server puts on the wire.
import type { Server } from '../../src/server/index.js';
import { ScriptedTransport } from './scripted-transport.js';

export interface WireMessage {
  jsonrpc: '2.0';
  id?: string | number | null;
  method?: string;
  params?: Record<string, unknown>;
  result?: Record<string, unknown>;
  error?: { code: number; message: string; data?: unknown };
}

export class RawClient {
  readonly wire = new ScriptedTransport();
  readonly #taken = new Set<number>();
  #nextId = 1;

  /** A raw client on `server` that has sent nothing yet: no handshake, as a modern client starts. */
  static async attach(server: Server): Promise<RawClient> {
    const client = new RawClient();
    await server.connect(client.wire);
    return client;
  }

  /** A raw client on `server` that has completed the legacy handshake in `protocolVersion`. */
  static async connect(
    server: Server,
    protocolVersion = '2025-11-25',
    capabilities: Record<string, unknown> = {},
  ): Promise<RawClient> {
    const client = await RawClient.attach(server);
    const reply = await client.request('initialize', {
      protocolVersion,
      capabilities,
      clientInfo: { name: 'raw', version: '1' },
    });
    if (reply.error) throw new Error(`initialize failed: ${reply.error.message}`);
    client.wire.receive({ jsonrpc: '2.0', method: 'notifications/initialized' });
    return client;
  }

  /** Sends a request and returns its response, collecting whatever came before it. */
  async request(method: string, params?: Record<string, unknown>): Promise<WireMessage> {
    const id = `r${this.#nextId++}`;
    this.wire.receive(params === undefined ? { jsonrpc: '2.0', id, method } : { jsonrpc: '2.0', id, method, params });
    return this.next((m) => m.id === id && m.method === undefined);
  }

  /** Starts a request without waiting; its response comes through `next`. */
  send(message: Record<string, unknown>): void {
    this.wire.receive({ jsonrpc: '2.0', ...message });
  }

  /** The first message from the server not taken yet that matches; it is then taken. */
  async next(match: (m: WireMessage) => boolean = () => true): Promise<WireMessage> {
    let scanned = 0;
    for (;;) {
      for (; scanned < this.wire.sent.length; scanned++) {
        if (this.#taken.has(scanned)) continue;
        const message = this.wire.sent[scanned] as WireMessage;
        if (match(message)) {
          this.#taken.add(scanned);
          return message;
        }
      }
      await this.wire.waitForSent(scanned + 1);
    }
  }

  /** Messages not taken yet that match, without taking them. */
  pending(match: (m: WireMessage) => boolean = () => true): WireMessage[] {
    return (this.wire.sent as WireMessage[]).filter((m, i) => !this.#taken.has(i) && match(m));
  }

  /** Everything the server sent so far. */
  get all(): WireMessage[] {
    return this.wire.sent as WireMessage[];
  }
}
