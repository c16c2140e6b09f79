/**
 * The page's state, and how each event of the inspector changes it: pure functions, so the
 * rules (what is kept, what is capped) are tested without a browser.
 * @module
 */
import type { HttpExchange, InspectorEvent, PendingRequest, ServerState, WireEntry } from '../protocol.js';

/** A server's notification, as the logs list it. */
export interface LogEntry {
  seq: number;
  server: string;
  time: number;
  method: string;
  params: unknown;
}

export interface PageState {
  servers: ServerState[];
  wire: WireEntry[];
  /** The HTTP exchanges of servers reached by URL. */
  http: HttpExchange[];
  pending: PendingRequest[];
  logs: LogEntry[];
  /** The progress of running calls, by call name. */
  progress: Record<string, { progress: number; total?: number; message?: string }>;
  /** Where MCP App views are framed: the inspector's sandbox. */
  sandbox?: string;
  /** The model that drafts answers to sampling requests, when configured. */
  model?: string;
}

/** How many wire entries and log lines the page keeps; the oldest go first. */
export const KEPT = 2000;

export const EMPTY: PageState = { servers: [], wire: [], http: [], pending: [], logs: [], progress: {} };

let logSeq = 0;

/** The state after `event`. */
export function applyEvent(state: PageState, event: InspectorEvent): PageState {
  switch (event.type) {
    case 'servers':
      return { ...state, servers: event.servers };
    case 'wire': {
      const last = state.wire.at(-1)?.seq ?? -Infinity;
      const fresh = event.entries.filter((entry) => entry.seq > last);
      return fresh.length === 0 ? state : { ...state, wire: capped([...state.wire, ...fresh]) };
    }
    case 'http':
      return { ...state, http: capped([...state.http, event.exchange]) };
    case 'notification': {
      const entry = {
        seq: ++logSeq,
        server: event.server,
        time: Date.now(),
        method: event.method,
        params: event.params,
      };
      return { ...state, logs: capped([...state.logs, entry]) };
    }
    case 'request':
      return { ...state, pending: [...state.pending.filter((p) => p.id !== event.request.id), event.request] };
    case 'request-done':
      return { ...state, pending: state.pending.filter((p) => p.id !== event.id) };
    case 'progress': {
      const { call, ...progress } = event;
      const { type: _type, ...rest } = progress;
      return { ...state, progress: { ...state.progress, [call]: rest } };
    }
  }
}

/**
 * The state after a fresh `state` command (on load and after the event stream reconnects):
 * what the inspector says (servers, wire, pending requests, HTTP exchanges, its sandbox), and the
 * notifications and progress heard so far kept.
 */
export function applyLoaded(
  state: PageState,
  loaded: Partial<PageState> & { servers: ServerState[]; wire: WireEntry[]; pending: PendingRequest[] },
): PageState {
  return { ...state, ...loaded, wire: capped(loaded.wire), logs: state.logs, progress: state.progress };
}

/** The newest notification of `server` with `method` that `matches`, if any. */
export function lastNotification(
  logs: readonly LogEntry[],
  server: string,
  method: string,
  matches: (params: Record<string, unknown>) => boolean = () => true,
): LogEntry | undefined {
  for (let i = logs.length - 1; i >= 0; i--) {
    const entry = logs[i]!;
    if (entry.server !== server || entry.method !== method) continue;
    const params = typeof entry.params === 'object' && entry.params !== null ? entry.params : {};
    if (matches(params as Record<string, unknown>)) return entry;
  }
  return undefined;
}

function capped<T>(list: T[]): T[] {
  return list.length > KEPT ? list.slice(list.length - KEPT) : list;
}
