/**
 * The context a server-side handler receives: who is asking, logging, and the calls to the
 * client (elicit, sample, list roots) written once for every revision. In a legacy session
 * they travel as real requests on the session; in a modern (2026-07-28)
 * `tools/call`, `prompts/get` or `resources/read` they become rounds of a multi round-trip
 * request through the context's `ServedRound`.
 * @module
 */
import { requestContextAccess, RequestContext } from '../protocol/request-context.js';
import { CapabilityNotSupportedError, invalidParams } from '../protocol/errors.js';
import { checkElicitationSchema, elicitationContentIssues } from '../protocol/elicitation-checks.js';
import { hasCapability } from '../protocol/methods.js';
import { shapeForRevision } from '../protocol/revision-shape.js';
import { missingClientCapability, type RequestEnvelope } from '../protocol/modern.js';
import { sessionAccess } from '../protocol/session.js';
import type { RequestId } from '../jsonrpc/message.js';
import type { ClientCapabilities } from '../types/capabilities.js';
import type { Implementation } from '../types/base.js';
import type { ElicitRequestFormParams, ElicitRequestURLParams, ElicitResult } from '../types/elicitation.js';
import { inputRequests as inputRequestsGuard } from '../types/guards/multi-round-trip.js';
import type { InputRequest, InputRequests, InputResponses } from '../types/multi-round-trip.js';
import type { CreateMessageRequestParams, CreateMessageResult } from '../types/sampling.js';
import type { ListRootsResult } from '../types/roots.js';
import type { LoggingLevel } from '../types/logging.js';
import { levelPasses } from './logging.js';
import { checkSamplingMessages } from '../protocol/sampling-checks.js';
import type { ServedRound } from './multi-round-trip/served-round.js';
import type { TaskChannel } from './tasks/task-run.js';
import type { ServerSession } from './server-session.js';
import type { AuthInfo } from '../auth/auth-info.js';

/** Form-mode params; `mode` may be left out. */
export type ElicitFormParams = Omit<ElicitRequestFormParams, 'mode'> & { mode?: 'form' };
/**
 * URL-mode params: the user is sent to a page of the server's (a sign-in, a payment) rather than
 * shown a form.
 */
export type ElicitUrlParams = ElicitRequestURLParams;

/** Options of a call to the client. */
export interface InputOptions {
  /**
   * The key the client answers under in a multi round-trip request (ignored in a legacy
   * session). Default: the call's order among the handler's calls of the same kind
   * (`elicitation-1`, `sampling-2`, `roots-1`), stable as long as the handler asks the same
   * questions in the same order on every run. A question asked again needs a new key.
   */
  key?: string;
}

/** What `ctx.inputRequired()` answers the client with. */
export interface InputRequiredOptions {
  /**
   * Any JSON value, handed back as `ctx.requestState` on the retry (and later rounds, until
   * replaced). Sealed in `requestState`: the client can neither read nor change it.
   */
  state?: unknown;
  /** Requests for the client to fulfil, by key; the answers arrive in `ctx.inputResponses`. */
  inputRequests?: InputRequests;
}

const NO_RESPONSES: Readonly<InputResponses> = Object.freeze({});

/**
 * The library's own access to a server context, given out by the class below (only its body can
 * reach `#` members): multi round-trip requests and tasks call `serverContextAccess.enterRound(ctx,
 * round)` and the like. Not part of the published API.
 * @internal
 */
export interface ServerContextAccess {
  /**
   * Makes `ctx` serve a round of a multi round-trip request (a modern `tools/call`,
   * `prompts/get` or `resources/read`): its calls to the client are answered from `round`.
   */
  enterRound: (ctx: ServerContext, round: ServedRound) => void;
  /**
   * Makes `ctx` the context of a task: its calls to the client, progress and log messages go
   * through `channel` for as long as the task runs, after the request that made it was answered.
   */
  enterTask: (ctx: ServerContext, channel: TaskChannel) => void;
  /** Lets `ctx.startTask()` make the rest of the request a task, by calling `start`. */
  enterDeferredTask: (ctx: ServerContext, start: () => Promise<void>) => void;
}

/** @internal */
export const serverContextAccess: ServerContextAccess = {} as ServerContextAccess;

/** A request being served: signal, metadata, progress, logging, and who is asking. */
export class ServerContext extends RequestContext {
  /** The session of the client that sent the request. */
  declare readonly session: ServerSession;
  /**
   * Who the request's access token speaks for, when the HTTP endpoint checks tokens (its
   * `auth` option): the token of this very request, so in a legacy session it is the latest
   * token the client sent (the session stays bound to one principal). `undefined` without
   * authorization (stdio, an endpoint without `auth`).
   */
  readonly auth: AuthInfo | undefined;
  /**
   * Which client the request came from, as the HTTP endpoint's `clientKey` option names the
   * HTTP request that carried it: by default its network address (an IPv6 one by its /64),
   * none for loopback addresses. A key for limits kept per client (`tasks.limitKey`), never an
   * identity: it proves only what the endpoint's `clientKey` reads. `undefined` over stdio, and
   * wherever the endpoint names none.
   */
  readonly clientKey: string | undefined;
  #round: ServedRound | undefined;
  #task: TaskChannel | undefined;
  #startTask: (() => Promise<void>) | undefined;

  constructor(
    session: ServerSession,
    requestId: RequestId,
    method: string,
    params: Record<string, unknown>,
    protocolVersion: string,
    envelope?: RequestEnvelope,
    auth?: AuthInfo,
    clientKey?: string,
  ) {
    super(session, requestId, method, params, protocolVersion, envelope);
    this.auth = auth;
    this.clientKey = clientKey;
  }

  static {
    serverContextAccess.enterRound = (ctx, round) => (ctx.#round = round);
    serverContextAccess.enterTask = (ctx, channel) => (ctx.#task = channel);
    serverContextAccess.enterDeferredTask = (ctx, start) => (ctx.#startTask = start);
  }

  /**
   * For a tool declared `task: { support, deferred: true }`: the rest of the call runs as a
   * task. The client gets the task at once and the handler goes on; from here its questions
   * to the client are the task's input requests. What it asked before (a modern request's
   * input-required rounds) it has the answers to. Does nothing when the call is a task
   * already or cannot become one (the client did not declare tasks).
   */
  async startTask(): Promise<void> {
    if (this.#task || !this.#startTask) return;
    const start = this.#startTask;
    this.#startTask = undefined;
    await start();
  }

  /** The id of the task this handler runs as, when the call was made a task. */
  get taskId(): string | undefined {
    return this.#task?.taskId;
  }

  /**
   * Reports progress to the client. In a task of 2025-11-25 it goes with the task's id for as
   * long as the task runs; in a task of the tasks extension, which has no progress messages,
   * it becomes the task's status message.
   */
  override progress(progress: number, total?: number, message?: string): Promise<void> {
    if (this.#task) return this.#task.progress(progress, total, message);
    return super.progress(progress, total, message);
  }

  /** The client's declared capabilities. */
  get clientCapabilities(): ClientCapabilities {
    return (requestContextAccess.envelopeOf(this)?.clientCapabilities ??
      sessionAccess.peerCapabilities(this.session) ??
      {}) as ClientCapabilities;
  }

  /** The client's name and version, as it introduced itself. */
  get clientInfo(): Implementation | undefined {
    const envelope = requestContextAccess.envelopeOf(this);
    return (envelope ? envelope.clientInfo : sessionAccess.peerInfo(this.session)) as Implementation | undefined;
  }

  /**
   * Sends a log message to the client when `level` is at or above the level the client asked
   * for; otherwise does nothing.
   */
  async log(level: LoggingLevel, data: unknown, logger?: string): Promise<void> {
    if (this.#task) return this.#task.log(level, data, logger);
    // A modern request opts into log messages itself; a session sets one level for all.
    const envelope = requestContextAccess.envelopeOf(this);
    const threshold = envelope ? envelope.logLevel : this.session.logLevel;
    if (!levelPasses(level, threshold) || requestContextAccess.isCancelled(this)) return;
    const params: Record<string, unknown> = { level, data };
    if (logger !== undefined) params.logger = logger;
    await this.session.notify('notifications/message', params, { relatedRequestId: this.requestId });
  }

  /**
   * Asks the user for input through the client: a form (`requestedSchema`, the restricted
   * JSON Schema of flat primitive fields) or, with `mode: 'url'`, a page to visit. An accepted
   * form's content is checked against the schema before the handler sees it.
   */
  async elicit(params: ElicitFormParams | ElicitUrlParams, options: InputOptions = {}): Promise<ElicitResult> {
    const request = { method: 'elicitation/create', params } as InputRequest;
    if (params.mode === 'url') return (await this.#ask(request, options.key)) as ElicitResult;
    const schema = params.requestedSchema;
    return (await this.#ask(request, options.key, (answer) => {
      if (answer.action !== 'accept') return;
      // The handler may rely on the answer having the shape it asked for.
      const issues = elicitationContentIssues(schema, answer.content ?? {});
      if (issues.length > 0)
        throw invalidParams(`The client's answer does not match the requested schema: ${issues.join('; ')}`);
    })) as ElicitResult;
  }

  /** Asks the client's model for a completion (`sampling/createMessage`), optionally with tools. */
  async sample(params: CreateMessageRequestParams, options: InputOptions = {}): Promise<CreateMessageResult> {
    return (await this.#ask({ method: 'sampling/createMessage', params }, options.key)) as CreateMessageResult;
  }

  /** The client's roots (directories and files it lets the server work in). */
  async listRoots(options: InputOptions = {}): Promise<ListRootsResult> {
    return (await this.#ask({ method: 'roots/list', params: {} }, options.key)) as ListRootsResult;
  }

  /** Whether this request can be answered with an input-required result (`ctx.inputRequired()`). */
  get multiRoundTrip(): boolean {
    return this.#round !== undefined;
  }

  /** In a multi round-trip request: the state the handler gave `ctx.inputRequired()` in an earlier round. */
  get requestState(): unknown {
    return this.#round?.state;
  }

  /** In a multi round-trip request: the answers the client sent with this retry, by key. */
  get inputResponses(): Readonly<InputResponses> {
    return this.#round?.responses ?? NO_RESPONSES;
  }

  /**
   * Ends this round of a multi round-trip request: the client gets an input-required result
   * with `inputRequests` (if given, and any questions asked through `elicit` / `sample` /
   * `listRoots` still unanswered) and a sealed `requestState` holding `state`, and retries.
   * Only for a modern `tools/call`, `prompts/get` or `resources/read` (`ctx.multiRoundTrip`).
   */
  inputRequired(options: InputRequiredOptions = {}): never {
    const round = this.#round;
    if (!round) {
      throw new Error(
        `ctx.inputRequired() needs a modern (2026-07-28) tools/call, prompts/get or resources/read request; this is ${this.method} in ${this.protocolVersion}`,
      );
    }
    const requests = options.inputRequests;
    if (requests !== undefined) {
      const issue = inputRequestsGuard(requests);
      if (issue !== undefined) throw new TypeError(`ctx.inputRequired(): invalid inputRequests: ${issue}`);
      for (const request of Object.values(requests)) this.#check(request);
    }
    return round.require(options.state, requests);
  }

  /**
   * Asks the client: checks the client's capabilities and the request, then sends it (legacy
   * session) or takes its answer from the round, recording it for the client when there is none.
   * `check` vets the answer before the handler sees it.
   */
  async #ask(
    request: InputRequest,
    key: string | undefined,
    check?: (answer: Record<string, unknown>) => void,
  ): Promise<Record<string, unknown>> {
    const round = this.#round;
    const task = this.#task;
    if (!round && !task && requestContextAccess.envelopeOf(this)) {
      throw new CapabilityNotSupportedError(
        `Asking the client (${request.method}) during a ${this.protocolVersion} ${this.method} request is not possible: only tools/call, prompts/get and resources/read can answer with an input-required result`,
      );
    }
    this.#check(request);
    const wire = this.#forRevision(request);
    if (task) return task.ask(wire, key, check);
    if (round) return round.answer(wire, key, check);
    const params = (wire.params ?? {}) as Record<string, unknown>;
    const answer = await this.session.request(wire.method, params, {
      signal: this.signal,
      relatedRequestId: this.requestId,
    });
    check?.(answer);
    return answer;
  }

  /** The request as the client's revision defines it. */
  #forRevision(request: InputRequest): InputRequest {
    const version = this.protocolVersion;
    switch (request.method) {
      case 'elicitation/create': {
        if (request.params.mode === 'url')
          return {
            method: request.method,
            params: shapeForRevision('ElicitRequestURLParams', { ...request.params }, version),
          };
        // `mode` exists since 2025-11-25; older clients know only forms and no mode field.
        const { mode: _mode, ...rest } = request.params;
        return { method: request.method, params: version >= '2025-11-25' ? { mode: 'form', ...rest } : rest };
      }
      case 'sampling/createMessage':
        return {
          method: request.method,
          params: shapeForRevision('CreateMessageRequestParams', request.params, version),
        };
      default:
        return request;
    }
  }

  /**
   * The client must have declared what the request needs (including elicitation modes,
   * `sampling.tools` and `sampling.context`), and the request must be well formed.
   */
  #check(request: InputRequest): void {
    switch (request.method) {
      case 'elicitation/create': {
        const params = request.params;
        this.#need(
          'elicitation',
          'The client does not support elicitation (it did not declare the elicitation capability)',
        );
        const caps = this.clientCapabilities;
        const explicitModes = hasCapability(caps, 'elicitation.form') || hasCapability(caps, 'elicitation.url');
        if (params.mode === 'url') {
          this.#need(
            'elicitation.url',
            'The client does not support URL-mode elicitation (elicitation.url not declared)',
          );
        } else {
          if (explicitModes)
            this.#need(
              'elicitation.form',
              'The client does not support form-mode elicitation (elicitation.form not declared)',
            );
          checkElicitationSchema(params.requestedSchema);
        }
        return;
      }
      case 'sampling/createMessage': {
        const params = request.params;
        this.#need('sampling', 'The client does not support sampling (it did not declare the sampling capability)');
        if (params.tools !== undefined || params.toolChoice !== undefined) {
          this.#need('sampling.tools', 'The client does not support tools in sampling (sampling.tools not declared)');
        }
        if (
          params.includeContext !== undefined &&
          params.includeContext !== 'none' &&
          this.protocolVersion >= '2025-11-25'
        ) {
          this.#need(
            'sampling.context',
            `The client does not support includeContext "${params.includeContext}" (sampling.context not declared)`,
          );
        }
        checkSamplingMessages(params);
        return;
      }
      case 'roots/list':
        this.#need('roots', 'The client does not support roots (it did not declare the roots capability)');
        return;
    }
  }

  /**
   * Fails unless the client declared `capability` (a dotted path). A modern request gets
   * the revision's own error, -32021 naming what is missing.
   */
  #need(capability: string, message: string): void {
    if (hasCapability(this.clientCapabilities, capability)) return;
    if (!requestContextAccess.envelopeOf(this)) throw new CapabilityNotSupportedError(message);
    const required: Record<string, unknown> = {};
    let node = required;
    for (const part of capability.split('.')) {
      const next: Record<string, unknown> = {};
      node[part] = next;
      node = next;
    }
    throw missingClientCapability(required, message);
  }
}
