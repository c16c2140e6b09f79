/**
 * How a client answers the server's requests (`sampling/createMessage`, `elicitation/create`,
 * `roots/list`), and the capabilities that follow from the answers it can give. The
 * application writes typed handlers; this module checks what comes in before they see it and
 * what they return before it is sent.
 * @module
 */
import { ErrorCode } from '../jsonrpc/errors.js';
import { isObject } from '../jsonrpc/message.js';
import { invalidParams, McpError } from '../protocol/errors.js';
import { hasCapability } from '../protocol/methods.js';
import type { RequestContext } from '../protocol/request-context.js';
import { sessionAccess, type RequestHandler } from '../protocol/session.js';
import { validateResult } from '../protocol/message-checks.js';
import { checkSamplingMessages } from '../protocol/sampling-checks.js';
import type { ClientCapabilities } from '../types/capabilities.js';
import type {
  ElicitRequestFormParams,
  ElicitRequestParams,
  ElicitRequestURLParams,
  ElicitResult,
} from '../types/elicitation.js';
import type { Root } from '../types/roots.js';
import type { CreateMessageRequestParams, CreateMessageResult } from '../types/sampling.js';
import { elicitationContentIssues } from '../protocol/elicitation-checks.js';

/** Runs the application's model for the server. Throw an `McpError` (e.g. code -1) to refuse. */
export type SamplingHandler = (
  params: CreateMessageRequestParams,
  ctx: RequestContext,
) => CreateMessageResult | Promise<CreateMessageResult>;

/** Sampling support: the handler, and what the application's model can do beyond plain messages. */
export interface SamplingOptions {
  /** Answers the server's `sampling/createMessage` with the application's model. */
  handler: SamplingHandler;
  /** The model can use the tools a server offers (`tools`, `toolChoice`); declares `sampling.tools` (2025-11-25). */
  tools?: boolean;
  /** The handler honours `includeContext` other than `none`; declares `sampling.context` (2025-11-25). */
  context?: boolean;
}

/**
 * Shows a form built from `params.requestedSchema` and returns what the user did. An `accept`
 * answer's `content` is checked against the schema before it is sent.
 */
export type FormElicitationHandler = (
  params: ElicitRequestFormParams,
  ctx: RequestContext,
) => ElicitResult | Promise<ElicitResult>;

/** What the user did with a URL elicitation. `accept` means they agreed to open the URL, not that they finished. */
export type UrlElicitationResult = {
  /** `accept`: the user agreed to open the URL; `decline`: they refused; `cancel`: they dismissed the question. */
  action: 'accept' | 'decline' | 'cancel';
};

/**
 * Shows `params.url` in full and asks the user's consent before opening it (never fetch it
 * unasked). The interaction itself happens out of band.
 */
export type UrlElicitationHandler = (
  params: ElicitRequestURLParams,
  ctx: RequestContext,
) => UrlElicitationResult | Promise<UrlElicitationResult>;

/** Elicitation support: one handler per mode the application can present. */
export interface ElicitationOptions {
  /** Form mode; declares `elicitation.form` (in revisions before 2025-11-25, `elicitation: {}`). */
  form?: FormElicitationHandler;
  /** URL mode; declares `elicitation.url`. 2025-11-25 only. */
  url?: UrlElicitationHandler;
}

/** What the client can answer, as configured by the application. */
export interface AnswerConfig {
  sampling?: SamplingOptions | undefined;
  elicitation?: ElicitationOptions | undefined;
  /** The current roots; `undefined` when the client offers none. */
  roots(): readonly Root[] | undefined;
  onError?: ((error: Error) => void) | undefined;
}

/** What the handlers tell the session they serve. */
export interface AnswerHooks {
  /** A URL elicitation is under way; its completion notification may follow. */
  expectCompletion(elicitationId: string): void;
  /** A URL elicitation was declined or cancelled: no completion will follow. */
  forgetCompletion(elicitationId: string): void;
}

/**
 * The capabilities that follow from the configured answers, for a session asking for `version`
 * (which members a revision has is settled later by the handshake; here only the meaning).
 */
export function derivedCapabilities(config: AnswerConfig, version: string): ClientCapabilities {
  const capabilities: ClientCapabilities = {};
  if (config.roots() !== undefined) capabilities.roots = { listChanged: true };
  const sampling = config.sampling;
  if (sampling) {
    capabilities.sampling = {
      ...(sampling.tools && { tools: {} }),
      ...(sampling.context && { context: {} }),
    };
  }
  const { form, url } = config.elicitation ?? {};
  if (version >= '2025-11-25') {
    if (form || url) capabilities.elicitation = { ...(form && { form: {} }), ...(url && { url: {} }) };
  } else if (form) {
    // Before 2025-11-25 an elicitation capability means forms, the only mode there was.
    capabilities.elicitation = {};
  }
  return capabilities;
}

/**
 * Merges the application's explicit capabilities over the derived ones, one level deep:
 * `{ sampling: { tools: {} } }` adds to the derived `sampling`, `{ roots: undefined }` removes it,
 * `{ sampling: { context: undefined } }` removes one member.
 */
export function mergeCapabilities(
  derived: ClientCapabilities,
  explicit: Record<string, unknown> | undefined,
): Record<string, unknown> {
  const merged: Record<string, unknown> = { ...derived };
  for (const [key, value] of Object.entries(explicit ?? {})) {
    const base = merged[key];
    if (value === undefined) delete merged[key];
    else merged[key] = isObject(base) && isObject(value) ? withoutUndefined({ ...base, ...value }) : value;
  }
  return merged;
}

function withoutUndefined(object: Record<string, unknown>): Record<string, unknown> {
  return Object.fromEntries(Object.entries(object).filter(([, value]) => value !== undefined));
}

/** The request handlers for one session, by method: only those the configuration enables. */
export function answerHandlers(config: AnswerConfig, hooks: AnswerHooks): Map<string, RequestHandler> {
  const handlers = new Map<string, RequestHandler>();
  const sampling = config.sampling;
  if (sampling)
    handlers.set('sampling/createMessage', (params, ctx) =>
      answerSampling(sampling, params as CreateMessageRequestParams, ctx, config),
    );
  const elicitation = config.elicitation;
  if (elicitation?.form || elicitation?.url) {
    handlers.set('elicitation/create', (params, ctx) =>
      answerElicitation(elicitation, params as ElicitRequestParams, ctx, config, hooks),
    );
  }
  // Roots may be set after the client is built, so the handler is always there; the session
  // refuses roots/list (-32601) when the capability was not declared.
  handlers.set('roots/list', () => ({ roots: (config.roots() ?? []).map((root) => ({ ...root })) }));
  return handlers;
}

async function answerSampling(
  options: SamplingOptions,
  params: CreateMessageRequestParams,
  ctx: RequestContext,
  config: AnswerConfig,
): Promise<CreateMessageResult> {
  // Judged by what this session declared, which explicit capabilities may have changed.
  if (
    !hasCapability(sessionAccess.declaredCapabilities(ctx.session), 'sampling.tools') &&
    (params.tools !== undefined || params.toolChoice !== undefined)
  ) {
    throw invalidParams('This client does not support tools in sampling (it did not declare sampling.tools)');
  }
  // A conversation with unanswered tool uses or mixed tool results is the server's error (-32602).
  checkSamplingMessages(params);
  return checkedResult('sampling/createMessage', await options.handler(params, ctx), config);
}

async function answerElicitation(
  options: ElicitationOptions,
  params: ElicitRequestParams,
  ctx: RequestContext,
  config: AnswerConfig,
  hooks: AnswerHooks,
): Promise<ElicitResult> {
  // The spec answers a mode the client did not declare with -32602.
  if (params.mode === 'url') {
    if (!options.url || ctx.protocolVersion < '2025-11-25')
      throw invalidParams('This client does not support URL-mode elicitation');
    return answerUrl(options.url, params, ctx, config, hooks);
  }
  if (!options.form) throw invalidParams('This client does not support form-mode elicitation');
  const answer = await options.form(params, ctx);
  return checkedFormAnswer(params.requestedSchema, answer, config);
}

async function answerUrl(
  handler: UrlElicitationHandler,
  params: ElicitRequestURLParams,
  ctx: RequestContext,
  config: AnswerConfig,
  hooks: AnswerHooks,
): Promise<ElicitResult> {
  const id = params.elicitationId;
  // Known before the handler runs: the user may finish in the browser before it returns.
  if (id !== undefined) hooks.expectCompletion(id);
  let action: unknown;
  try {
    action = (await handler(params, ctx))?.action;
  } catch (error) {
    if (id !== undefined) hooks.forgetCompletion(id);
    throw error;
  }
  if (action !== 'accept' && id !== undefined) hooks.forgetCompletion(id);
  if (action !== 'accept' && action !== 'decline' && action !== 'cancel') {
    throw rejected(
      config,
      `Invalid elicitation answer: action must be accept, decline or cancel, not ${JSON.stringify(action)}`,
    );
  }
  // Nothing but the action: the data of a URL interaction never passes through the client.
  return { action };
}

/** The answer to send for a form, or -32602 describing why the application's answer cannot be sent. */
function checkedFormAnswer(
  schema: ElicitRequestFormParams['requestedSchema'],
  answer: ElicitResult,
  config: AnswerConfig,
): ElicitResult {
  const action: unknown = isObject(answer) ? answer.action : undefined;
  const meta = isObject(answer) && isObject(answer._meta) ? { _meta: answer._meta } : {};
  // Whatever was typed into a declined or cancelled form stays with the user.
  if (action === 'decline' || action === 'cancel') return { action, ...meta };
  if (action !== 'accept') {
    throw rejected(
      config,
      `Invalid elicitation answer: action must be accept, decline or cancel, not ${JSON.stringify(action)}`,
    );
  }
  const content = answer.content ?? {};
  const issues = elicitationContentIssues(schema, content);
  if (issues.length > 0) {
    throw rejected(config, `The elicitation answer does not match the requested schema: ${issues.join('; ')}`, {
      issues,
    });
  }
  return { action, content, ...meta };
}

/** A result from the application that is not the spec's shape is a bug on this side (-32603). */
function checkedResult<R extends object>(method: string, result: R, config: AnswerConfig): R {
  const issue = isObject(result) ? validateResult(method, result) : 'result: expected an object';
  if (issue === undefined) return result;
  const error = new McpError(ErrorCode.InternalError, `The client produced a malformed ${method} result: ${issue}`);
  config.onError?.(error);
  throw error;
}

/** -32602 for the server, and a report for the application, whose answer it was. */
function rejected(config: AnswerConfig, message: string, data?: unknown): McpError {
  const error = invalidParams(message, data);
  config.onError?.(error);
  return error;
}
