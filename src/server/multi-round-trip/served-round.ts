/**
 * One round of a multi round-trip request (2026-07-28), as the handler's context sees it: the
 * answers the client has given (in this retry, or in earlier rounds through `requestState`),
 * and the inputs the handler asked for that have no answer yet. The handler runs from the
 * start on every round; a question without an answer ends the round.
 * @module
 */
import { invalidParams } from '../../protocol/errors.js';
import { GUARDS } from '../../types/guards/index.js';
import type { InputRequest, InputRequests, InputResponses } from '../../types/multi-round-trip.js';
import type { RoundState } from './request-state.js';

/**
 * Thrown from `ctx.elicit()` / `ctx.sample()` / `ctx.listRoots()` when the answer is not there
 * yet, and from `ctx.inputRequired()`: it ends the handler's run, and the server answers with an
 * input-required result. Whatever the handler does with it, the round's result is the same.
 */
export class InputRequiredSignal extends Error {
  constructor() {
    super('The request needs input from the client first (multi round-trip request)');
    this.name = 'InputRequiredSignal';
  }
}

/** The result an answer must be, by the method of the input request. */
export const ANSWER_TYPE: Readonly<Record<InputRequest['method'], string>> = {
  'elicitation/create': 'ElicitResult',
  'sampling/createMessage': 'CreateMessageResult',
  'roots/list': 'ListRootsResult',
};

/** The prefix of default keys, by the method of the input request. */
export const KEY_PREFIX: Readonly<Record<InputRequest['method'], string>> = {
  'elicitation/create': 'elicitation',
  'sampling/createMessage': 'sampling',
  'roots/list': 'roots',
};

export class ServedRound {
  /** What the client sent with this retry, checked against the spec's shape. */
  readonly responses: Readonly<InputResponses>;
  readonly #earlier: Readonly<Record<string, unknown>>;
  #state: unknown;
  // Created on first use: most rounds ask the client nothing.
  #used: Map<string, unknown> | undefined;
  #methods: Map<string, InputRequest['method']> | undefined;
  #requests: Map<string, InputRequest> | undefined;
  #calls: Map<string, number> | undefined;
  #explicit = false;

  constructor(earlier: RoundState | undefined, responses: InputResponses | undefined) {
    this.#earlier = earlier?.answers ?? {};
    this.#state = earlier?.state;
    this.responses = responses ?? {};
  }

  /** The handler's own state from the round before, if it set one. */
  get state(): unknown {
    return this.#state;
  }

  /**
   * The client's answer to `request`, checked against the result type of its method and by
   * `check` (which throws); when there is none yet, the request is recorded for the client and
   * the handler's run ends here. Without `key`, the key is the call's order among calls of the
   * same method in this run.
   */
  answer(
    request: InputRequest,
    key?: string,
    check?: (answer: Record<string, unknown>) => void,
  ): Record<string, unknown> {
    const k = key ?? `${KEY_PREFIX[request.method]}-${this.#nextCall(request.method)}`;
    this.#claim(k, request.method);
    // An answer the handler already used in an earlier round wins over a new one under the same key.
    const given = Object.hasOwn(this.#earlier, k)
      ? this.#earlier[k]
      : Object.hasOwn(this.responses, k)
        ? this.responses[k]
        : undefined;
    if (given === undefined) {
      const requests = (this.#requests ??= new Map());
      if (!requests.has(k)) requests.set(k, request);
      throw new InputRequiredSignal();
    }
    const issue = GUARDS[ANSWER_TYPE[request.method]]?.(given);
    if (issue !== undefined)
      throw invalidParams(`inputResponses[${JSON.stringify(k)}] is not a valid answer to ${request.method}: ${issue}`);
    const answer = given as Record<string, unknown>;
    // Only answers that passed every check are carried into later rounds.
    check?.(answer);
    (this.#used ??= new Map()).set(k, answer);
    return answer;
  }

  /** Ends the run with the handler's own state and/or input requests (checked by the caller). */
  require(state: unknown, requests: InputRequests | undefined): never {
    if (state !== undefined) this.#state = state;
    for (const [k, request] of Object.entries(requests ?? {})) {
      this.#claim(k, request.method);
      (this.#requests ??= new Map()).set(k, request);
    }
    this.#explicit = true;
    throw new InputRequiredSignal();
  }

  /** Whether this run ends with an input-required result. */
  get needsInput(): boolean {
    return this.#explicit || (this.#requests?.size ?? 0) > 0;
  }

  /** The input requests of this round, if any. */
  get inputRequests(): InputRequests | undefined {
    return this.#requests && this.#requests.size > 0 ? Object.fromEntries(this.#requests) : undefined;
  }

  /** What the next round needs to know: the answers used so far and the handler's state. */
  carry(): RoundState {
    const answers = Object.fromEntries(this.#used ?? []);
    return this.#state === undefined ? { answers } : { answers, state: this.#state };
  }

  #nextCall(method: InputRequest['method']): number {
    const calls = (this.#calls ??= new Map());
    const n = (calls.get(method) ?? 0) + 1;
    calls.set(method, n);
    return n;
  }

  /** One key names one kind of input in a run. */
  #claim(key: string, method: InputRequest['method']): void {
    if (typeof key !== 'string' || key === '') throw new TypeError('An input key must be a non-empty string');
    const methods = (this.#methods ??= new Map());
    const known = methods.get(key);
    if (known !== undefined && known !== method)
      throw new TypeError(`Input key ${JSON.stringify(key)} is used for both ${known} and ${method}`);
    methods.set(key, method);
  }
}
