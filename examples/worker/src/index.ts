/**
 * mcpkit on Cloudflare Workers: the fetch handler of `mcpkit/http`, with no `nodejs_compat`.
 *
 * 2026-07-28 requests carry everything they need, so this isolate answers them, whichever it
 * is. A 2025-11-25 session lives in the memory of the server that opened it, and the next
 * request may reach another isolate: sessions are served by a Durable Object each
 * (`McpSession`), the Worker routing every request of a session to the object that holds it.
 */
import { createStreamableHttpHandler, type StreamableHttpHandler } from 'mcpkit/http';
import { createServer } from './server.js';
import { forwardToSession, type DurableObjectNamespaceLike } from './session-routing.js';

/** The Worker's bindings (wrangler.toml). */
export interface Env {
  /** The Durable Objects that hold the 2025-11-25 sessions. */
  MCP_SESSION: DurableObjectNamespaceLike;
  /** Host names the endpoint answers to, comma-separated; loopback names when empty. */
  ALLOWED_HOSTS?: string;
}

const PATH = '/mcp';

let stateless: StreamableHttpHandler | undefined;

export default {
  async fetch(request: Request, env: Env): Promise<Response> {
    if (new URL(request.url).pathname !== PATH) return new Response('Not found', { status: 404 });
    // A modern request names its method in a header, and has no session.
    if (!request.headers.has('mcp-session-id') && request.headers.has('mcp-method')) {
      stateless ??= createStreamableHttpHandler(createServer(), handlerOptions(env));
      return stateless(request);
    }
    return forwardToSession(request, env.MCP_SESSION);
  },
};

/** One 2025-11-25 session: its own server, kept in this object's memory while it lives. */
export class McpSession {
  readonly #handler: StreamableHttpHandler;

  constructor(_state: unknown, env: Env) {
    this.#handler = createStreamableHttpHandler(createServer(), handlerOptions(env));
  }

  fetch(request: Request): Promise<Response> {
    return this.#handler(request);
  }
}

function handlerOptions(env: Env): { allowedHosts?: string[] } {
  const hosts = (env.ALLOWED_HOSTS ?? '')
    .split(',')
    .map((host) => host.trim())
    .filter((host) => host !== '');
  return hosts.length > 0 ? { allowedHosts: hosts } : {};
}
