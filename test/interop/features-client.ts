// What the feature scenario (features-scenario.ts) needs of a client, whichever library it is
// written with: one adapter per client (features-client-mcpkit.ts, features-client-sdk.ts) maps
// these calls onto that library's own API, and records what the server sends it.
import type {
  CallToolRequestParams,
  CallToolResult,
  CompleteRequestParams,
  CompleteResult,
  GetPromptRequestParams,
  GetPromptResult,
  LoggingLevel,
  Prompt,
  ReadResourceResult,
  Resource,
  ResourceTemplate,
  Root,
  Tool,
} from '../../src/index.js';
import { HANG, Inbox, stubModel } from '../helpers/interop-features.js';

export interface Progress {
  progress: number;
  total?: number;
  message?: string;
}

export interface CallOptions {
  signal?: AbortSignal;
  onprogress?: (progress: Progress) => void;
}

/** A protocol error a call rejected with, read from the client library's own error class. */
export interface ProtocolError {
  code: number;
  message: string;
  data?: unknown;
}

export interface LogMessage {
  level: string;
  logger?: string;
  data: unknown;
}

/** What the server sent the client: questions it answered and notifications it heard. */
export class Arrivals {
  readonly sampled = new Inbox<{ params: Record<string, unknown>; signal: AbortSignal }>();
  readonly elicited = new Inbox<Record<string, unknown>>();
  readonly logs = new Inbox<LogMessage>();
  readonly updates = new Inbox<string>();
  readonly elicitationsComplete = new Inbox<string>();
  /** Problems the client reported on its own (its `onError`). */
  readonly errors: Error[] = [];

  /**
   * The client's model answering a sampling request: the stub model, except for the prompt
   * {@link HANG}, which waits until the request is cancelled.
   */
  async sample(params: Record<string, unknown>, signal: AbortSignal): Promise<Record<string, unknown>> {
    this.sampled.push({ params, signal });
    if (JSON.stringify(params.messages).includes(HANG)) {
      await new Promise((resolve) => signal.addEventListener('abort', resolve, { once: true }));
      throw new Error('the model was cancelled');
    }
    return stubModel(params as never);
  }
}

export interface FeatureClient {
  /** Who it is, in test names. */
  readonly name: string;
  /** Tags the calls whose cancellation the server records. */
  readonly tag: string;
  readonly arrived: Arrivals;
  /**
   * Whether the client checks a form answer against the requested schema itself, refusing it
   * (-32602) before it reaches the server and reporting that to its `onError`.
   */
  readonly checksElicitationAnswers: boolean;

  /** Starts `node <script>` and connects to it over stdio, answering with the latest revision it knows. */
  connect(script: string): Promise<void>;
  close(): Promise<void>;

  readonly protocolVersion: string | undefined;
  readonly serverInfo: unknown;
  readonly serverCapabilities: unknown;

  listTools(): Promise<{ tools: Tool[] }>;
  callTool(params: CallToolRequestParams, options?: CallOptions): Promise<CallToolResult>;
  listResources(): Promise<{ resources: Resource[] }>;
  listResourceTemplates(): Promise<{ resourceTemplates: ResourceTemplate[] }>;
  readResource(params: { uri: string }): Promise<ReadResourceResult>;
  subscribeResource(params: { uri: string }): Promise<unknown>;
  unsubscribeResource(params: { uri: string }): Promise<unknown>;
  listPrompts(): Promise<{ prompts: Prompt[] }>;
  getPrompt(params: GetPromptRequestParams): Promise<GetPromptResult>;
  complete(params: CompleteRequestParams): Promise<CompleteResult>;
  setLoggingLevel(level: LoggingLevel): Promise<unknown>;
  /** Any request, params unchecked: what a client sends when it gets them wrong. */
  request(method: string, params: Record<string, unknown>): Promise<unknown>;
  /** Changes the roots offered and tells the server they changed. */
  setRoots(roots: Root[]): Promise<void>;
  /** How many times the server asked for the roots, where the client can count them. */
  rootsListed?(): number;

  /** `error` as a protocol error, if it is one. */
  protocolError(error: unknown): ProtocolError | undefined;
  /** What a user of this client aborts a call with so that the server is sent `text` as the reason. */
  abortReason(text: string): unknown;
  /** The reason (as `String(signal.reason)`) a handler of this client sees when the server cancels with `reason`. */
  cancelledByPeer(reason: string): string;
}
