/**
 * Multi round-trip requests (2026-07-28), for a client: when `tools/call`, `prompts/get` or
 * `resources/read` answers with an `InputRequiredResult`, answer its input requests with the
 * client's own sampling, elicitation and roots handlers and send the request again, as a new
 * request carrying `inputResponses` and the server's `requestState`, until the result is
 * complete or the round limit is reached.
 * @module
 */
import { ErrorCode } from '../jsonrpc/errors.js';
import { isObject } from '../jsonrpc/message.js';
import { McpError } from '../protocol/errors.js';
import { hasCapability, requiredCapability } from '../protocol/methods.js';
import { requestContextAccess, RequestContext } from '../protocol/request-context.js';
import { shapeForRevision } from '../protocol/revision-shape.js';
import { sessionAccess, type RequestHandler, type Session } from '../protocol/session.js';
import type {
  InputRequest,
  InputRequests,
  InputRequiredMethod,
  InputRequiredResult,
  InputResponse,
  InputResponses,
} from '../types/multi-round-trip.js';

/** How many `InputRequiredResult`s one call answers before giving up, unless configured. */
export const DEFAULT_MAX_INPUT_ROUNDS = 10;

/** What a take-over hook is told about the round it is asked to answer. */
export interface InputRound {
  /** The request being completed. */
  method: InputRequiredMethod;
  /** 1 for the first `InputRequiredResult` of the call, 2 for the next, ... */
  round: number;
  /** The caller's signal: aborts when the call is abandoned. */
  signal: AbortSignal | undefined;
}

/**
 * Takes over one round: returns the `InputResponses` to send with the retry, or `undefined` to
 * let the client's handlers answer (`session.answerInputRequests` answers any subset). Throwing
 * ends the call with that error.
 */
export type InputRequiredHook = (
  result: InputRequiredResult,
  round: InputRound,
) => InputResponses | undefined | Promise<InputResponses | undefined>;

/** Options of the calls that may need input: `callTool`, `getPrompt`, `readResource`. */
export interface MultiRoundTripOptions {
  /**
   * Most `InputRequiredResult`s this call answers; one more ends it with an
   * `InputRoundsExceededError`. Default: the client's `maxInputRounds` (10).
   */
  maxInputRounds?: number;
  /** Answers each round in place of the client's handlers (see `InputRequiredHook`). */
  onInputRequired?: InputRequiredHook;
}

/** The server asked for input this client cannot give: it has no handler or did not declare the capability. */
export class InputRequestNotSupportedError extends McpError {
  constructor(message: string, data: { key: string; method: string }) {
    super(ErrorCode.MethodNotFound, message, data);
    this.name = 'InputRequestNotSupportedError';
  }
}

/** A call was still asked for input after its round limit. `result` is the server's last `InputRequiredResult`. */
export class InputRoundsExceededError extends McpError {
  /** The server's last answer, still asking for input. */
  readonly result: InputRequiredResult;

  constructor(method: string, rounds: number, result: InputRequiredResult) {
    super(
      ErrorCode.InternalError,
      `${method} still required input after ${rounds} round${rounds === 1 ? '' : 's'} of answers; gave up`,
      { method, rounds },
    );
    this.name = 'InputRoundsExceededError';
    this.result = result;
  }
}

/** True for an interim result asking for input; a result without `resultType` is complete. */
export function isInputRequired(result: Record<string, unknown>): result is InputRequiredResult {
  return result.resultType === 'input_required';
}

/** What the loop needs from the session it runs on. */
export interface InputLoop {
  /** Sends one request (a new JSON-RPC id each time) and returns its checked result. */
  send(params: Record<string, unknown>): Promise<Record<string, unknown>>;
  /** Answers input requests with the client's handlers. */
  answer(requests: InputRequests, signal: AbortSignal | undefined): Promise<InputResponses>;
  maxRounds: number;
  hook: InputRequiredHook | undefined;
  signal: AbortSignal | undefined;
}

/**
 * Sends `params`, then answers and retries for as long as the server requires input. Resolves
 * with the final result and the number of rounds answered (0: it came at once, and only then
 * may it be cached). The state of one call lives here alone: parallel calls share nothing.
 */
export function requestWithInput(
  method: InputRequiredMethod,
  params: Record<string, unknown>,
  loop: InputLoop,
): Promise<{ result: Record<string, unknown>; rounds: number }> {
  // Most results need no input: those cost one step, not the loop's.
  return loop
    .send(params)
    .then((result) => (isInputRequired(result) ? answerRounds(method, params, loop, result) : { result, rounds: 0 }));
}

async function answerRounds(
  method: InputRequiredMethod,
  params: Record<string, unknown>,
  loop: InputLoop,
  first: Record<string, unknown>,
): Promise<{ result: Record<string, unknown>; rounds: number }> {
  let result = first;
  let rounds = 0;
  while (isInputRequired(result)) {
    if (rounds >= loop.maxRounds) throw new InputRoundsExceededError(method, rounds, result);
    rounds++;
    const requests = result.inputRequests;
    let responses = await loop.hook?.(result, { method, round: rounds, signal: loop.signal });
    if (responses === undefined && requests !== undefined) responses = await loop.answer(requests, loop.signal);
    loop.signal?.throwIfAborted();
    result = await loop.send(retryParams(params, responses, result.requestState));
  }
  return { result, rounds };
}

/**
 * The original params with this round's answers and the server's state, exactly as sent: no
 * `requestState` when the server gave none, and nothing left over from an earlier round.
 */
function retryParams(
  params: Record<string, unknown>,
  responses: InputResponses | undefined,
  requestState: string | undefined,
): Record<string, unknown> {
  const { inputResponses: _responses, requestState: _state, ...rest } = params;
  const retry: Record<string, unknown> = { ...rest };
  if (responses !== undefined) retry.inputResponses = responses;
  if (requestState !== undefined) retry.requestState = requestState;
  return retry;
}

/** The spec's name for each input request's result, whose members differ by revision. */
const RESULT_TYPES: Readonly<Record<string, string>> = {
  'sampling/createMessage': 'CreateMessageResult',
  'elicitation/create': 'ElicitResult',
  'roots/list': 'ListRootsResult',
};

/**
 * Answers every input request at once, each through the handler the client has for its method
 * (`sampling`, `elicitation`, `roots`, or one set with `setRequestHandler`), with the same checks
 * as a legacy server's requests: a sampling request using tools the client did not declare,
 * or a form answer that does not fit its schema, fails. The first failure aborts the other
 * handlers and is the result. A request the client declared no capability for fails with
 * `InputRequestNotSupportedError`: the server should not have sent it, and answering for the
 * user (declining a form, say) would report a choice nobody made.
 */
export async function answerInputRequests(
  session: Session,
  handlerFor: (method: string) => RequestHandler | undefined,
  requests: InputRequests,
  signal: AbortSignal | undefined,
): Promise<InputResponses> {
  signal?.throwIfAborted();
  const version = session.protocolVersion ?? '';
  // All refused before any handler runs: no form is shown for a call that cannot complete.
  const entries = Object.entries(requests).map(([key, request]) => ({
    key,
    request,
    handler: supportedHandler(session, handlerFor, key, request, version),
    ctx: new RequestContext(session, key, request.method, isObject(request.params) ? request.params : {}, version),
  }));
  let stop!: (reason: unknown) => void;
  const stopped = new Promise<never>((_, reject) => (stop = reject));
  const abortAll = (reason: unknown) => {
    for (const { ctx } of entries) requestContextAccess.abortRequest(ctx, reason);
    stop(reason);
  };
  const onAbort = () => abortAll(signal?.reason);
  signal?.addEventListener('abort', onAbort, { once: true });
  try {
    const jobs = entries.map(async ({ request, handler, ctx }): Promise<InputResponse> => {
      const result = await handler(ctx.params, ctx);
      return shapeForRevision(RESULT_TYPES[request.method] ?? '', result as InputResponse, version);
    });
    const answers = await Promise.race([Promise.all(jobs), stopped]);
    const responses: InputResponses = {};
    entries.forEach(({ key }, i) => (responses[key] = answers[i]!));
    return responses;
  } catch (error) {
    abortAll(error);
    throw error;
  } finally {
    signal?.removeEventListener('abort', onAbort);
  }
}

function supportedHandler(
  session: Session,
  handlerFor: (method: string) => RequestHandler | undefined,
  key: string,
  request: InputRequest,
  version: string,
): RequestHandler {
  const { method } = request;
  const missing = undeclaredCapability(sessionAccess.declaredCapabilities(session), request, version);
  const handler = handlerFor(method);
  if (missing !== undefined || !handler) {
    const why = missing !== undefined ? `it did not declare the ${missing} capability` : 'it has no handler for it';
    throw new InputRequestNotSupportedError(
      `The server asked for ${method} (input request ${JSON.stringify(key)}), which this client cannot answer: ${why}`,
      {
        key,
        method,
      },
    );
  }
  return handler;
}

/**
 * The capability the client would have to declare to accept `request`, when it did not; an
 * elicitation's mode counts.
 */
function undeclaredCapability(
  declared: Record<string, unknown>,
  request: InputRequest,
  version: string,
): string | undefined {
  const capability = requiredCapability(request.method, version) ?? request.method;
  if (!hasCapability(declared, capability)) return capability;
  if (request.method !== 'elicitation/create') return undefined;
  if (request.params.mode === 'url') return hasCapability(declared, 'elicitation.url') ? undefined : 'elicitation.url';
  // Form mode: `elicitation.form`, or a bare `elicitation: {}` (which means forms).
  const formDeclared = hasCapability(declared, 'elicitation.form') || !hasCapability(declared, 'elicitation.url');
  return formDeclared ? undefined : 'elicitation.form';
}
