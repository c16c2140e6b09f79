/**
 * Serving `tools/call`, `prompts/get` and `resources/read` in the modern revision as multi
 * round-trip requests: the handler runs with an `ServedRound` on its context; when it asked for
 * input the client has not given, the answer is an input-required result whose sealed
 * `requestState` carries everything the next round needs, so nothing is stored on the server.
 * @module
 */
import type { Clock } from '../../jsonrpc/clock.js';
import type { RequestHandler } from '../../protocol/session.js';
import { requestContextAccess } from '../../protocol/request-context.js';
import { methodInfo } from '../../types/methods.js';
import { RESULT_TYPE, type InputResponses } from '../../types/multi-round-trip.js';
import { serverContextAccess, type ServerContext } from '../context.js';
import { requestBinding, salientParams, type RequestBinding } from './binding.js';
import { ServedRound } from './served-round.js';
import { RequestStateSealer, type RequestStateSecret, type RoundState } from './request-state.js';
import { MemoryUsedStateStore, type UsedStateStore } from './used-states.js';
import type { RequestStateKeys } from '../fleet/fleet-store.js';
import { isThenable } from '../../internal/maybe-async.js';
import { principalOf } from '../../auth/auth-info.js';

/**
 * How a server seals the `requestState` it hands a client between the rounds of a request that
 * needs input (2026-07-28).
 */
export interface RequestStateOptions {
  /**
   * The secret `requestState` is sealed with (AES-256-GCM, key derived with HKDF-SHA256): at
   * least 32 random bytes. Default: random per `Server`, so state survives only in this
   * process; servers behind a load balancer share one. With several, the first seals and any
   * opens, for rotation.
   */
  key?: RequestStateSecret | readonly RequestStateSecret[];
  /** How long a `requestState` is accepted after it was issued. Default 10 minutes. */
  ttlMs?: number;
  /**
   * Who is asking, for binding state to its caller: state issued to one principal is refused
   * from another. Default: the principal of the request's access token (`ctx.auth`: its issuer
   * and subject) when the HTTP endpoint checks tokens; else the client's name and version from
   * the request's `_meta`, which the client declares itself and so proves nothing. Return
   * your own notion of the user when neither fits.
   */
  principal?: (ctx: ServerContext) => string | undefined | Promise<string | undefined>;
  /**
   * Where accepted states are recorded so each is accepted once; a copy presented again is
   * refused with -32602, even by its own client retrying after a lost answer (it starts the
   * request over). Default: a {@link MemoryUsedStateStore} of this `Server`. Servers sharing a
   * `key` share a store, or a state is accepted once by each of them. `false` accepts a state
   * any number of times until it expires.
   */
  usedStates?: UsedStateStore | false;
}

/** Whether results of `method` may be input-required results. */
export function mayRequireInput(method: string): boolean {
  return methodInfo(method)?.multiRoundTrip !== undefined;
}

/** The principal of the request's token, else the client's self-declared `name@version`. */
function defaultPrincipal(ctx: ServerContext): string | undefined {
  if (ctx.auth !== undefined) return `token ${principalOf(ctx.auth)}`;
  const info = ctx.clientInfo;
  return info ? `client ${info.name}@${info.version}` : undefined;
}

export class MultiRoundTrip {
  readonly #sealer: RequestStateSealer;
  readonly #principal: NonNullable<RequestStateOptions['principal']>;

  readonly #options: RequestStateOptions;

  constructor(options: RequestStateOptions = {}, clock?: Clock) {
    this.#options = options;
    const usedStates =
      options.usedStates === false ? undefined : (options.usedStates ?? new MemoryUsedStateStore({ clock }));
    this.#sealer = new RequestStateSealer({ key: options.key, ttlMs: options.ttlMs, clock, usedStates });
    this.#principal = options.principal ?? defaultPrincipal;
  }

  /**
   * Seals with the fleet's rotating keys and records used states in its store, so a round
   * sealed by one process is finished by any other, once. A `key` or `usedStates` given in the
   * options is kept.
   */
  share(keys: RequestStateKeys, usedStates: UsedStateStore): void {
    const own = this.#options.usedStates;
    this.#sealer.share(
      this.#options.key === undefined ? keys : undefined,
      own === false ? undefined : (own ?? usedStates),
    );
  }

  /** `handler`, with its modern requests served as rounds of a multi round-trip request. */
  wrap(handler: RequestHandler<ServerContext>): RequestHandler<ServerContext> {
    return (params, ctx) =>
      requestContextAccess.envelopeOf(ctx) ? this.#serve(handler, params, ctx) : handler(params, ctx);
  }

  /** Runs one round; synchronous when the handler is and the round needs no sealing or opening. */
  #serve(handler: RequestHandler<ServerContext>, params: Record<string, unknown>, ctx: ServerContext): unknown {
    const binder = new Binder(ctx, salientParams(ctx.method, params), this.#principal);
    if (typeof params.requestState === 'string') {
      const sealed = params.requestState;
      return binder
        .get()
        .then(async (binding) => this.#run(handler, params, ctx, await this.#sealer.open(sealed, binding), binder));
    }
    return this.#run(handler, params, ctx, undefined, binder);
  }

  #run(
    handler: RequestHandler<ServerContext>,
    params: Record<string, unknown>,
    ctx: ServerContext,
    earlier: RoundState | undefined,
    binder: Binder,
  ): unknown {
    const round = new ServedRound(earlier, params.inputResponses as InputResponses | undefined);
    serverContextAccess.enterRound(ctx, round);
    let result: unknown;
    try {
      result = handler(params, ctx);
    } catch (error) {
      return this.#outcome(round, binder, { error });
    }
    if (!isThenable(result)) return this.#outcome(round, binder, undefined, result);
    return Promise.resolve(result).then(
      (value) => this.#outcome(round, binder, undefined, value),
      (error: unknown) => this.#outcome(round, binder, { error }),
    );
  }

  #outcome(round: ServedRound, binder: Binder, failure: { error: unknown } | undefined, result?: unknown): unknown {
    // A question left unanswered decides the outcome, whatever the handler made of the signal.
    if (round.needsInput) return this.#inputRequired(round, binder);
    if (failure) throw failure.error;
    return result;
  }

  async #inputRequired(round: ServedRound, binder: Binder): Promise<Record<string, unknown>> {
    const inputRequests = round.inputRequests;
    const requestState = await this.#sealer.seal(round.carry(), await binder.get());
    return { resultType: RESULT_TYPE.inputRequired, ...(inputRequests && { inputRequests }), requestState };
  }
}

/** The request's binding, worked out at most once and only when state is opened or sealed. */
class Binder {
  #binding: Promise<RequestBinding> | undefined;

  constructor(
    readonly ctx: ServerContext,
    /** What `salientParams` gave before the handler ran. */
    readonly salient: string,
    readonly principal: NonNullable<RequestStateOptions['principal']>,
  ) {}

  get(): Promise<RequestBinding> {
    return (this.#binding ??= Promise.resolve(this.principal(this.ctx)).then((principal) =>
      requestBinding(this.ctx.method, this.salient, principal),
    ));
  }
}
