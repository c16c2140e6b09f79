/**
 * The seam telemetry plugs into: every message a session sends or handles is offered to a
 * `Telemetry`, which may record it (a span, a duration) and carry trace context in its
 * `_meta`. Nothing here knows a tracing library; `mcpkit/otel` implements it on OpenTelemetry.
 * Without one, a session pays a single check per message.
 * @module
 */
import type { RequestId } from '../jsonrpc/message.js';
import type { Transport } from '../jsonrpc/transport.js';
import type { Session } from './session.js';

/** One request or notification, as telemetry sees it. */
export interface Operation {
  /** The session that sends or handles it. */
  readonly session: Session;
  /** Its channel, which may describe itself (`NetworkDescribed`) and name a session (`SessionIdentified`). */
  readonly transport: Transport;
  /** Whether this side plays the client or the server of the session. */
  readonly role: 'client' | 'server';
  readonly method: string;
  readonly params: Record<string, unknown> | undefined;
  /** Absent for a notification. */
  readonly id: RequestId | undefined;
}

/**
 * What records one operation: `run` calls the work (sending it, or handling it) in the
 * operation's trace context and records how it ended: a value, a promise of one, or a throw.
 */
export interface Recording {
  /** The params to send instead of the operation's: trace context added to `_meta`. Outbound only. */
  readonly params: Record<string, unknown> | undefined;
  run<T>(work: () => T): T;
}

/** What a session offers its messages to. Each method may decline (`undefined`): nothing is recorded. */
export interface Telemetry {
  /** A request or notification this side sends. */
  outbound(operation: Operation): Recording | undefined;
  /** A request or notification of the peer that this side handles. */
  inbound(operation: Operation): Recording | undefined;
  /** The session's revision and peer are known (a handshake, or a modern client's probe). */
  sessionStarted?(session: Session, transport: Transport, role: 'client' | 'server'): void;
  /** The session closed; `error` says why when it was not a requested close. */
  sessionEnded?(session: Session, error: Error | undefined): void;
}

/**
 * The telemetry of every client and server that was given none of its own: set by
 * `mcpkit/otel`'s `instrument()`, read on each message so that it applies to sessions made
 * before it was set.
 */
export let installedTelemetry: Telemetry | undefined;

/** Sets (or, with `undefined`, removes) the telemetry of every client and server that has none of its own. */
export function installTelemetry(telemetry: Telemetry | undefined): void {
  installedTelemetry = telemetry;
}
