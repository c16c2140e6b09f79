// What a spec-following stdio MCP server (the example server, after initialize) must answer to
// one line of input, written from JSON-RPC 2.0 and MCP rather than from the implementation.
//   - not JSON                                   -32700, id null
//   - JSON but not a request/notification/response   -32600, with the id if it is usable, else null
//   - a request with an unusable id (not a string or safe integer)   -32600, id null
//   - params that are not an object: a request gets -32602; a notification gets nothing
//   - unknown method, or one the client may not send, or one needing an undeclared capability   -32601
//   - responses (to nothing) and notifications   nothing
// An array is a batch: empty -32600 (id null); in revisions without batches, -32600 (id null);
// in 2025-03-26, one array with the answer to each element, or nothing if none has one.

import { methodAllowed } from '../../src/protocol/methods.js';

export type RequestId = string | number;

/** One response the server must send: its id, and its outcome ('any' when the spec leaves it open). */
export interface Answer {
  id: RequestId | null;
  code: number | 'result' | 'any';
  /** For echo: the text the result must carry. */
  text?: string;
}

/** What must come back for one line: nothing, one response, or one batch of responses. */
export type Expected = { kind: 'none' } | { kind: 'single'; answer: Answer } | { kind: 'batch'; answers: Answer[] };

const ParseError = -32700;
const InvalidRequest = -32600;
const MethodNotFound = -32601;
const InvalidParams = -32602;
const InternalError = -32603;

const decoder = new TextDecoder('utf-8');

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

export function usableId(value: unknown): value is RequestId {
  return typeof value === 'string' || (typeof value === 'number' && Number.isSafeInteger(value));
}

/** The key two ids share when they are the same id on the wire. */
export function idKey(id: unknown): string {
  return JSON.stringify(id);
}

const TOOLS = new Set(['echo', 'add', 'count', 'fail']);

/** The outcome of a well-formed request with a usable id: what the server behind it does with it. */
export type Outcome = (method: string, params: Record<string, unknown>) => Omit<Answer, 'id'>;

/**
 * The expected answer to a line's bytes (without its final `\n`), in a session under `version`,
 * of the server `outcome` describes (the example server by default).
 */
export function expectForLine(bytes: Uint8Array, version: string, outcome: Outcome = exampleServer): Expected {
  let end = bytes.length;
  if (end > 0 && bytes[end - 1] === 0x0d) end--;
  if (end === 0) return { kind: 'none' };
  const text = decoder.decode(bytes.subarray(0, end));
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    return { kind: 'single', answer: { id: null, code: ParseError } };
  }
  if (Array.isArray(value)) {
    if (value.length === 0 || version !== '2025-03-26')
      return { kind: 'single', answer: { id: null, code: InvalidRequest } };
    const answers = value.map((item) => expectForMessage(item, outcome)).filter((a): a is Answer => a !== undefined);
    return answers.length === 0 ? { kind: 'none' } : { kind: 'batch', answers };
  }
  const answer = expectForMessage(value, outcome);
  return answer ? { kind: 'single', answer } : { kind: 'none' };
}

function invalid(value: unknown): Answer {
  return { id: isObject(value) && usableId(value.id) ? value.id : null, code: InvalidRequest };
}

/** The answer to one message (top level or in a batch), if it deserves one. */
export function expectForMessage(value: unknown, outcome: Outcome = exampleServer): Answer | undefined {
  if (!isObject(value) || value.jsonrpc !== '2.0') return invalid(value);
  const method = value.method;
  if (method === undefined) return 'result' in value || 'error' in value ? undefined : invalid(value);
  if (typeof method !== 'string') return invalid(value);
  const hasId = 'id' in value;
  if (hasId && !usableId(value.id)) return { id: null, code: InvalidRequest };
  const params = value.params;
  if (params !== undefined && !isObject(params))
    return hasId ? { id: value.id as RequestId, code: InvalidParams } : undefined;
  if (!hasId) return undefined;
  const id = value.id as RequestId;
  const meta = (params ?? {})._meta;
  const answer: Answer = { id, ...outcome(method, params ?? {}) };
  // Malformed `_meta` is for the server to refuse or overlook.
  if (meta !== undefined && !isObject(meta) && answer.code !== MethodNotFound && answer.code !== InvalidRequest)
    answer.code = 'any';
  return answer;
}

/** The example server (`mcpkit example-server`), initialized. */
export function exampleServer(method: string, params: Record<string, unknown>): Omit<Answer, 'id'> {
  switch (method) {
    case 'initialize':
      // Already initialized (or inside a batch): either way not a valid request now.
      return { code: InvalidRequest };
    case 'ping':
      // Params of the wrong shape are -32602 even for ping.
      return { code: Object.keys(params).length === 0 ? 'result' : 'any' };
    case 'tools/list':
      // A cursor the server did not issue is -32602; none lists everything.
      return { code: params.cursor === undefined ? 'result' : 'any' };
    case 'tools/call':
      return toolCall(params);
    default:
      // Other client requests of the revision are answered one way or another; the rest do not exist.
      return { code: methodAllowed(method, '2025-11-25', 'client', 'request') ? 'any' : MethodNotFound };
  }
}

function toolCall(params: Record<string, unknown>): Omit<Answer, 'id'> {
  const name = params.name;
  if (typeof name !== 'string' || !TOOLS.has(name)) return { code: InvalidParams };
  const args = params.arguments;
  if (args === null) return { code: 'any' };
  if (args !== undefined && !isObject(args)) return { code: InvalidParams };
  const input = args ?? {};
  if (name === 'echo') return typeof input.text === 'string' ? { code: 'result', text: input.text } : { code: 'any' };
  if (name === 'add') return { code: typeof input.a === 'number' && typeof input.b === 'number' ? 'result' : 'any' };
  if (name === 'fail') return { code: 'result' };
  throw new Error('the fuzzer must not call count: it could run for minutes');
}

/** The tools of the fixture `deep-input-server` a fuzzer calls (the others ask the client, or send progress). */
const DEEP_TOOLS = new Set(['depth', 'echo', 'deep-result', 'deep-mirrored', 'cycle', 'bigint', 'throwing-tojson']);

/** Whether `meta` is the envelope of a 2026-07-28 request: its revision, and who asks with what. */
export function isModernEnvelope(meta: unknown): boolean {
  if (!isObject(meta)) return false;
  const info = meta['io.modelcontextprotocol/clientInfo'];
  return (
    meta['io.modelcontextprotocol/protocolVersion'] === '2026-07-28' &&
    isObject(info) &&
    typeof info.name === 'string' &&
    typeof info.version === 'string' &&
    isObject(meta['io.modelcontextprotocol/clientCapabilities'])
  );
}

/**
 * The fixture `deep-input-server`: in a legacy session (initialized), or serving modern
 * requests (`modern`, never initialized). Results JSON cannot write are -32603; a modern request
 * without a sound envelope, or one the revision has no rules for here, may get any answer.
 */
export function deepServer(modern: boolean): Outcome {
  return (method, params) => {
    if (modern && !isModernEnvelope(params._meta)) return { code: 'any' };
    // A request naming a revision in `_meta` is served as a modern one, even in a legacy session.
    if (!modern && isObject(params._meta) && 'io.modelcontextprotocol/protocolVersion' in params._meta)
      return { code: 'any' };
    if (method === 'tools/call') return deepToolCall(params, modern);
    return modern ? { code: 'any' } : exampleServer(method, params);
  };
}

function deepToolCall(params: Record<string, unknown>, modern: boolean): Omit<Answer, 'id'> {
  const name = params.name;
  if (typeof name !== 'string' || !DEEP_TOOLS.has(name)) return { code: modern ? 'any' : InvalidParams };
  const args = params.arguments;
  if (args === null) return { code: 'any' };
  if (args !== undefined && !isObject(args)) return { code: modern ? 'any' : InvalidParams };
  const input = args ?? {};
  const levels = Number(input.levels);
  switch (name) {
    case 'cycle':
    case 'bigint':
    case 'throwing-tojson':
      return { code: InternalError };
    case 'deep-result':
    case 'deep-mirrored':
      // JSON.stringify follows a few thousand levels: between the bounds, it depends on the stack.
      return { code: levels >= 10_000 ? InternalError : levels > 1_000 ? 'any' : 'result' };
    case 'echo': {
      const depth = depthOf(input);
      return { code: depth >= 10_000 ? InternalError : depth > 1_000 ? 'any' : 'result' };
    }
    default:
      return { code: 'result' };
  }
}

/** Levels of arrays and objects in `value`, counted without recursion. */
function depthOf(value: unknown): number {
  const nests = (item: unknown): item is object => typeof item === 'object' && item !== null;
  let levels = 0;
  for (let level = [value]; level.some(nests); levels++) {
    const next: unknown[] = [];
    for (const item of level) if (nests(item)) for (const member of Object.values(item)) next.push(member);
    level = next;
  }
  return levels;
}
