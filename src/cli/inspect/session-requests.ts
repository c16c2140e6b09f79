/**
 * A request of the page's, sent as mcpkit's client sends its own: `tools/list`, `tools/call`,
 * `prompts/get` and `resources/read` through the session's typed methods. When a 2026-07-28
 * server answers with an input-required result, the client's handlers answer its questions
 * (the inspector's handlers put each one to the user, in the page's dialog) and the request is
 * sent again until it completes. The tools listed teach the session their output schemas, and
 * a tool's structured content is held to its schema by the client's own check; a result that
 * fails it is still given back, with what `outputCheckOf` says of it. `logging/setLevel` is the
 * session's, which at 2026-07-28 sends the level with every request instead. Everything else
 * goes as is.
 * @module
 */
import { ToolOutputError, type ClientSession, type RequestOptions } from 'mcpkit/client';
import type { OutputCheck } from './protocol.js';

type Params = Record<string, unknown>;

/** The tools of each session listed with an output schema. */
const withSchema = new WeakMap<ClientSession, Set<string>>();
/** What the check said of each result of `tools/call` that had one. */
const checks = new WeakMap<Params, OutputCheck>();

/** Sends `method` with `params` on `session`; resolves with the final result. */
export async function sendRequest(
  session: ClientSession,
  method: string,
  params: Params | undefined,
  options: RequestOptions,
): Promise<Params> {
  if (method === 'tools/list') return listTools(session, params ?? {}, options);
  // Without params there is nothing to send again: the server refuses it, as is.
  if (params === undefined) return session.request(method, params, options);
  switch (method) {
    case 'tools/call':
      return callTool(session, params, options);
    case 'prompts/get':
      return (await session.getPrompt(params as Parameters<ClientSession['getPrompt']>[0], options)) as Params;
    case 'logging/setLevel':
      // 2025-11-25 sends it; 2026-07-28, which keeps no level between requests, sends nothing and
      // puts the level in the `_meta` of every later request to the server.
      return (await session.setLoggingLevel(
        params as Parameters<ClientSession['setLoggingLevel']>[0],
        options,
      )) as Params;
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

/**
 * How the structured content of `result` (a result `sendRequest` gave for `tools/call`) fared
 * against the tool's output schema; `undefined` when it was not checked (no schema, an error).
 */
export function outputCheckOf(result: unknown): OutputCheck | undefined {
  return typeof result === 'object' && result !== null ? checks.get(result as Params) : undefined;
}

async function listTools(session: ClientSession, params: Params, options: RequestOptions): Promise<Params> {
  const result = await session.listTools(params as Parameters<ClientSession['listTools']>[0], {
    ...options,
    bypassCache: true,
  });
  let tools = withSchema.get(session);
  if (tools === undefined) withSchema.set(session, (tools = new Set()));
  for (const tool of result.tools) {
    if (tool.outputSchema !== undefined) tools.add(tool.name);
    else tools.delete(tool.name);
  }
  return result as Params;
}

async function callTool(session: ClientSession, params: Params, options: RequestOptions): Promise<Params> {
  let result: Params;
  try {
    result = (await session.callTool(params as Parameters<ClientSession['callTool']>[0], options)) as Params;
  } catch (error) {
    if (!(error instanceof ToolOutputError)) throw error;
    result = { ...error.result };
    checks.set(result, { ok: false, issues: [...error.issues] });
    return result;
  }
  const checked =
    typeof params.name === 'string' &&
    withSchema.get(session)?.has(params.name) === true &&
    'content' in result &&
    result.isError !== true;
  if (checked) checks.set(result, { ok: true });
  return result;
}
