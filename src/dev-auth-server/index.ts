/**
 * `mcpkit/dev-auth-server`: a development authorization server on 127.0.0.1, for trying MCP
 * authorization on one machine (`mcpkit example-server --http --auth`, tests). It needs the
 * optional peer dependency oidc-provider, which it loads only when a server starts.
 * @module
 */
export { startDevAuthServer } from './server.js';
export type { DevAuthServer, DevAuthServerOptions } from './server.js';
export type { DevResource } from './resources.js';
