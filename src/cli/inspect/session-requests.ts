/**
 * A request of the page's, sent as mcpkit's client sends its own: `tools/call`, `prompts/get`
 * and `resources/read` through the session's typed methods, so that when a 2026-07-28 server
 * answers with an input-required result, the client's handlers answer its questions (the
 * inspector's handlers put each one to the user, in the page's dialog) and the request is sent
 * again until it completes. Everything else goes as is.
 * @module
 */
import type { ClientSession, RequestOptions } from 'mcpkit/client';

type Params = Record<string, unknown>;

/** Sends `method` with `params` on `session`; resolves with the final result. */
export async function sendRequest(
  session: ClientSession,
  method: string,
  params: Params | undefined,
  options: RequestOptions,
): Promise<Record<string, unknown>> {
  // Without params there is nothing to send again: the server refuses it, as is.
  if (params === undefined) return session.request(method, params, options);
  switch (method) {
    case 'tools/call':
      return (await session.callTool(params as Parameters<ClientSession['callTool']>[0], options)) as Params;
    case 'prompts/get':
      return (await session.getPrompt(params as Parameters<ClientSession['getPrompt']>[0], options)) as Params;
    case 'resources/read':
      // Asked from the page, so asked of the server: never an answer the session kept.
      return (await session.readResource(params as Parameters<ClientSession['readResource']>[0], {
        ...options,
        bypassCache: true,
      })) as Params;
    default:
      return session.request(method, params, options);
  }
}
