// The feature scenario's client written with the official SDK (1.x): its `Client` answers
// sampling, elicitation and roots with request handlers of its own, over its own stdio transport.
import process from 'node:process';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import type { Transport } from '@modelcontextprotocol/sdk/shared/transport.js';
import {
  CreateMessageRequestSchema,
  ElicitationCompleteNotificationSchema,
  ElicitRequestSchema,
  EmptyResultSchema,
  ListRootsRequestSchema,
  LoggingMessageNotificationSchema,
  McpError,
  ResourceUpdatedNotificationSchema,
  type CreateMessageResult,
} from '@modelcontextprotocol/sdk/types.js';
import type { CallToolResult, Root } from '../../src/index.js';
import { within } from '../helpers/e2e.js';
import { Arrivals, type FeatureClient, type ProtocolError } from './features-client.js';
import { ROOTS_BEFORE, fillProfile } from '../helpers/interop-features.js';

/**
 * Connects an SDK `client` to `node <script>` over the SDK's stdio transport; returns the
 * protocol version it negotiated (told through the transport's `setProtocolVersion`) and the
 * server's stderr as it comes.
 */
export async function connectSdkClient(
  client: Client,
  script: string,
): Promise<{ stderr: string; protocolVersion?: string }> {
  const transport = new StdioClientTransport({ command: process.execPath, args: [script], stderr: 'pipe' });
  const connection: { stderr: string; protocolVersion?: string } = { stderr: '' };
  transport.stderr?.on('data', (chunk: Buffer) => (connection.stderr += chunk.toString()));
  // An optional member of the SDK's Transport interface, which its client calls after initialize.
  (transport as Transport).setProtocolVersion = (version) => (connection.protocolVersion = version);
  await within(client.connect(transport), 15_000, 'the SDK client to connect');
  return connection;
}

export class SdkFeatureClient implements FeatureClient {
  readonly name = 'the official SDK client';
  readonly tag = 'sdk';
  readonly arrived = new Arrivals();
  readonly checksElicitationAnswers = false;
  readonly #client = new Client(
    { name: 'sdk-features-client', version: '1.32.2' },
    { capabilities: { sampling: { tools: {} }, elicitation: { form: {}, url: {} }, roots: { listChanged: true } } },
  );
  #roots: Root[] = ROOTS_BEFORE;
  #rootsListed = 0;
  #connection: { stderr: string; protocolVersion?: string } = { stderr: '' };

  constructor() {
    const client = this.#client;
    client.setRequestHandler(
      CreateMessageRequestSchema,
      async ({ params }, extra) => (await this.arrived.sample(params, extra.signal)) as CreateMessageResult,
    );
    client.setRequestHandler(ElicitRequestSchema, ({ params }) => {
      this.arrived.elicited.push(params);
      return params.mode === 'url' ? { action: 'accept' } : fillProfile(params.message);
    });
    client.setRequestHandler(ListRootsRequestSchema, () => {
      this.#rootsListed++;
      return { roots: this.#roots };
    });
    client.setNotificationHandler(LoggingMessageNotificationSchema, ({ params }) => this.arrived.logs.push(params));
    client.setNotificationHandler(ResourceUpdatedNotificationSchema, ({ params }) =>
      this.arrived.updates.push(params.uri),
    );
    client.setNotificationHandler(ElicitationCompleteNotificationSchema, ({ params }) =>
      this.arrived.elicitationsComplete.push(params.elicitationId),
    );
    client.onerror = (error) => this.arrived.errors.push(error);
  }

  async connect(script: string): Promise<void> {
    this.#connection = await connectSdkClient(this.#client, script);
  }

  async close(): Promise<void> {
    await this.#client.close();
    if (this.#connection.stderr) console.error(`server stderr:\n${this.#connection.stderr}`);
  }

  get protocolVersion() {
    return this.#connection.protocolVersion;
  }
  get serverInfo() {
    return this.#client.getServerVersion();
  }
  get serverCapabilities() {
    return this.#client.getServerCapabilities();
  }

  listTools: FeatureClient['listTools'] = async () => (await this.#client.listTools()) as never;
  callTool: FeatureClient['callTool'] = async (params, options) =>
    (await this.#client.callTool(params, undefined, options)) as CallToolResult;
  listResources: FeatureClient['listResources'] = () => this.#client.listResources();
  listResourceTemplates: FeatureClient['listResourceTemplates'] = () => this.#client.listResourceTemplates();
  readResource: FeatureClient['readResource'] = async (params) => (await this.#client.readResource(params)) as never;
  subscribeResource: FeatureClient['subscribeResource'] = (params) => this.#client.subscribeResource(params);
  unsubscribeResource: FeatureClient['unsubscribeResource'] = (params) => this.#client.unsubscribeResource(params);
  listPrompts: FeatureClient['listPrompts'] = () => this.#client.listPrompts();
  getPrompt: FeatureClient['getPrompt'] = async (params) => (await this.#client.getPrompt(params)) as never;
  complete: FeatureClient['complete'] = (params) => this.#client.complete(params as never);
  setLoggingLevel: FeatureClient['setLoggingLevel'] = (level) => this.#client.setLoggingLevel(level);
  request: FeatureClient['request'] = (method, params) => this.#client.request({ method, params }, EmptyResultSchema);

  async setRoots(roots: Root[]): Promise<void> {
    this.#roots = roots;
    await this.#client.sendRootsListChanged();
  }

  rootsListed(): number {
    return this.#rootsListed;
  }

  protocolError(error: unknown): ProtocolError | undefined {
    return error instanceof McpError ? error : undefined;
  }

  abortReason(text: string): unknown {
    return text;
  }

  cancelledByPeer(reason: string): string {
    return reason;
  }
}
