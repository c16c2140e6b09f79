/**
 * `startDevAuthServer`: an OAuth authorization server on 127.0.0.1 for trying MCP
 * authorization on one machine, built on oidc-provider. Not for production: every request is
 * granted to one development user, and all state lives in memory.
 * @module
 */
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { providerConfiguration } from './configuration.js';
import { loadOidcProvider } from './load.js';
import { MemoryStore } from './memory-adapter.js';
import { Resources, type DevResource } from './resources.js';

/** What {@link startDevAuthServer} takes; every field has a default. */
export interface DevAuthServerOptions {
  /** The resources (MCP endpoints) to issue tokens for; more can be added later with `addResource`. */
  resources?: readonly (string | DevResource)[];
  /** The port to bind on 127.0.0.1; 0 (the default) lets the system pick a free one. */
  port?: number;
  /** The development user: the `sub` of every token. `dev-user` by default. */
  user?: string;
  /**
   * Scopes the server knows besides `mcp` and those of `resources`: those of resources added
   * later with `addResource`. It lists the scopes it knows at start in its metadata, and a
   * client's registration may name only those (the server then ignores it: a client may ask
   * for any scope).
   */
  scopes?: readonly string[];
  /** How long an access token lives, in seconds: 3600 by default. */
  accessTokenTtlSeconds?: number;
  /** How long a refresh token (and a grant) lives, in seconds: 14 days by default. */
  refreshTokenTtlSeconds?: number;
  /**
   * Whether a client may use an HTTPS URL of its own metadata document as its `client_id`
   * (Client ID Metadata Documents); true by default. The server then fetches that URL.
   */
  clientIdMetadataDocuments?: boolean;
  /** The fetch that gets client metadata documents; the global one by default. */
  fetch?: typeof fetch;
  /** The most entries of each kind (clients, grants, codes, refresh tokens, sessions) kept in memory: 10,000 by default. */
  maxEntries?: number;
}

/** A running development authorization server. */
export interface DevAuthServer {
  /** The issuer, `http://127.0.0.1:<port>`: what a resource server lists in `authorization_servers` and checks as `iss`. */
  readonly issuer: string;
  /** Where its signing keys are published, for a resource server to verify its tokens. */
  readonly jwksUri: string;
  /** The port it listens on. */
  readonly port: number;
  /** The development user, the `sub` of its tokens. */
  readonly user: string;
  /** Issues tokens for one more resource, or changes the scopes of one it knows. */
  addResource(resource: string | DevResource): void;
  /** Stops listening and drops every connection; resolves once the port is free. */
  close(): Promise<void>;
}

const DEFAULT_USER = 'dev-user';

/**
 * Starts a development authorization server on 127.0.0.1. Its metadata is at
 * `<issuer>/.well-known/oauth-authorization-server` and `<issuer>/.well-known/openid-configuration`.
 * Rejects with a clear error when oidc-provider (an optional peer dependency) is not installed.
 */
export async function startDevAuthServer(options: DevAuthServerOptions = {}): Promise<DevAuthServer> {
  const port = options.port ?? 0;
  if (!Number.isInteger(port) || port < 0 || port > 65535) {
    throw new RangeError(`The port must be an integer from 0 to 65535, not ${options.port}`);
  }
  const user = options.user ?? DEFAULT_USER;
  if (typeof user !== 'string' || user === '') throw new TypeError('The development user is a non-empty string');
  const accessTokenTtlSeconds = positiveInteger(options.accessTokenTtlSeconds ?? 3600, 'accessTokenTtlSeconds');
  const refreshTokenTtlSeconds = positiveInteger(
    options.refreshTokenTtlSeconds ?? 14 * 86400,
    'refreshTokenTtlSeconds',
  );
  const maxEntries = positiveInteger(options.maxEntries ?? 10_000, 'maxEntries');
  const resources = new Resources();
  if (options.resources !== undefined && !Array.isArray(options.resources)) {
    throw new TypeError('resources is a list of URLs (or { resource, scopes } objects)');
  }
  for (const resource of options.resources ?? []) resources.add(resource);
  resources.know(options.scopes ?? []);

  const oidc = await loadOidcProvider();
  const server = createServer();
  const closed = new Promise<void>((resolve) => server.once('close', resolve));
  await listenOnLoopback(server, port);
  const bound = (server.address() as AddressInfo).port;
  const host = `127.0.0.1:${bound}`;
  const issuer = `http://${host}`;
  const close = async (): Promise<void> => {
    server.close();
    server.closeAllConnections();
    await closed;
  };

  try {
    const store = new MemoryStore(maxEntries);
    const provider = new oidc.Provider(
      issuer,
      providerConfiguration({
        oidc,
        resources,
        user,
        accessTokenTtlSeconds,
        refreshTokenTtlSeconds,
        clientIdMetadataDocuments: options.clientIdMetadataDocuments ?? true,
        fetch: options.fetch,
        adapter: store.adapterFactory(),
      }),
    );
    const handle = provider.callback();
    server.on('request', (req, res) => {
      // A page that reached the port by a rebound DNS name would be served as this issuer:
      // every request must name it.
      if (req.headers.host !== host) {
        res
          .writeHead(421, { 'content-type': 'text/plain; charset=utf-8' })
          .end(`This server answers only as ${host}\n`);
        return;
      }
      handle(req, res);
    });
  } catch (error) {
    await close();
    throw error;
  }

  return {
    issuer,
    jwksUri: `${issuer}/jwks`,
    port: bound,
    user,
    addResource: (resource) => void resources.add(resource),
    close,
  };
}

/** Listens on `port` of 127.0.0.1; a port in use is said plainly. */
function listenOnLoopback(server: ReturnType<typeof createServer>, port: number): Promise<void> {
  return new Promise<void>((resolve, reject) => {
    const fail = (error: NodeJS.ErrnoException): void =>
      reject(
        error.code === 'EADDRINUSE'
          ? new Error(`Cannot start the development authorization server: port ${port} of 127.0.0.1 is in use`, {
              cause: error,
            })
          : error,
      );
    server.once('error', fail);
    server.listen(port, '127.0.0.1', () => {
      server.off('error', fail);
      resolve();
    });
  });
}

function positiveInteger(value: number, name: string): number {
  if (!Number.isSafeInteger(value) || value <= 0)
    throw new RangeError(`${name} must be a positive integer, not ${value}`);
  return value;
}
