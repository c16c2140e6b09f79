/**
 * The context a server-side handler receives: who is asking, logging, and the calls to the
 * client (elicit, sample, list roots) written once for every revision. How they reach the
 * client is the `ClientChannel`'s business: a real request in a stateful session.
 * @module
 */
import { RequestContext } from '../protocol/request-context.js';
import { CapabilityNotSupportedError, invalidParams } from '../protocol/errors.js';
import { elicitationContentIssues } from '../protocol/elicitation-validate.js';
import { hasCapability } from '../protocol/methods.js';
import type { Session } from '../protocol/session.js';
import type { RequestId } from '../jsonrpc/message.js';
import type { ClientCapabilities } from '../types/capabilities.js';
import type { Implementation } from '../types/base.js';
import type { ElicitRequestFormParams, ElicitRequestURLParams, ElicitResult } from '../types/elicitation.js';
import type { CreateMessageRequestParams, CreateMessageResult } from '../types/sampling.js';
import type { ListRootsResult } from '../types/roots.js';
import type { LoggingLevel } from '../types/logging.js';
import { checkSamplingMessages } from '../protocol/sampling-rules.js';
import { checkElicitationSchema } from './elicitation-rules.js';
import type { ServerSession } from './server-session.js';

/** How the context's calls to the client travel. */
export interface ClientChannel {
  /** Sends a request to the client on behalf of the inbound request `relatedRequestId`. */
  request(method: string, params: Record<string, unknown>, signal: AbortSignal, relatedRequestId: RequestId): Promise<Record<string, unknown>>;
  /** The level at or above which `ctx.log` messages are sent; `undefined` sends none. */
  readonly logLevel: LoggingLevel | undefined;
}

const LEVELS: readonly LoggingLevel[] = ['debug', 'info', 'notice', 'warning', 'error', 'critical', 'alert', 'emergency'];

/** Whether a message at `level` passes a threshold of `threshold`. */
export function levelPasses(level: LoggingLevel, threshold: LoggingLevel | undefined): boolean {
  return threshold !== undefined && LEVELS.indexOf(level) >= LEVELS.indexOf(threshold);
}

/** Form-mode params; `mode` may be left out. */
export type ElicitFormParams = Omit<ElicitRequestFormParams, 'mode'> & { mode?: 'form' };
export type ElicitUrlParams = ElicitRequestURLParams;

/** A request being served: signal, metadata, progress, logging, and who is asking. */
export class ServerContext extends RequestContext {
  readonly serverSession: ServerSession;
  readonly #channel: ClientChannel;

  constructor(
    session: Session,
    serverSession: ServerSession,
    channel: ClientChannel,
    requestId: RequestId,
    method: string,
    params: Record<string, unknown>,
    protocolVersion: string,
  ) {
    super(session, requestId, method, params, protocolVersion);
    this.serverSession = serverSession;
    this.#channel = channel;
  }

  /** The client's declared capabilities. */
  get clientCapabilities(): ClientCapabilities {
    return (this.envelope?.clientCapabilities ?? this.session.peer?.capabilities ?? {}) as ClientCapabilities;
  }

  /** The client's name and version, as it introduced itself. */
  get clientInfo(): Implementation | undefined {
    return (this.envelope ? this.envelope.clientInfo : this.session.peer?.info) as Implementation | undefined;
  }

  /**
   * Sends a log message to the client when `level` is at or above the level the client asked
   * for; otherwise does nothing.
   */
  async log(level: LoggingLevel, data: unknown, logger?: string): Promise<void> {
    // A stateless request opts into log messages itself; a session sets one level for all.
    const threshold = this.envelope ? this.envelope.logLevel : this.#channel.logLevel;
    if (!levelPasses(level, threshold) || this.cancelled) return;
    const params: Record<string, unknown> = { level, data };
    if (logger !== undefined) params.logger = logger;
    await this.session.notify('notifications/message', params, { relatedRequestId: this.requestId });
  }

  /**
   * Asks the user for input through the client: a form (`requestedSchema`, the restricted
   * JSON Schema of flat primitive fields) or, with `mode: 'url'`, a page to visit.
   */
  async elicit(params: ElicitFormParams | ElicitUrlParams): Promise<ElicitResult> {
    this.#refuseStateless('elicitation');
    const caps = this.clientCapabilities;
    if (!hasCapability(caps, 'elicitation')) {
      throw new CapabilityNotSupportedError('The client does not support elicitation (it did not declare the elicitation capability)');
    }
    const url = params.mode === 'url';
    const explicitModes = hasCapability(caps, 'elicitation.form') || hasCapability(caps, 'elicitation.url');
    if (url && !hasCapability(caps, 'elicitation.url')) {
      throw new CapabilityNotSupportedError('The client does not support URL-mode elicitation (elicitation.url not declared)');
    }
    if (!url && explicitModes && !hasCapability(caps, 'elicitation.form')) {
      throw new CapabilityNotSupportedError('The client does not support form-mode elicitation (elicitation.form not declared)');
    }
    if (url) return (await this.#channel.request('elicitation/create', { ...params }, this.signal, this.requestId)) as ElicitResult;
    const form = params as ElicitFormParams;
    checkElicitationSchema(form.requestedSchema);
    // `mode` exists since 2025-11-25; older clients know only forms and no mode field.
    const { mode: _mode, ...rest } = form;
    const wire = this.protocolVersion >= '2025-11-25' ? { mode: 'form', ...rest } : rest;
    const answer = (await this.#channel.request('elicitation/create', wire, this.signal, this.requestId)) as ElicitResult;
    if (answer.action === 'accept') {
      // The handler may rely on the answer having the shape it asked for.
      const issues = elicitationContentIssues(form.requestedSchema, answer.content ?? {});
      if (issues.length > 0) throw invalidParams(`The client's answer does not match the requested schema: ${issues.join('; ')}`);
    }
    return answer;
  }

  /** Asks the client's model for a completion (`sampling/createMessage`), optionally with tools. */
  async sample(params: CreateMessageRequestParams): Promise<CreateMessageResult> {
    this.#refuseStateless('sampling');
    const caps = this.clientCapabilities;
    if (!hasCapability(caps, 'sampling')) {
      throw new CapabilityNotSupportedError('The client does not support sampling (it did not declare the sampling capability)');
    }
    if ((params.tools !== undefined || params.toolChoice !== undefined) && !hasCapability(caps, 'sampling.tools')) {
      throw new CapabilityNotSupportedError('The client does not support tools in sampling (sampling.tools not declared)');
    }
    if (params.includeContext !== undefined && params.includeContext !== 'none' && this.protocolVersion >= '2025-11-25' && !hasCapability(caps, 'sampling.context')) {
      throw new CapabilityNotSupportedError(`The client does not support includeContext "${params.includeContext}" (sampling.context not declared)`);
    }
    checkSamplingMessages(params);
    return (await this.#channel.request('sampling/createMessage', params as Record<string, unknown>, this.signal, this.requestId)) as CreateMessageResult;
  }

  /** The client's roots (directories and files it lets the server work in). */
  async listRoots(): Promise<ListRootsResult> {
    this.#refuseStateless('roots');
    if (!hasCapability(this.clientCapabilities, 'roots')) {
      throw new CapabilityNotSupportedError('The client does not support roots (it did not declare the roots capability)');
    }
    return (await this.#channel.request('roots/list', {}, this.signal, this.requestId)) as ListRootsResult;
  }

  /**
   * A stateless request cannot reach the client mid-call: the answer must come back as a
   * multi round-trip result, which this server does not produce yet.
   */
  #refuseStateless(what: string): void {
    if (this.envelope) {
      throw new CapabilityNotSupportedError(`Asking the client for ${what} during a ${this.protocolVersion} request needs a multi round-trip result, which this server does not support yet`);
    }
  }
}
