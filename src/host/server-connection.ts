/**
 * One configured server and its one client session: started when first needed (or at once),
 * started again with backoff when it ends without being asked to, and its state told to
 * whoever listens. The session is the host's only handle on the server.
 * @module
 */
import type { Implementation } from 'mcpkit';
import type { Client, ClientSession } from 'mcpkit/client';

/** Where a server is in its life. */
export type ServerState = 'idle' | 'starting' | 'ready' | 'restarting' | 'failed' | 'disabled' | 'closed';

/** What the host can tell of one server. */
export interface ServerStatus {
  /** The server's name in the host's configuration. */
  name: string;
  /** Where it is in its life. */
  state: ServerState;
  /** Why it is `failed` or `restarting`: how it ended or why it would not start. */
  error?: string;
  /** How many times it was started again after ending on its own. */
  restarts: number;
  /** Once connected: the revision spoken, and who the server says it is. */
  protocolVersion?: string;
  /** Who the server says it is, once connected. */
  serverInfo?: Implementation;
}

/** How a server that ends on its own is started again. */
export interface RestartPolicy {
  /** The most restarts in a row (each within `stableMs` of the last) before it is `failed`. Default 5. */
  maxRestarts?: number;
  /** The wait before the first restart; doubled for each one in a row. Default 500 ms. */
  initialDelayMs?: number;
  /** The longest wait between restarts. Default 30 s. */
  maxDelayMs?: number;
  /** A session that lasted this long ends a run of restarts. Default 30 s. */
  stableMs?: number;
}

/** Opens a session with the server through `client`. */
export type SessionOpener = (client: Client, signal: AbortSignal) => Promise<ClientSession>;

/** A server the host will not reach: disabled, failed to start, or closed. */
export class ServerUnavailableError extends Error {
  /** `'ServerUnavailableError'`, also in bundles that rename classes. */
  override name = 'ServerUnavailableError';
  /** The server's name in the host's configuration. */
  readonly server: string;
  constructor(server: string, message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.server = server;
  }
}

export class ServerConnection {
  readonly name: string;
  readonly #client: Client;
  readonly #open: SessionOpener;
  readonly #policy: Required<RestartPolicy>;
  readonly #onChange: (status: ServerStatus) => void;
  readonly #onSession: (session: ClientSession) => void;
  #state: ServerState;
  #error: string | undefined;
  #restarts = 0;
  /** Restarts in a row, for the backoff. */
  #run = 0;
  #session: ClientSession | undefined;
  /** The start under way (first start or restart), which callers of `session()` wait on. */
  #starting: Promise<ClientSession> | undefined;
  #timer: ReturnType<typeof setTimeout> | undefined;
  readonly #closing = new AbortController();

  constructor(
    name: string,
    setup: {
      client: Client;
      open: SessionOpener;
      disabled?: boolean;
      restart?: RestartPolicy;
      onChange: (status: ServerStatus) => void;
      /** Each new session, once open: the catalog reads it, listens to it. */
      onSession: (session: ClientSession) => void;
    },
  ) {
    this.name = name;
    this.#client = setup.client;
    this.#open = setup.open;
    this.#policy = {
      maxRestarts: setup.restart?.maxRestarts ?? 5,
      initialDelayMs: setup.restart?.initialDelayMs ?? 500,
      maxDelayMs: setup.restart?.maxDelayMs ?? 30_000,
      stableMs: setup.restart?.stableMs ?? 30_000,
    };
    this.#onChange = setup.onChange;
    this.#onSession = setup.onSession;
    this.#state = setup.disabled ? 'disabled' : 'idle';
  }

  get status(): ServerStatus {
    const session = this.#session;
    return {
      name: this.name,
      state: this.#state,
      ...(this.#error !== undefined && { error: this.#error }),
      restarts: this.#restarts,
      ...(session && { protocolVersion: session.protocolVersion, serverInfo: session.serverInfo }),
    };
  }

  /** The open session, the one a start under way will give, or a new one (a lazy server's first start). */
  session(): Promise<ClientSession> {
    switch (this.#state) {
      case 'ready':
        return Promise.resolve(this.#session!);
      case 'starting':
      case 'restarting':
        if (this.#starting) return this.#starting;
        // A restart waiting out its backoff: the caller needs the server now.
        clearTimeout(this.#timer);
        return this.#start();
      case 'disabled':
        return Promise.reject(new ServerUnavailableError(this.name, `server "${this.name}" is disabled`));
      case 'closed':
        return Promise.reject(new ServerUnavailableError(this.name, `server "${this.name}" is closed`));
      default:
        // idle, or failed: asked for again, it is tried again.
        return this.#start();
    }
  }

  /** Ends the session (a child process is stopped) and stops restarting. */
  async close(): Promise<void> {
    if (this.#state === 'closed') return;
    this.#closing.abort(new ServerUnavailableError(this.name, `server "${this.name}" is closed`));
    clearTimeout(this.#timer);
    const session = this.#session;
    const starting = this.#starting;
    this.#set('closed', undefined);
    await session?.close();
    // A start under way ends with the abort; the session it may still open is closed.
    await starting?.then((late) => late.close()).catch(() => {});
  }

  #start(): Promise<ClientSession> {
    const restarting = this.#state === 'restarting';
    if (restarting) this.#restarts++;
    this.#set(restarting ? 'restarting' : 'starting', restarting ? this.#error : undefined);
    const starting = this.#open(this.#client, this.#closing.signal).then(
      (session) => {
        this.#starting = undefined;
        if (this.#closing.signal.aborted) {
          void session.close();
          throw this.#closing.signal.reason as Error;
        }
        this.#session = session;
        this.#set('ready', undefined);
        this.#watch(session, Date.now());
        this.#onSession(session);
        return session;
      },
      (error: unknown) => {
        this.#starting = undefined;
        if (this.#closing.signal.aborted) throw this.#closing.signal.reason as Error;
        const message = error instanceof Error ? error.message : String(error);
        if (restarting) this.#afterEnd(message);
        else this.#set('failed', message);
        throw new ServerUnavailableError(this.name, `server "${this.name}" did not start: ${message}`, {
          cause: error,
        });
      },
    );
    this.#starting = starting;
    return starting;
  }

  #watch(session: ClientSession, since: number): void {
    void session.finished.then((reason) => {
      if (this.#closing.signal.aborted || this.#session !== session) return;
      this.#session = undefined;
      if (Date.now() - since >= this.#policy.stableMs) this.#run = 0;
      this.#afterEnd(reason.message);
    });
  }

  /** The session ended, or a restart failed: try again after a while, or give up. */
  #afterEnd(why: string): void {
    if (this.#run >= this.#policy.maxRestarts) {
      this.#set('failed', `${why} (gave up after ${this.#run} restarts in a row)`);
      this.#run = 0;
      return;
    }
    const delay = Math.min(this.#policy.initialDelayMs * 2 ** this.#run, this.#policy.maxDelayMs);
    this.#run++;
    this.#set('restarting', why);
    this.#timer = setTimeout(() => this.#start().catch(() => {}), delay);
    // A host waiting only on a restart does not keep the process alive.
    this.#timer.unref?.();
  }

  #set(state: ServerState, error: string | undefined): void {
    this.#state = state;
    this.#error = error;
    this.#onChange(this.status);
  }
}
