/**
 * `mcpMiddleware`: a `Server` served inside a Hono app, on any runtime Hono runs on (Node, Bun,
 * Deno, Workers). Hono hands over the web `Request`, so this is the fetch front with Hono's
 * routing in front of it. Hono is named by types only: nothing of it is loaded from here.
 * @module
 */
import type { MiddlewareHandler } from 'hono';
import type { Server } from '../server/server.js';
import { BodyTooLargeError } from '../http/server/exchange.js';
import { serveFetch } from '../http/server/fetch-handler.js';
import { mountEndpoints, withMount, type Mount, type MountOptions } from '../http/server/mount.js';

/** Hono middleware serving MCP at its mount's paths; any other request goes to `next`. */
export interface McpMiddleware extends Mount {
  (...args: Parameters<MiddlewareHandler>): Promise<Response | void>;
}

/**
 * Serves `server` at `options.path` (default `/mcp`), a path from the root of the app:
 * `app.use(mcpMiddleware(server))`, or `app.all('/mcp', ...)`, which reaches it with the same
 * path. With `auth`, let the Protected Resource Metadata's well-known path reach it too (`use`
 * at the root does). A body that middleware before it already read (`c.req.json()`, a
 * validator) is taken from Hono's cache and held to `maxBodyBytes`.
 */
export function mcpMiddleware(server: Server, options: MountOptions = {}): McpMiddleware {
  const mount = mountEndpoints(server, options);
  const middleware: MiddlewareHandler = async (c, next) => {
    const core = mount.route(c.req.path, c.req.method.toUpperCase());
    if (!core) return next();
    const raw = c.req.raw;
    return serveFetch(core, raw, raw.bodyUsed ? (limit) => cachedText(() => c.req.text(), limit) : undefined);
  };
  return withMount(middleware, mount) as McpMiddleware;
}

/** The body Hono kept when middleware read it, refused past `limit` bytes as a stream would be. */
async function cachedText(read: () => Promise<string>, limit: number): Promise<string> {
  const text = await read();
  if (new TextEncoder().encode(text).byteLength > limit) throw new BodyTooLargeError(limit);
  return text;
}
