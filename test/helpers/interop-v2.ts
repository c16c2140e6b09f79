// Shared by the interop tests with the official v2 SDK (@modelcontextprotocol/server and /client
// 2.4.0): how each side is started in each era, and what both sides add to results in 2026-07-28
// that the comparisons leave out.
import type { FetchLike } from '../../src/http/index.js';
import { within } from './e2e.js';

export const SERVER_INFO_KEY = 'io.modelcontextprotocol/serverInfo';
export const LOG_LEVEL_KEY = 'io.modelcontextprotocol/logLevel';

/**
 * `result` without what 2026-07-28 adds to every result (`resultType`, the server's identity in
 * `_meta`) and to cacheable ones (`ttlMs`, `cacheScope`), so one expectation serves both eras.
 */
export function plain(result: object): Record<string, unknown> {
  const { resultType: _type, ttlMs: _ttl, cacheScope: _scope, _meta, ...rest } = result as Record<string, unknown>;
  if (_meta === undefined || _meta === null || typeof _meta !== 'object') return rest;
  const { [SERVER_INFO_KEY]: _server, ...meta } = _meta as Record<string, unknown>;
  return Object.keys(meta).length > 0 ? { ...rest, _meta: meta } : rest;
}

/**
 * A fetch that adds the 2026-07-28 standard request headers (`MCP-Protocol-Version`,
 * `Mcp-Method`, `Mcp-Name`) a POST lacks, read from its body. mcpkit's HTTP client transport
 * does not send them yet, and the v2 server rejects a modern request without them (400, as the
 * transport page requires); this lets the rest of the exchange be tested. Headers the transport
 * sends itself are left alone.
 */
export const withStandardHeaders: FetchLike = (url, init) => {
  if (init.method !== 'POST' || typeof init.body !== 'string') return fetch(url, init);
  const message = JSON.parse(init.body) as { id?: unknown; method?: string; params?: Record<string, unknown> };
  const meta = message.params?._meta as Record<string, unknown> | undefined;
  const version = meta?.['io.modelcontextprotocol/protocolVersion'];
  if (typeof version !== 'string' || typeof message.method !== 'string') return fetch(url, init);
  const headers = new Headers(init.headers);
  const add = (name: string, value: string) => {
    if (!headers.has(name)) headers.set(name, value);
  };
  add('mcp-protocol-version', version);
  add('mcp-method', message.method);
  const name = message.method === 'resources/read' ? message.params?.uri : message.params?.name;
  if (['tools/call', 'prompts/get', 'resources/read'].includes(message.method) && typeof name === 'string')
    add('mcp-name', name);
  return fetch(url, { ...init, headers });
};

/**
 * Calls `aborts` (a fixture tool listing the recorded aborts as JSON) until one for `tag` is
 * there: a server may learn of a cancellation after the caller has moved on (a closed HTTP
 * response is noticed asynchronously). Each call is a round trip; there is no sleep.
 */
export async function abortOf(tag: string, callAborts: () => Promise<string>): Promise<string> {
  const search = async (): Promise<string> => {
    for (;;) {
      const found = (JSON.parse(await callAborts()) as string[]).find((entry) => entry.startsWith(`${tag}: `));
      if (found !== undefined) return found.slice(tag.length + 2);
    }
  };
  return within(search(), 10_000, `the server to record the abort of ${tag}`);
}
