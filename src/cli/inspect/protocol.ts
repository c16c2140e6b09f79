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
      /** How OAuth runs when the server asks for it (not at all when `headers` sets `Authorization`). */
      oauth?: OAuthChoice;
    };

/** The OAuth flow's options for a server reached by URL. */
export interface OAuthChoice {
  /** Each step waits for the page's `continue` before it starts. */
  stepThrough?: boolean;
  /** A client registered beforehand, instead of registering. */
  clientId?: string;
  clientSecret?: string;
}

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
  /** The OAuth flow, once the server asked for authorization. */
  auth?: AuthFlow;
}

/** A step of the OAuth flow, in the order mcpkit's client takes them. */
export type AuthPhase = 'protected-resource' | 'server-metadata' | 'registration' | 'authorize' | 'token' | 'refresh';

/** An HTTP exchange of the OAuth flow, with its bodies; secrets masked. */
export interface AuthExchange {
  method: string;
  url: string;
  /** Milliseconds since the epoch; how long the whole response took. */
  time: number;
  duration?: number;
  requestHeaders: Record<string, string>;
  /** A form's fields or a JSON document. */
  requestBody?: unknown;
  status?: number;
  responseHeaders?: Record<string, string>;
  /** The JSON answered (or its text). */
  responseBody?: unknown;
  error?: string;
}

/** One step as it went: its exchanges; for `authorize`, the page to open and where the browser came back. */
export interface AuthStep {
  phase: AuthPhase;
  exchanges: AuthExchange[];
  /** `authorize`: the authorization URL to open in a browser. */
  url?: string;
  /** `authorize`: the query the browser came back with (the code masked). */
  returned?: Record<string, string>;
}

/** A token as the page may see it: its length, and its header and claims when it is a JWT. */
export interface DecodedToken {
  length: number;
  jwt?: { header: Record<string, unknown>; payload: Record<string, unknown> };
}

/** The tokens the flow came to. */
export interface TokenSummary {
  tokenType: string;
  /** Milliseconds since the epoch. */
  receivedAt: number;
  expiresIn?: number;
  scope?: string;
  accessToken: DecodedToken;
  refreshToken?: DecodedToken;
  idToken?: DecodedToken;
}

/** The OAuth flow of a server: what it did, and what it waits for. */
export interface AuthFlow {
  /** `paused`: waits for `continue`; `authorizing`: for the browser to come back. */
  status: 'running' | 'paused' | 'authorizing' | 'done' | 'failed';
  stepThrough: boolean;
  /** `paused`: the step that waits. */
  next?: AuthPhase;
  steps: AuthStep[];
  tokens?: TokenSummary;
  error?: string;
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

/** A server's skills (the Skills extension), as the Skills tab lists them. */
export interface SkillsListing {
  supported: boolean;
  /** It serves `resources/directory/read` too. */
  directoryRead?: boolean;
  /** The entries, as the server gave them (`Skill` of mcpkit). */
  skills: unknown[];
  /** Entries that break the extension's rules, with why. */
  invalid: { entry: unknown; problems: readonly string[] }[];
}

/** A file of a skill, read and checked against its entry. */
export interface SkillFileView {
  uri: string;
  mimeType?: string;
  size: number;
  /** Its size and digest are the entry's (false for a skill whose files are `dynamic`). */
  verified: boolean;
  text?: string;
  base64?: string;
  /** For SKILL.md: its front matter and the Markdown after it. */
  frontmatter?: Record<string, unknown>;
  body?: string;
  /** Why it failed its checks (`unlisted`, `size`, `digest`, `frontmatter`). */
  failure?: { reason: string; message: string; differences: string[] };
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
    result: {
      servers: ServerState[];
      wire: WireEntry[];
      pending: PendingRequest[];
      /** The model that drafts answers to sampling requests (`provider model`), when configured. */
      model?: string;
    };
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
  /** The configured model's answer to a waiting sampling request, for the user to send or edit. */
  draft: { body: { id: string }; result: { result: Record<string, unknown> } };
  /** The server's skills. */
  skills: { body: { server: string }; result: SkillsListing };
  /** A file of a skill (`uri`: its SKILL.md), at `path` in its folder, read and verified. */
  'skill-read': { body: { server: string; uri: string; path: string }; result: SkillFileView };
  /**
   * Drives a server's OAuth flow: `continue` a paused step, `refresh` the tokens now, or
   * `forget` them (the next request authorizes again).
   */
  auth: { body: { server: string; action: 'continue' | 'refresh' | 'forget' }; result: Record<string, never> };
}

export type InspectorCommand = keyof InspectorCommands;

/** The header the page sends its token in. */
export const TOKEN_HEADER = 'authorization';
