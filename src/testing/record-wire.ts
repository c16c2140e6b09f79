/**
 * A recorder of what crosses a transport, both ways, for tests that check the JSON-RPC messages
 * exchanged rather than only what the API returned.
 * @module
 */
import type { JsonRpcErrorObject, RequestId } from '../jsonrpc/message.js';
import { tapTransport } from '../jsonrpc/tap.js';
import type { Transport } from '../jsonrpc/transport.js';

/**
 * A JSON-RPC message as recorded. Every member is optional, so a test reads any of them without
 * first telling a request from a response.
 */
export interface WireMessage {
  jsonrpc?: '2.0';
  /** A request's or response's id. */
  id?: RequestId | null;
  /** A request's or notification's method. */
  method?: string;
  /** A request's or notification's params. */
  params?: Record<string, unknown>;
  /** A success's result. */
  result?: Record<string, unknown>;
  /** An error response's error. */
  error?: JsonRpcErrorObject;
}

/** Which way a message went, seen from the recorded transport. */
export type WireDirection = 'sent' | 'received';

/** One message that crossed the recorded transport. */
export interface WireEntry {
  /** Which way it went. */
  readonly direction: WireDirection;
  /** The message, as sent or received. */
  readonly message: WireMessage;
}

/** What {@link recordWire} returns: arrays that grow as messages cross. */
export interface WireRecording {
  /** Every message, both ways, in the order it crossed. */
  readonly entries: readonly WireEntry[];
  /** What the transport sent, in order. */
  readonly sent: readonly WireMessage[];
  /** What the transport received, in order. */
  readonly received: readonly WireMessage[];
  /** The methods of the requests and notifications that went `direction`, in order. */
  methods(direction: WireDirection): string[];
}

/**
 * Records what crosses `transport` from now on: each message handed to its `send`, and each it
 * delivers. A batch counts as its messages, in order. Each is recorded as JSON carries it (a
 * copy, without `undefined` members); a peer's malformed value is recorded as it came.
 *
 * The transport is tapped in place, so it keeps its type and whatever else it offers. Record it
 * before it starts (before `connect`), or what it delivers is missed.
 *
 * ```ts
 * const [serverEnd, clientEnd] = createInMemoryPair();
 * const wire = recordWire(clientEnd);
 * await server.connect(serverEnd);
 * const session = await new Client({ name: 'test', version: '1' }).connect(clientEnd);
 * assert.deepEqual(wire.methods('sent'), ['server/discover']);
 * ```
 */
export function recordWire(transport: Transport): WireRecording {
  const entries: WireEntry[] = [];
  const sent: WireMessage[] = [];
  const received: WireMessage[] = [];
  const record = (direction: WireDirection, value: unknown): void => {
    for (const message of Array.isArray(value) ? value : [value]) {
      const copy = asCarried(message) as WireMessage;
      entries.push({ direction, message: copy });
      (direction === 'sent' ? sent : received).push(copy);
    }
  };
  tapTransport(transport, record);
  return {
    entries,
    sent,
    received,
    methods: (direction) =>
      (direction === 'sent' ? sent : received).flatMap((m) => (typeof m.method === 'string' ? [m.method] : [])),
  };
}

/** `value` as JSON carries it; as it is when JSON cannot write it. */
function asCarried(value: unknown): unknown {
  try {
    const text = JSON.stringify(value);
    return text === undefined ? value : JSON.parse(text);
  } catch {
    return value;
  }
}
