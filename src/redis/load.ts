/**
 * Loads `@redis/client` (node-redis), an optional peer dependency: only `mcpkit/redis` needs it,
 * so it is imported when a store connects, never when an entry point is imported, and its
 * absence is one clear error. The few members of a client the store uses are described here,
 * so node-redis's types never appear in mcpkit's API.
 * @module
 */

/**
 * The members of a node-redis client (`createClient()` of `redis` or `@redis/client`, version 6) that the store uses.
 */
export interface NodeRedisClient {
  /** Whether the client is connected or connecting. */
  readonly isOpen: boolean;
  /** Whether the client can send commands now. */
  readonly isReady: boolean;
  /** Connects; resolves once commands can be sent. */
  connect(): Promise<unknown>;
  /** A new client with the same options, not connected. */
  duplicate(): NodeRedisClient;
  /** Sends one command as its words (`['GET', key]`). */
  sendCommand(args: readonly string[]): Promise<unknown>;
  /** Calls `listener` with each message published on `channel`. */
  subscribe(channel: string, listener: (message: string, channel: string) => void): Promise<void>;
  /** Stops calling `listener` for `channel`. */
  unsubscribe(channel: string, listener: (message: string, channel: string) => void): Promise<void>;
  /** Hears the client's errors (a lost connection), which would otherwise crash the process. */
  on(event: 'error', listener: (error: Error) => void): unknown;
  /** Stops hearing its errors. */
  off(event: 'error', listener: (error: Error) => void): unknown;
  /** Closes the connection once the commands sent have their answers. */
  close(): Promise<void>;
  /** Closes the connection at once; commands without an answer fail. */
  destroy(): void;
}

/** The options the store gives node-redis's `createClient`. */
export interface NodeRedisOptions {
  url: string;
  disableOfflineQueue: boolean;
  socket: { reconnectStrategy: (retries: number, cause: Error) => number | Error };
}

/** The module's exports the store uses. */
export interface NodeRedisModule {
  createClient(options: NodeRedisOptions): NodeRedisClient;
}

// A specifier held in a variable: the bundler leaves the import as it is (the package is not
// bundled), and the compiler does not tie this module's types to the package's.
const PACKAGE = '@redis/client';
let loading: Promise<NodeRedisModule> | undefined;

/** node-redis's module, imported once; a clear error when it is not installed. */
export function loadNodeRedis(): Promise<NodeRedisModule> {
  loading ??= (import(PACKAGE) as Promise<NodeRedisModule & { default?: NodeRedisModule }>).then(
    // A CommonJS package: its names are on the namespace, and on `default` too.
    (module) => (typeof module.createClient === 'function' ? module : module.default!),
    (error: unknown) => {
      loading = undefined;
      const code = (error as { code?: unknown } | null)?.code;
      if (code === 'ERR_MODULE_NOT_FOUND' && String((error as Error).message).includes(`'${PACKAGE}'`)) {
        throw new Error(
          `mcpkit/redis needs the ${PACKAGE} package (node-redis, version 6), an optional peer dependency of mcpkit: npm install ${PACKAGE}@6`,
          { cause: error },
        );
      }
      throw error;
    },
  );
  return loading;
}
