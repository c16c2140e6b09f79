/**
 * What the inspector's page and its Node server say to each other: the page sends commands as
 * JSON `POST /api/<command>` requests and hears events on one `GET /api/events` stream
 * (server-sent events). Every request carries the launch's token in `authorization: Bearer`.
 * Types only: the page (in the browser) and the server (in Node) both import them.
 * @module
 */

/** How the page asks to connect (the command line may have connected already). */
export type ConnectTarget =
  | { type: 'stdio'; command: string; args?: string[]; env?: Record<string, string>; cwd?: string }
  | {
      type: 'http';
      url: string;
      headers?: Record<string, string>;
      /** `auto` (the default): Streamable HTTP, or HTTP+SSE when the server refuses it as an old one does. */
      transport?: 'auto' | 'streamable' | 'sse';
    };

/** The era to speak: found by probing, or one revision. */
export type EraChoice = 'auto' | '2025-11-25' | '2026-07-28';

/** One inspected server, as the page shows it. */
export interface ServerState {
  id: string;
  /** What it was started as: the command line or the URL. */
  label: string;
  status: 'connecting' | 'connected' | 'failed' | 'closed';
  /** Why it failed or closed, in words. */
  error?: string;
  /**
   * The level it was asked to log from, once the page chose one (2026-07-28: sent in the `_meta`
   * of every request to it since).
   */
  logLevel?: string;
  /** The roots offered to it (`file://` URIs), which the page may change. */
  roots: { uri: string; name?: string }[];
  /** Once connected: what it said of itself. */
  info?: {
    name: string;
    version: string;
    title?: string;
    protocolVersion: string;
    era: 'stateful' | 'stateless';
    capabilities: Record<string, unknown>;
    instructions?: string;
    icons?: unknown[];
    /** The HTTP transport it is reached over, for a server reached by URL. */
    transport?: 'streamable-http' | 'sse';
  };
}

/** One JSON-RPC message on the wire, as the network view lists it. */
export interface WireEntry {
  /** Increasing, per inspector. */
  seq: number;
  server: string;
  direction: 'sent' | 'received';
  /** Milliseconds since the epoch. */
  time: number;
  /** Bytes of its JSON. */
  size: number;
  message: unknown;
}

/** An HTTP exchange with a server reached by URL; credentials masked. */
export interface HttpExchange {
  seq: number;
  server: string;
  method: string;
  url: string;
  requestHeaders: Record<string, string>;
  /** When it was sent, in milliseconds since the epoch, and how long its response took to start. */
  time: number;
  duration: number;
  status?: number;
  responseHeaders?: Record<string, string>;
  /** Why no response came. */
  error?: string;
}

/** A request of a server's that the page answers: a form, a model's reply, roots. */
export interface PendingRequest {
  id: string;
  server: string;
  kind: 'elicitation' | 'sampling' | 'roots';
  params: Record<string, unknown>;
}

/** A tool's structured content checked against its output schema: it matches, or the problems. */
export type OutputCheck = { ok: true } | { ok: false; issues: string[] };

/** A JSON-RPC error a server's request is answered with. */
export interface AnswerError {
  code: number;
  message: string;
  data?: unknown;
}

/** Events on `GET /api/events`, each one SSE event with `event: <type>` and JSON data. */
export type InspectorEvent =
  | { type: 'servers'; servers: ServerState[] }
  | { type: 'wire'; entries: WireEntry[] }
  | { type: 'http'; exchange: HttpExchange }
  | { type: 'notification'; server: string; method: string; params: unknown }
  | { type: 'request'; request: PendingRequest }
  | { type: 'request-done'; id: string }
  | { type: 'progress'; call: string; progress: number; total?: number; message?: string };

/** The commands: `POST /api/<name>` with `body`, answered with `result` (or `{ error: { message } }` and a 4xx/5xx). */
export interface InspectorCommands {
  /** Everything the page needs on load. */
  state: {
    body: Record<string, never>;
    result: { servers: ServerState[]; wire: WireEntry[]; pending: PendingRequest[] };
  };
  connect: { body: { target: ConnectTarget; era?: EraChoice }; result: { server: ServerState } };
  disconnect: { body: { server: string }; result: Record<string, never> };
  /**
   * Any MCP request to a server (`tools/list`, `tools/call`, `resources/read`, ...): the answer
   * is the server's result. `call` names it for `cancel` and progress events.
   */
  request: {
    body: { server: string; method: string; params?: Record<string, unknown>; call?: string };
    result: Record<string, unknown>;
  };
  /**
   * `tools/call` as `request` sends it, and how the result's structured content fared against
   * the tool's output schema (none: not checked, as when the tool has no schema or failed).
   */
  call: {
    body: { server: string; params: Record<string, unknown>; call?: string };
    result: { result: Record<string, unknown>; output?: OutputCheck };
  };
  /** Cancels a request started with a `call` name. */
  cancel: { body: { call: string }; result: Record<string, never> };
  /** Changes the roots offered to a server (it is told their list changed). */
  roots: { body: { server: string; roots: { uri: string; name?: string }[] }; result: Record<string, never> };
  /**
   * Answers a pending request of a server's: with a result, or with a JSON-RPC error (a sampling
   * request the user rejects: code -1).
   */
  respond: {
    body: { id: string; result: Record<string, unknown> } | { id: string; error: AnswerError };
    result: Record<string, never>;
  };
}

export type InspectorCommand = keyof InspectorCommands;

/** The header the page sends its token in. */
export const TOKEN_HEADER = 'authorization';
