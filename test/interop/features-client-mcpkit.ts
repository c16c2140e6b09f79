// The feature scenario's client written with mcpkit: `Client` answers sampling, elicitation and
// roots with its typed handlers, and `ClientSession` makes the calls.
import { Client, type ClientSession } from '../../src/client/index.js';
import { JsonRpcError, type CreateMessageResult, type Root } from '../../src/index.js';
import { clientInfo, nodeTransport } from '../helpers/e2e.js';
import { Arrivals, type FeatureClient, type ProtocolError } from './features-client.js';
import { ROOTS_BEFORE, fillProfile } from '../helpers/interop-features.js';

export class McpkitFeatureClient implements FeatureClient {
  readonly name = 'mcpkit’s client';
  readonly tag = 'mcpkit';
  readonly arrived = new Arrivals();
  readonly checksElicitationAnswers = true;
  readonly #client = new Client(clientInfo, {
    requestTimeoutMs: 15_000,
    onError: (error) => this.arrived.errors.push(error),
    roots: ROOTS_BEFORE,
    sampling: {
      tools: true,
      handler: async (params, ctx) => (await this.arrived.sample(params, ctx.signal)) as CreateMessageResult,
    },
    elicitation: {
      form: (params) => {
        this.arrived.elicited.push(params);
        return fillProfile(params.message);
      },
      url: (params) => {
        this.arrived.elicited.push(params);
        return { action: 'accept' };
      },
    },
  });
  #session!: ClientSession;
  #stderr = '';

  async connect(script: string): Promise<void> {
    const transport = nodeTransport(script);
    transport.onstderr = (chunk) => (this.#stderr += Buffer.from(chunk).toString());
    this.#session = await this.#client.connect(transport);
    this.#session.on('log', (params) => this.arrived.logs.push(params));
    this.#session.on('resourceUpdated', ({ uri }) => this.arrived.updates.push(uri));
    this.#session.on('elicitationComplete', ({ elicitationId }) =>
      this.arrived.elicitationsComplete.push(elicitationId),
    );
  }

  async close(): Promise<void> {
    await this.#session.close();
    if (this.#stderr) console.error(`server stderr:\n${this.#stderr}`);
  }

  get protocolVersion() {
    return this.#session.protocolVersion;
  }
  get serverInfo() {
    return this.#session.serverInfo;
  }
  get serverCapabilities() {
    return this.#session.serverCapabilities;
  }

  listTools = () => this.#session.listTools();
  callTool: FeatureClient['callTool'] = (params, options) => this.#session.callTool(params, options);
  listResources = () => this.#session.listResources();
  listResourceTemplates = () => this.#session.listResourceTemplates();
  readResource: FeatureClient['readResource'] = (params) => this.#session.readResource(params);
  subscribeResource: FeatureClient['subscribeResource'] = (params) => this.#session.subscribeResource(params);
  unsubscribeResource: FeatureClient['unsubscribeResource'] = (params) => this.#session.unsubscribeResource(params);
  listPrompts = () => this.#session.listPrompts();
  getPrompt: FeatureClient['getPrompt'] = (params) => this.#session.getPrompt(params);
  complete: FeatureClient['complete'] = (params) => this.#session.complete(params);
  setLoggingLevel: FeatureClient['setLoggingLevel'] = (level) => this.#session.setLoggingLevel({ level });
  request: FeatureClient['request'] = (method, params) => this.#session.request(method, params as never);
  setRoots = (roots: Root[]) => this.#client.setRoots(roots);

  protocolError(error: unknown): ProtocolError | undefined {
    return error instanceof JsonRpcError ? error : undefined;
  }

  abortReason(text: string): unknown {
    return new Error(text);
  }

  cancelledByPeer(reason: string): string {
    return `RequestCancelledError: Request cancelled by the peer: ${reason}`;
  }
}
