/**
 * The calls a gateway (or proxy) has in progress upstream on behalf of its own clients, and the
 * routing of what an upstream server asks for during one of them (elicitation, sampling) to the
 * client whose call it is: through that call's context (`ctx.elicit`, `ctx.sample`), so a
 * legacy client gets a request tied to its call and a modern one an input-required result.
 *
 * Which call a server's request belongs to: a modern server asks within the call itself (a
 * multi round-trip result), which the call's own hook answers. A legacy server's request carries
 * no reference to the call, so it goes to the one call in progress on that server, or to the
 * latest of several made by one legacy client (the same user either way); with calls of several
 * clients in progress the gateway cannot tell, and refuses it.
 * @module
 */
import {
  McpError,
  type CancelSource,
  type CreateMessageRequestParams,
  type CreateMessageResult,
  type ElicitRequestFormParams,
  type ElicitRequestURLParams,
  type ElicitResult,
  type InputRequiredResult,
  type InputResponses,
} from 'mcpkit';
import type { InputRequiredHook } from 'mcpkit/client';
import type { ServerContext } from 'mcpkit/server';

/** One call in progress upstream for a client of the gateway. */
interface Call {
  /** The upstream server it went to; `undefined` when not known. */
  readonly server: string | undefined;
  readonly ctx: ServerContext;
  /**
   * Ends the upstream call when the client's modern request needs input first; only for those
   * (a legacy client's call ends with its client's cancellation alone).
   */
  readonly cancellation: Cancellation | undefined;
}

/** What the upstream side of a call is given. */
export interface RoutedCall {
  /** Cancelled when the client cancels, or when its modern request must first ask it for input. */
  cancelWith: CancelSource;
  /** Answers a modern upstream server's input requests by asking the client of this call. */
  onInputRequired: InputRequiredHook;
}

/** The name of the error `ctx.elicit` / `ctx.sample` throw in a modern request when the answer is not there yet. */
const INPUT_REQUIRED = 'InputRequiredSignal';

export class InputRouter {
  readonly #calls = new Set<Call>();

  /**
   * Runs `work`, the upstream side of the client's request `ctx` to `server`, as a call in
   * progress until it settles.
   */
  run<T>(server: string | undefined, ctx: ServerContext, work: (call: RoutedCall) => Promise<T>): Promise<T> {
    // The client's context itself cancels the upstream call: no signal is made for a call
    // (which costs more than the rest of forwarding it), except where the gateway may end it.
    const cancellation = ctx.multiRoundTrip ? new Cancellation() : undefined;
    const call: Call = { server, ctx, cancellation };
    const unlink = cancellation && ctx.onCancel((reason) => cancellation.cancel(reason));
    this.#calls.add(call);
    const routed: RoutedCall = {
      cancelWith: cancellation ?? ctx,
      onInputRequired: (result) => this.#answer(call, result),
    };
    const settle = () => {
      this.#calls.delete(call);
      unlink?.();
    };
    return work(routed).then(
      (value) => {
        settle();
        return value;
      },
      (error: unknown) => {
        settle();
        throw error;
      },
    );
  }

  /** `server` asks its user for input: the client of the call it belongs to is asked. */
  async elicit(server: string, params: ElicitRequestFormParams | ElicitRequestURLParams): Promise<ElicitResult> {
    const call = this.#callOf(server, 'elicitation/create');
    return this.#ask(call, () => call.ctx.elicit(params));
  }

  /** `server` asks for a completion from a model: the client of the call it belongs to is asked. */
  async sample(server: string, params: CreateMessageRequestParams): Promise<CreateMessageResult> {
    const call = this.#callOf(server, 'sampling/createMessage');
    return this.#ask(call, () => call.ctx.sample(params));
  }

  /**
   * A modern upstream server's input requests during `call`, asked of its client under the
   * same keys; `undefined` (the host's own answers) when one is not a question for the user.
   */
  async #answer(call: Call, result: InputRequiredResult): Promise<InputResponses | undefined> {
    const requests = Object.entries(result.inputRequests ?? {});
    const ctx = call.ctx;
    const asked = requests.map(([key, request]) => {
      if (request.method === 'elicitation/create') return ctx.elicit(request.params, { key });
      if (request.method === 'sampling/createMessage') return ctx.sample(request.params, { key });
      return undefined;
    });
    if (asked.includes(undefined)) return undefined;
    // Every question asked at once: a modern client gets them all in one round.
    const answers = await Promise.allSettled(asked);
    const failed = answers.find((answer) => answer.status === 'rejected');
    if (failed) throw failed.reason;
    const responses: InputResponses = {};
    requests.forEach(([key], i) => (responses[key] = (answers[i] as PromiseFulfilledResult<never>).value));
    return responses;
  }

  async #ask<T>(call: Call, ask: () => Promise<T>): Promise<T> {
    try {
      return await ask();
    } catch (error) {
      // A modern client answers with a retry: the call upstream ends now and is made again,
      // the answer ready, when the client retries (the upstream server asks the same again).
      if ((error as Error | undefined)?.name === INPUT_REQUIRED) call.cancellation?.cancel(error);
      throw error;
    }
  }

  #callOf(server: string, method: string): Call {
    const candidates = [...this.#calls].filter((call) => call.server === server);
    const latest = candidates.at(-1);
    if (latest === undefined)
      throw new McpError(-32603, `server "${server}" sent ${method} while no call of a client was in progress on it`);
    const oneClient = candidates.every((call) => !call.ctx.multiRoundTrip && call.ctx.session === latest.ctx.session);
    if (candidates.length === 1 || oneClient) return latest;
    throw new McpError(
      -32603,
      `server "${server}" sent ${method} while calls of several clients were in progress on it: the gateway cannot tell whose it is`,
    );
  }
}

/** A cancellation the gateway itself may set off, for the call it is given to. */
class Cancellation implements CancelSource {
  #listeners: ((reason: unknown) => void)[] = [];
  #cancelled: { reason: unknown } | undefined;

  onCancel(listener: (reason: unknown) => void): () => void {
    if (this.#cancelled) {
      const { reason } = this.#cancelled;
      let listening = true;
      queueMicrotask(() => listening && listener(reason));
      return () => (listening = false);
    }
    this.#listeners.push(listener);
    return () => (this.#listeners = this.#listeners.filter((other) => other !== listener));
  }

  cancel(reason: unknown): void {
    if (this.#cancelled) return;
    this.#cancelled = { reason };
    const listeners = this.#listeners;
    this.#listeners = [];
    for (const listener of listeners) listener(reason);
  }
}
