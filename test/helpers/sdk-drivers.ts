// The official SDKs' clients, as the gateway and proxy tests drive them: 1.32.2
// (@modelcontextprotocol/sdk, the 2025-11-25 handshake) and 2.4.0 (@modelcontextprotocol/client,
// pinned to 2026-07-28), behind one small interface. Each answers elicitation with a filled-in
// profile and sampling with a stub model, and records every message it receives.
import process from 'node:process';
import { Client as V1Client } from '@modelcontextprotocol/sdk/client/index.js';
import { SSEClientTransport } from '@modelcontextprotocol/sdk/client/sse.js';
import { StdioClientTransport as V1Stdio } from '@modelcontextprotocol/sdk/client/stdio.js';
import { StreamableHTTPClientTransport as V1Http } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import {
  CallToolResultSchema,
  CreateMessageRequestSchema,
  ElicitRequestSchema,
  ToolListChangedNotificationSchema,
  type CreateMessageResult,
} from '@modelcontextprotocol/sdk/types.js';
import { Client as V2Client, StreamableHTTPClientTransport as V2Http } from '@modelcontextprotocol/client';
import { StdioClientTransport as V2Stdio } from '@modelcontextprotocol/client/stdio';
import { within } from './e2e.js';
import { fillProfile, stubModel } from './interop-features.js';

/** A message as received. */
export type Wire = Record<string, unknown> & {
  id?: unknown;
  method?: string;
  params?: Record<string, unknown>;
  result?: Record<string, unknown>;
  error?: { code: number; message: string; data?: unknown };
};

export interface ToolResult {
  content: { type: string; text?: string }[];
  isError?: boolean;
  structuredContent?: unknown;
  [key: string]: unknown;
}

export interface CallOptions {
  signal?: AbortSignal;
  onprogress?: (progress: { progress: number; total?: number; message?: string }) => void;
}

/** Where the client reaches the server. */
export type Reach =
  | { kind: 'stdio'; command: string; args: string[]; env?: Record<string, string> }
  | { kind: 'http'; url: string }
  | { kind: 'sse'; url: string };

export interface SdkDriver {
  readonly name: string;
  /** The revision it speaks to an mcpkit server. */
  readonly revision: '2025-11-25' | '2026-07-28';
  /** Every message received since connecting. */
  readonly wire: Wire[];
  readonly elicited: unknown[];
  readonly sampled: unknown[];
  /** What the server wrote to stderr (a child the client started). */
  stderr(): string;
  connect(reach: Reach): Promise<void>;
  protocolVersion(): string | undefined;
  serverInfo(): { name: string; version: string } | undefined;
  instructions(): string | undefined;
  listTools(): Promise<{ name: string; [key: string]: unknown }[]>;
  callTool(name: string, args: Record<string, unknown>, options?: CallOptions): Promise<ToolResult>;
  listResources(): Promise<{ uri: string; [key: string]: unknown }[]>;
  listResourceTemplates(): Promise<{ uriTemplate: string; [key: string]: unknown }[]>;
  readResource(uri: string): Promise<{ contents: Record<string, unknown>[] }>;
  listPrompts(): Promise<{ name: string; [key: string]: unknown }[]>;
  getPrompt(name: string, args: Record<string, string>): Promise<{ messages: unknown[]; [key: string]: unknown }>;
  /** Gets ready to hear of tool list changes: in 2026-07-28, opens a listen stream for them. */
  listenForToolChanges(): Promise<void>;
  /** Resolves at the next `notifications/tools/list_changed`. */
  toolsChanged(): Promise<void>;
  close(): Promise<void>;
}

const CAPABILITIES = { elicitation: { form: {} }, sampling: {} };

type AnyTransport = {
  onmessage?: ((message: never, extra?: never) => void) | undefined;
};

/** Records every message `transport` delivers from now on. */
function record(transport: AnyTransport, wire: Wire[]): void {
  const deliver = transport.onmessage;
  transport.onmessage = ((message: Wire, extra?: unknown) => {
    wire.push(message);
    (deliver as ((m: Wire, e?: unknown) => void) | undefined)?.(message, extra);
  }) as never;
}

class Waiters {
  readonly #waiting = new Set<() => void>();
  wait(what: string): Promise<void> {
    return within(new Promise<void>((resolve) => this.#waiting.add(resolve)), 15_000, what);
  }
  wake(): void {
    for (const resolve of this.#waiting) resolve();
    this.#waiting.clear();
  }
}

/** What both SDKs' clients offer alike. */
interface CommonClient {
  getServerVersion(): { name: string; version: string } | undefined;
  getInstructions(): string | undefined;
  listTools(): Promise<{ tools: { name: string }[] }>;
  listResources(): Promise<{ resources: { uri: string }[] }>;
  listResourceTemplates(): Promise<{ resourceTemplates: { uriTemplate: string }[] }>;
  readResource(params: { uri: string }): Promise<unknown>;
  listPrompts(): Promise<{ prompts: { name: string }[] }>;
  getPrompt(params: { name: string; arguments: Record<string, string> }): Promise<unknown>;
  close(): Promise<void>;
}

/** What drives either SDK's client the same way. */
abstract class Driver implements SdkDriver {
  abstract readonly name: string;
  abstract readonly revision: '2025-11-25' | '2026-07-28';
  readonly wire: Wire[] = [];
  readonly elicited: unknown[] = [];
  readonly sampled: unknown[] = [];
  readonly changes = new Waiters();
  stderrText = '';
  readonly #client: CommonClient;

  constructor(client: CommonClient) {
    this.#client = client;
  }

  abstract connect(reach: Reach): Promise<void>;
  abstract protocolVersion(): string | undefined;
  abstract callTool(name: string, args: Record<string, unknown>, options?: CallOptions): Promise<ToolResult>;
  abstract listenForToolChanges(): Promise<void>;

  /** Answers a form with a filled-in profile, and records it. */
  elicit(params: { message: string }) {
    this.elicited.push(params);
    return fillProfile(params.message);
  }

  /** Answers sampling with the stub model, and records it. */
  sample(params: unknown) {
    this.sampled.push(params);
    return stubModel(params as never);
  }

  stderr(): string {
    return this.stderrText;
  }

  serverInfo() {
    return this.#client.getServerVersion();
  }

  instructions() {
    return this.#client.getInstructions();
  }

  async listTools() {
    return (await this.#client.listTools()).tools;
  }

  async listResources() {
    return (await this.#client.listResources()).resources;
  }

  async listResourceTemplates() {
    return (await this.#client.listResourceTemplates()).resourceTemplates;
  }

  async readResource(uri: string) {
    return (await this.#client.readResource({ uri })) as { contents: Record<string, unknown>[] };
  }

  async listPrompts() {
    return (await this.#client.listPrompts()).prompts;
  }

  async getPrompt(name: string, args: Record<string, string>) {
    return (await this.#client.getPrompt({ name, arguments: args })) as { messages: unknown[] };
  }

  toolsChanged(): Promise<void> {
    return this.changes.wait('notifications/tools/list_changed');
  }

  close(): Promise<void> {
    return within(this.#client.close(), 15_000, `${this.name} to close`);
  }

  /** Connects `client` over `transport` and records what it receives from then on. */
  protected async open(connect: Promise<void>, transport: AnyTransport): Promise<void> {
    await within(connect, 30_000, `${this.name} to connect`);
    record(transport, this.wire);
  }
}

/** The environment of a server child: this process's, and `env`. */
const childEnv = (env: Record<string, string> = {}) => ({ ...(process.env as Record<string, string>), ...env });

export class V1Driver extends Driver {
  readonly name = 'the SDK 1.32.2 client';
  readonly revision = '2025-11-25' as const;
  readonly #client: V1Client;

  constructor() {
    const client = new V1Client({ name: 'sdk-v1-client', version: '1.32.2' }, { capabilities: CAPABILITIES });
    super(client as unknown as CommonClient);
    this.#client = client;
    client.setRequestHandler(ElicitRequestSchema, ({ params }) => this.elicit(params));
    client.setRequestHandler(CreateMessageRequestSchema, ({ params }) => this.sample(params) as CreateMessageResult);
    client.setNotificationHandler(ToolListChangedNotificationSchema, () => this.changes.wake());
  }

  async connect(reach: Reach): Promise<void> {
    let transport: V1Stdio | V1Http | SSEClientTransport;
    if (reach.kind === 'stdio') {
      const stdio = new V1Stdio({ command: reach.command, args: reach.args, env: childEnv(reach.env), stderr: 'pipe' });
      stdio.stderr?.on('data', (chunk: Buffer) => (this.stderrText += chunk.toString()));
      transport = stdio;
    } else if (reach.kind === 'http') transport = new V1Http(new URL(reach.url));
    else transport = new SSEClientTransport(new URL(reach.url));
    await this.open(this.#client.connect(transport), transport as AnyTransport);
  }

  protocolVersion(): string | undefined {
    // The SDK 1.x client keeps no accessor for it: it asks for 2025-11-25, which mcpkit serves.
    return this.revision;
  }

  async callTool(name: string, args: Record<string, unknown>, options: CallOptions = {}) {
    return (await this.#client.callTool({ name, arguments: args }, CallToolResultSchema, options)) as ToolResult;
  }

  async listenForToolChanges(): Promise<void> {}
}

export class V2Driver extends Driver {
  readonly name = 'the SDK 2.4.0 client';
  readonly revision = '2026-07-28' as const;
  readonly #client: V2Client;
  #listening: Promise<unknown> | undefined;

  constructor() {
    const client = new V2Client(
      { name: 'sdk-v2-client', version: '2.4.0' },
      { versionNegotiation: { mode: { pin: '2026-07-28' } }, capabilities: CAPABILITIES },
    );
    super(client as unknown as CommonClient);
    this.#client = client;
    client.setRequestHandler('elicitation/create', ({ params }) => this.elicit(params));
    client.setRequestHandler('sampling/createMessage', ({ params }) => this.sample(params) as never);
    client.setNotificationHandler('notifications/tools/list_changed', () => this.changes.wake());
  }

  async connect(reach: Reach): Promise<void> {
    let transport: V2Stdio | V2Http;
    if (reach.kind === 'stdio') {
      const stdio = new V2Stdio({ command: reach.command, args: reach.args, env: childEnv(reach.env), stderr: 'pipe' });
      stdio.stderr?.on('data', (chunk: Buffer) => (this.stderrText += chunk.toString()));
      transport = stdio;
    } else if (reach.kind === 'http') transport = new V2Http(new URL(reach.url));
    else throw new Error('the SDK 2.4.0 client has no HTTP+SSE transport');
    await this.open(this.#client.connect(transport), transport as AnyTransport);
  }

  protocolVersion(): string | undefined {
    return this.#client.getNegotiatedProtocolVersion();
  }

  async callTool(name: string, args: Record<string, unknown>, options: CallOptions = {}) {
    return (await this.#client.callTool({ name, arguments: args }, options)) as ToolResult;
  }

  async listenForToolChanges(): Promise<void> {
    // 2026-07-28 announces changes only on a stream the client opens for them.
    await (this.#listening ??= this.#client.listen({ toolsListChanged: true }));
  }
}

/** The code of a JSON-RPC error either SDK rejected with. */
export function codeOf(error: unknown): number | undefined {
  const code = (error as { code?: unknown } | undefined)?.code;
  return typeof code === 'number' ? code : undefined;
}
