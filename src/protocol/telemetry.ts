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
  /** The method sent or handled. */
  readonly method: string;
  /** Its params. */
  readonly params: Record<string, unknown> | undefined;
  /**
   * A request's id; absent for a notification. A request this side sends gets its id once
   * `outbound` has taken it (before `run`), so one that telemetry declines costs no id.
   */
  id: RequestId | undefined;
}

/**
 * What records one operation: `run` calls the work (sending it, or handling it) in the
 * operation's trace context and records how it ended: a value, a promise of one, or a throw.
 */
export interface Recording {
  /** The params to send instead of the operation's: trace context added to `_meta`. Outbound only. */
  readonly params: Record<string, unknown> | undefined;
  /** Runs `work` in the operation's trace context and records how it ended; returns what it returns. */
  run<T>(work: () => T): T;
}

/** Attribute values as OpenTelemetry takes them. */
export type ActivityAttributes = Record<string, string | number | boolean | string[]>;

/**
 * Something a host does around MCP that telemetry may record: a turn of its agent loop
 * (`invoke_agent`), a call to its model (`chat`), a tool call the model asked for
 * (`execute_tool`). Named by OpenTelemetry's conventions for generative AI.
 */
export interface Activity {
  /** Which of the three it is: a turn of the agent loop, a model call, or a tool call. */
  readonly operation: 'invoke_agent' | 'chat' | 'execute_tool';
  /** What the span's name adds to the operation: the model of a `chat`, the tool of an `execute_tool`. */
  readonly target?: string;
  /** What is known at the start, under the conventions' names (`gen_ai.request.model`, ...). */
  readonly attributes: ActivityAttributes;
}

/** An activity being recorded; whoever started it ends it. */
export interface ActivityRecording {
  /** Calls `work` in the activity's trace context: what `work` does is recorded as its children. */
  run<T>(work: () => T): T;
  /**
   * Ends it, with what was learned on the way (`gen_ai.usage.input_tokens`, ...); `error`
   * when it failed. An `error.type` attribute marks it failed without an error to show.
   */
  end(outcome?: { error?: unknown; attributes?: ActivityAttributes }): void;
}

/** What a session offers its messages to. Each method may decline (`undefined`): nothing is recorded. */
export interface Telemetry {
  /** Something a host does around MCP, inside `parent` (else the current context). */
  activity?(activity: Activity, parent: ActivityRecording | undefined): ActivityRecording | undefined;
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
 * `mcpkit/otel`'s `instrument()`, read on each message (through `installedTelemetry()`) so that
 * it applies to sessions made before it was set.
 */
let installed: Telemetry | undefined;

/** Sets (or, with `undefined`, removes) the telemetry of every client and server that has none of its own. */
export function installTelemetry(telemetry: Telemetry | undefined): void {
  installed = telemetry;
}

/** What `installTelemetry` set, if anything. */
export function installedTelemetry(): Telemetry | undefined {
  return installed;
}
