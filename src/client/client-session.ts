/**
 * One open connection to a server, with a method for each request.
 * @module
 */
import type { Session, SendRequestOptions } from '../protocol/session.js';
import type { InitializeOutcome } from '../protocol/stateful.js';
import type { ClientRequestMap, ClientRequestResult } from '../types/messages.js';
import type { CallToolRequestParams, CallToolResult, ListToolsResult } from '../types/tools.js';
import type { PaginatedRequestParams, Implementation } from '../types/base.js';
import type { ServerCapabilities } from '../types/capabilities.js';

export type { SendRequestOptions as RequestOptions };

export class ClientSession {
  readonly #session: Session;
  readonly serverInfo: Implementation;
  readonly serverCapabilities: ServerCapabilities;
  readonly instructions: string | undefined;
  readonly protocolVersion: string;

  constructor(session: Session, outcome: InitializeOutcome) {
    this.#session = session;
    this.serverInfo = outcome.serverInfo as Implementation;
    this.serverCapabilities = outcome.capabilities as ServerCapabilities;
    this.instructions = outcome.instructions;
    this.protocolVersion = outcome.protocolVersion;
  }

  get closed(): boolean {
    return this.#session.closed;
  }

  ping(options?: SendRequestOptions): Promise<void> {
    return this.#session.ping(options);
  }

  listTools(params: PaginatedRequestParams = {}, options?: SendRequestOptions): Promise<ListToolsResult> {
    return this.request('tools/list', params, options) as Promise<ListToolsResult>;
  }

  callTool(params: CallToolRequestParams, options?: SendRequestOptions): Promise<CallToolResult> {
    return this.request('tools/call', params, options) as Promise<CallToolResult>;
  }

  /** Sends any request: typed by method for the spec's methods, loosely for custom ones. */
  request<M extends keyof ClientRequestMap>(
    method: M,
    params?: ClientRequestMap[M]['params'],
    options?: SendRequestOptions,
  ): Promise<ClientRequestResult<M>>;
  request(method: string, params?: Record<string, unknown>, options?: SendRequestOptions): Promise<Record<string, unknown>>;
  request(method: string, params?: object, options?: SendRequestOptions): Promise<unknown> {
    return this.#session.request(method, params as Record<string, unknown> | undefined, options);
  }

  notify(method: string, params?: Record<string, unknown>): Promise<void> {
    return this.#session.notify(method, params);
  }

  close(): Promise<void> {
    return this.#session.close();
  }
}
