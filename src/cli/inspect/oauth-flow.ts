/**
 * The OAuth flow of a server the inspector reaches by URL: mcpkit's own `OAuthClient`, watched.
 * Each request it makes (protected resource metadata, authorization server metadata,
 * registration, token, refresh) is kept as a step with its exchanges, secrets masked; the user's
 * part gives the page the authorization URL to open and waits on a loopback redirect URI; the
 * tokens that come are decoded for the page (their claims, never their values). With
 * `stepThrough`, each step waits for the page's `continue` before it starts.
 * @module
 */
import { MemoryAuthStore, OAuthClient, type AuthFetch, type AuthorizeHook } from 'mcpkit/auth';
import { listenForRedirect } from 'mcpkit/node';
import { redirectPort } from '../login.js';
import { VERSION } from '../version.js';
import { masked } from './http-exchanges.js';
import { phaseOf, readRequestBody, shownQuery, shownResponse, tokenSummary } from './oauth-exchange.js';
import type { AuthExchange, AuthFlow, AuthPhase, AuthStep, OAuthChoice } from './protocol.js';

/** How long the browser has to come back from the login page. */
const LOGIN_TIMEOUT_MS = 10 * 60_000;
/** The time limit of one request once it starts (a paused step does not count). */
const REQUEST_TIMEOUT_MS = 30_000;
/** The most characters of a response kept for the page. */
const MAX_SHOWN = 64 * 1024;
/** The most steps kept: refreshes add one each. */
const MAX_STEPS = 50;

/** Registrations and tokens of this run: a server connected again logs in no more. */
const store = new MemoryAuthStore();

export interface OAuthFlowHooks {
  /** The flow's state changed. */
  changed(): void;
  /** It waits for the user (a paused step, the browser), or no longer does. */
  waiting(waiting: boolean): void;
}

export class OAuthFlow {
  readonly client: OAuthClient;
  readonly #serverUrl: string;
  readonly #choice: OAuthChoice;
  readonly #hooks: OAuthFlowHooks;
  readonly #port: number;
  #state: AuthFlow | undefined;
  #resume: (() => void) | undefined;

  /** A flow for the MCP server at `serverUrl`, its redirect URI on a free loopback port. */
  static async create(serverUrl: string, choice: OAuthChoice, hooks: OAuthFlowHooks): Promise<OAuthFlow> {
    return new OAuthFlow(serverUrl, choice, hooks, await redirectPort(undefined));
  }

  private constructor(serverUrl: string, choice: OAuthChoice, hooks: OAuthFlowHooks, port: number) {
    this.#serverUrl = new URL(serverUrl).href;
    this.#choice = choice;
    this.#hooks = hooks;
    this.#port = port;
    this.client = new OAuthClient({
      redirectUri: `http://127.0.0.1:${port}/callback`,
      authorize: this.#authorize,
      fetch: this.#fetch,
      store,
      // A paused step may wait long; each request gets its own limit once it starts.
      requestTimeoutMs: choice.stepThrough === true ? LOGIN_TIMEOUT_MS : REQUEST_TIMEOUT_MS,
      clientMetadata: { client_name: 'mcpkit inspect', software_id: 'mcpkit-inspect', software_version: VERSION },
      ...(choice.clientId !== undefined && {
        client: {
          clientId: choice.clientId,
          ...(choice.clientSecret !== undefined && { clientSecret: choice.clientSecret }),
        },
      }),
    });
  }

  /** What the page shows: `undefined` until the server asked for authorization. */
  get state(): AuthFlow | undefined {
    return this.#state;
  }

  /** Lets a paused step start; false when none waits. */
  continue(): boolean {
    const resume = this.#resume;
    resume?.();
    return resume !== undefined;
  }

  /** Refreshes the tokens now: whether new ones came. */
  refresh(): Promise<boolean> {
    return this.client.refresh(this.#serverUrl);
  }

  /** Forgets the tokens: the server's next refusal starts a new authorization. */
  async forget(): Promise<void> {
    await this.client.forget(this.#serverUrl);
    if (this.#state !== undefined) this.#set({ ...this.#state, status: 'done', tokens: undefined });
  }

  /** The connection or a request failed: a flow under way failed with it. */
  failed(error: unknown): void {
    const state = this.#state;
    if (state === undefined || state.status === 'done' || state.status === 'failed') return;
    this.#set({ ...state, status: 'failed', error: error instanceof Error ? error.message : String(error) });
  }

  readonly #fetch: AuthFetch = async (url, init) => {
    const method = init.method ?? 'GET';
    const { form, shown } = readRequestBody(init.body);
    const phase = phaseOf(url, method, form);
    const step = await this.#enter(phase, init.signal ?? undefined);
    const exchange: AuthExchange = {
      method,
      url,
      time: Date.now(),
      requestHeaders: masked(new Headers(init.headers)),
      ...(shown !== undefined && { requestBody: shown }),
    };
    step.exchanges.push(exchange);
    this.#changed();
    const signal = AbortSignal.any([...(init.signal ? [init.signal] : []), AbortSignal.timeout(REQUEST_TIMEOUT_MS)]);
    let response: Response;
    try {
      response = await fetch(url, { ...init, signal });
    } catch (error) {
      exchange.error = error instanceof Error ? error.message : String(error);
      exchange.duration = Date.now() - exchange.time;
      this.#changed();
      throw error;
    }
    exchange.status = response.status;
    exchange.responseHeaders = masked(response.headers);
    void textStart(response.clone(), MAX_SHOWN).then((text) => this.#answered(exchange, phase, response.ok, text));
    return response;
  };

  /** A response's body came: shown, and for a token request its tokens decoded. */
  #answered(exchange: AuthExchange, phase: AuthPhase, ok: boolean, text: string | undefined): void {
    exchange.duration = Date.now() - exchange.time;
    if (text !== undefined) exchange.responseBody = shownResponse(text);
    const state = this.#state;
    if (state === undefined) return;
    const tokens =
      ok && text !== undefined && (phase === 'token' || phase === 'refresh') && tokenSummary(text, Date.now());
    if (tokens) this.#set({ ...state, status: 'done', tokens });
    else this.#changed();
  }

  readonly #authorize: AuthorizeHook = async (url, context) => {
    const step = await this.#enter('authorize', context.signal);
    const listener = await listenForRedirect({
      port: this.#port,
      timeoutMs: LOGIN_TIMEOUT_MS,
      ...(context.signal !== undefined && { signal: context.signal }),
    });
    step.url = url.href;
    this.#set({ ...this.#state!, status: 'authorizing' });
    this.#hooks.waiting(true);
    try {
      const query = await listener.redirect;
      step.returned = shownQuery(query);
      this.#set({ ...this.#state!, status: 'running' });
      return query;
    } finally {
      this.#hooks.waiting(false);
      await listener.close();
    }
  };

  /** The step `phase` belongs to: the current one, or a new one (after the page's `continue` when stepping). */
  async #enter(phase: AuthPhase, signal: AbortSignal | undefined): Promise<AuthStep> {
    let state = this.#state ?? { status: 'running', stepThrough: this.#choice.stepThrough === true, steps: [] };
    const current = state.steps.at(-1);
    if (current?.phase === phase && state.status !== 'done' && state.status !== 'failed') return current;
    // Authorizing again (a refusal after tokens): a fresh list of steps, the last tokens kept.
    if ((state.status === 'done' || state.status === 'failed') && phase !== 'refresh')
      state = { ...state, steps: [], status: 'running' };
    const { error: _error, ...rest } = state;
    this.#state = rest;
    if (this.#choice.stepThrough === true) await this.#pause(phase, signal);
    const step: AuthStep = { phase, exchanges: [] };
    const steps = [...this.#state.steps, step].slice(-MAX_STEPS);
    const { next: _next, ...running } = this.#state;
    this.#set({ ...running, status: 'running', steps });
    return step;
  }

  /** Waits for the page's `continue` (or for the work to be given up). */
  async #pause(phase: AuthPhase, signal: AbortSignal | undefined): Promise<void> {
    this.#set({ ...this.#state!, status: 'paused', next: phase });
    this.#hooks.waiting(true);
    try {
      await new Promise<void>((resolve, reject) => {
        const abandoned = () => reject(signal?.reason instanceof Error ? signal.reason : new Error('given up'));
        if (signal?.aborted) return abandoned();
        signal?.addEventListener('abort', abandoned, { once: true });
        this.#resume = () => {
          signal?.removeEventListener('abort', abandoned);
          resolve();
        };
      });
    } finally {
      this.#resume = undefined;
      this.#hooks.waiting(false);
    }
  }

  #set(state: AuthFlow): void {
    this.#state = state;
    this.#changed();
  }

  #changed(): void {
    this.#hooks.changed();
  }
}

/** The first `limit` characters of a body, or `undefined` when it cannot be read. */
async function textStart(response: Response, limit: number): Promise<string | undefined> {
  const reader = response.body?.getReader();
  if (reader === undefined) return '';
  const decoder = new TextDecoder();
  let text = '';
  try {
    while (text.length < limit) {
      const { done, value } = await reader.read();
      if (done) break;
      text += decoder.decode(value, { stream: true });
    }
    return text.slice(0, limit);
  } catch {
    return undefined;
  } finally {
    void reader.cancel().catch(() => {});
  }
}
