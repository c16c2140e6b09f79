/**
 * What `mcpkit example-server --http --auth` adds: a development authorization server on
 * 127.0.0.1, and the resource server options that make the example server accept its tokens
 * only, so the whole flow (401, discovery, registration, login, step-up) can be tried on one
 * machine.
 * @module
 */
import { jwtVerifier, type ResourceServerOptions } from 'mcpkit/auth';
import type { DevAuthServer } from 'mcpkit/dev-auth-server';
import { NOTES_WRITE_SCOPE } from './everything-server.js';

/** The scope every request needs; `note` needs {@link NOTES_WRITE_SCOPE} too. */
export const EXAMPLE_SCOPE = 'mcp';

/** A running development authorization server and the `auth` option of `listen` that trusts it. */
export interface ExampleAuth {
  readonly server: DevAuthServer;
  readonly options: ResourceServerOptions;
  /** Tells the authorization server the MCP endpoint's URL, once it listens: the tokens' audience. */
  addEndpoint(url: string): void;
}

/** Starts the development authorization server on `port` (0: any free one). */
export async function startExampleAuth(port: number): Promise<ExampleAuth> {
  // Loaded here: oidc-provider is an optional peer dependency, needed only with --auth, and
  // its absence is the one clear error startDevAuthServer gives.
  const { startDevAuthServer } = await import('mcpkit/dev-auth-server');
  const server = await startDevAuthServer({ port, scopes: [EXAMPLE_SCOPE, NOTES_WRITE_SCOPE] });
  const scopes = [EXAMPLE_SCOPE, NOTES_WRITE_SCOPE];
  return {
    server,
    options: {
      authorizationServers: [server.issuer],
      // The audience is the URL listen serves at (its default resource on 127.0.0.1), which is
      // what the client asks the authorization server for.
      verifier: jwtVerifier({ issuer: server.issuer, jwksUri: server.jwksUri, type: 'at+jwt' }),
      scopes: [EXAMPLE_SCOPE],
      resourceName: 'mcpkit example server',
    },
    addEndpoint(url) {
      // By its address only: the endpoint takes no token meant for another name (localhost
      // may lead to another process), and its metadata names this URL whatever the client typed.
      server.addResource({ resource: url, scopes });
    },
  };
}
