/**
 * `mcpRouter`: a `Server` served inside an Express 5 app, as middleware. Express's request and
 * response are `node:http`'s own, so they go straight to the Node front: no web `Request` is
 * built. Express itself is never imported: the middleware is a plain function of Node's types.
 * @module
 */
import type { Server } from '../server/server.js';
import { mountEndpoints, pathOf, withMount, type Mount, type MountOptions } from '../http/server/mount.js';
import { serveNode, type NodeRequestListener } from '../node/http.js';

/** Node's request and response, which Express's extend. */
type NodeRequest = Parameters<NodeRequestListener>[0];
type NodeResponse = Parameters<NodeRequestListener>[1];

/** Express middleware serving MCP at its mount's paths; any other request goes to `next`. */
export interface McpRouter extends Mount {
  (req: NodeRequest, res: NodeResponse, next: (error?: unknown) => void): void;
}

/**
 * Serves `server` at `options.path` (default `/mcp`), a path from the root of the app:
 * `app.use(mcpRouter(server))`, or `app.use('/mcp', ...)` and `app.all('/mcp', ...)`, which
 * reach it with the same path. With `auth`, mount it at the root so that the Protected Resource
 * Metadata's well-known path reaches it too. Without a body parser in front, the endpoint reads
 * the body within `maxBodyBytes` and answers bad JSON with a JSON-RPC parse error; behind
 * `express.json()`, the body it parsed is used, and its own limit and errors apply.
 */
export function mcpRouter(server: Server, options: MountOptions = {}): McpRouter {
  const mount = mountEndpoints(server, options);
  const listenerOptions = options.onError ? { onError: options.onError } : {};
  const router = (req: NodeRequest, res: NodeResponse, next: (error?: unknown) => void): void => {
    const path = (req as { originalUrl?: string }).originalUrl ?? req.url ?? '/';
    const core = mount.route(pathOf(path), (req.method ?? 'GET').toUpperCase());
    if (core) serveNode(core, req, res, listenerOptions);
    else next();
  };
  return withMount(router, mount) as McpRouter;
}
