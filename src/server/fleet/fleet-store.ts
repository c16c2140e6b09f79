/**
 * What the processes of a fleet (several processes serving one MCP endpoint behind a load
 * balancer) share, so that any of them can serve any request: legacy sessions, the events of
 * their SSE streams, messages between processes, the keys and used ids of `requestState`,
 * tasks, and each process's lease on what it is doing. One {@link FleetStore} is one process's
 * handle on the shared engine:
 * `MemoryFleet` (several endpoints in one process) or `redisStore` (`mcpkit/redis`).
 * @module
 */
import type { JsonRpcMessage } from '../../jsonrpc/message.js';
import type { TaskStore } from '../../protocol/tasks/task-store.js';
import type { Implementation } from '../../types/base.js';
import type { ClientCapabilities } from '../../types/capabilities.js';
import type { LoggingLevel } from '../../types/logging.js';
import type { UsedStateStore } from '../multi-round-trip/used-states.js';

/** One process's handle on what the fleet shares. */
export interface FleetStore {
  /**
   * This process's name in the fleet, unique while it runs: ids of the requests it sends to
   * clients start with it, so an answer arriving at another process finds its way back.
   * Letters, digits, `_` and `-` only.
   */
  readonly replicaId: string;
  /** The legacy sessions of the fleet. */
  readonly sessions: SessionRecords;
  /** The sessions' event streams, for resumption from any process. */
  readonly events: SessionEvents;
  /** How the processes tell each other of changes, and route answers to the process that waits for them. */
  readonly bus: FleetBus;
  /** `requestState`s accepted anywhere in the fleet (each is accepted once). */
  readonly usedStates: UsedStateStore;
  /** Tasks, readable by every process; each task runs in the process that made it. */
  readonly tasks: TaskStore;
  /** The secrets `requestState` is sealed with, rotated, the same in every process. */
  readonly keys: RequestStateKeys;
  /** This process's lease, and the reaping of what processes whose lease lapsed left behind. */
  readonly leases: FleetLeases;
  /** Lets go of connections and subscriptions; the shared data stays. */
  close(): Promise<void>;
}

/** What the fleet keeps of one legacy (2024-11-05 .. 2025-11-25) session. */
export interface SessionRecord {
  /** The negotiated revision. */
  protocolVersion: string;
  /** Who the client said it is. */
  clientInfo?: Implementation;
  /** What the client declared. */
  clientCapabilities?: ClientCapabilities;
  /** The principal whose token opened it, when the endpoint checks tokens. */
  principal?: string;
  /** What the client asked for with `logging/setLevel`. */
  logLevel?: LoggingLevel;
  /** URIs it subscribed to with `resources/subscribe`. */
  subscriptions: string[];
}

/**
 * The legacy sessions of the fleet. A session lives while it is used: each `touch` pushes its
 * end `idleMs` away; once it passes, or `delete` ends it, nothing of it is left in the store
 * (its record, its events, its place in every index).
 */
export interface SessionRecords {
  /** Stores a new session; resolves once every process would find it. */
  create(id: string, record: SessionRecord, idleMs: number): Promise<void>;
  /** The session's record, its end pushed to `idleMs` from now; `undefined` when it ended. One round trip. */
  touch(id: string, idleMs: number): Promise<SessionRecord | undefined>;
  /** Keeps the level the client asked for with `logging/setLevel`. */
  setLogLevel(id: string, level: LoggingLevel): Promise<void>;
  /** Adds (`subscribed`) or removes a resource subscription. */
  setSubscription(id: string, uri: string, subscribed: boolean): Promise<void>;
  /** Ends a session; false when it had ended already. */
  delete(id: string): Promise<boolean>;
}

/** What one SSE event carries: a message, or a batch of responses (2025-03-26). */
export type EventMessage = JsonRpcMessage | JsonRpcMessage[];

/** An event of a session's stream, as the log holds it. `message: null` marks the stream's end. */
export interface LoggedEvent {
  /** The stream it was sent on. */
  readonly streamId: string;
  /** Increasing across the whole session, over every process. */
  readonly seq: number;
  /** What it carries; `null` marks the end of the stream. */
  readonly message: EventMessage | null;
}

/** What the log still holds of one stream after a position. */
export interface StreamTail {
  /** Its events after the position, in order (the end marker excluded). */
  events: LoggedEvent[];
  /** Whether the stream's end was logged. */
  ended: boolean;
  /** Whether events of the stream after the position were dropped: replaying the rest leaves a gap. */
  eventsLost: boolean;
}

/**
 * The events of the sessions' SSE streams (the standalone GET stream and each POST's answer
 * stream), so a stream continues on whichever process the client reaches, and resumes there
 * with `Last-Event-ID`. A session holds a bounded number of events; the oldest go first.
 *
 * A POST's answer stream is written by the process that serves the POST: it is opened
 * (`open`), written (`write`) and finished (`finish`) by that process alone, and leaves with
 * a last word, the message it ends with should that process's lease lapse before it finishes
 * it (see `FleetLeases`). Once finished or reaped, a stream takes no more events, so a
 * request is never answered twice.
 */
export interface SessionEvents {
  /**
   * Logs an event of `streamId` (`null`: the stream ended) and tells every process watching
   * the session, in the order the log holds them. Resolves with its sequence number; a session
   * that ended logs nothing and resolves with `undefined`. For streams no process opened with
   * `open`: the standalone stream.
   */
  append(sessionId: string, streamId: string, message: EventMessage | null): Promise<number | undefined>;
  /** The session's latest sequence number, with nothing logged. */
  position(sessionId: string): Promise<number>;
  /**
   * Opens `streamId` as this process's answer stream, `fallback` its last word: what the
   * stream ends with should this process's lease lapse first (`null`: nothing, only the end). Resolves with the session's latest
   * sequence number, with nothing logged: the start of the stream.
   */
  open(sessionId: string, streamId: string, fallback: EventMessage | null): Promise<number>;
  /**
   * Logs an event of a stream this process opened, as `append` does; `undefined` when the stream
   * is open no longer (finished, or reaped once this process's lease lapsed) or the session ended.
   */
  write(sessionId: string, streamId: string, message: EventMessage): Promise<number | undefined>;
  /**
   * Logs `message` (when given) and the end of a stream this process opened, in one step, and
   * lets the stream go; `undefined` when it was open no longer or the session ended.
   */
  finish(sessionId: string, streamId: string, message?: EventMessage): Promise<number | undefined>;
  /** What the log holds of `streamId` after `seq`; `undefined` when `seq` is beyond the session's latest. */
  after(sessionId: string, streamId: string, seq: number): Promise<StreamTail | undefined>;
  /** Calls `listener` with every event appended to the session from when this resolves on. */
  watch(sessionId: string, listener: (event: LoggedEvent) => void): Promise<() => Promise<void>>;
  /**
   * Appends `message` to the standalone stream (`'g'`) of every live session, or of those
   * subscribed to `uri`: a list change or a resource update, from whichever process it began in.
   */
  broadcast(message: JsonRpcMessage, uri?: string): Promise<void>;
}

/**
 * Each process holds a lease it renews while it runs. When a lease lapses (the process died,
 * or lost the store for longer than the lease), the next process to `reap` ends what it left:
 * its open answer streams get their last word and their end, and the tasks it ran are handed
 * back to be failed. Each lapsed process is reaped once, by one process; times are the store's.
 */
export interface FleetLeases {
  /** How long a lease lasts after each renewal, in milliseconds. */
  readonly leaseMs: number;
  /**
   * Keeps this process's lease for `leaseMs` more. Resolves `false` when the lease had lapsed
   * and been reaped meanwhile: what this process had open was ended by another.
   */
  renew(): Promise<boolean>;
  /** Lets this process's lease lapse now (it is stopping): what it still holds is reaped next. */
  leave(): Promise<void>;
  /** A task this process runs: should its lease lapse, the task is handed to whoever reaps it. */
  hold(taskId: string): Promise<void>;
  /** The task ended here: nothing to hand on. */
  release(taskId: string): Promise<void>;
  /** Reaps every process whose lease lapsed (not this one); resolves with what each left. */
  reap(): Promise<ReapedProcess[]>;
}

/** What a process whose lease lapsed left, once reaped. */
export interface ReapedProcess {
  readonly replicaId: string;
  /** Its answer streams, now ended with their last word. */
  readonly streams: number;
  /** The tasks it ran and had not released: the reaper fails them. */
  readonly tasks: readonly string[];
}

/** Messages between the processes of the fleet. */
export interface FleetBus {
  /** Sends `message` to every process that listens to `channel`, this one included. */
  publish(channel: string, message: string): Promise<void>;
  /** Calls `listener` with every message published on `channel` from when this resolves on. */
  subscribe(channel: string, listener: (message: string) => void): Promise<() => Promise<void>>;
}

/** A secret `requestState` is sealed with, and its name. */
export interface RequestStateKey {
  /** Short, printable, carried in every state the key seals. */
  readonly id: string;
  /** At least 32 random bytes. */
  readonly secret: Uint8Array;
}

/**
 * The keys of `requestState`, the same in every process: the newest seals; older ones still
 * open what they sealed until those states have expired.
 */
export interface RequestStateKeys {
  /** The key to seal with now. */
  current(): Promise<RequestStateKey>;
  /** The key named `id`, while states it sealed may still be valid; else `undefined`. */
  find(id: string): Promise<RequestStateKey | undefined>;
}
