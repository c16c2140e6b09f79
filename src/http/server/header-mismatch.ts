/**
 * The server's check of a modern request's headers against its body (2026-07-28): the
 * version, `Mcp-Method`, `Mcp-Name`, and the `Mcp-Param-*` headers the called tool's
 * `x-mcp-header` annotations ask for. Any disagreement, a missing header or a malformed value
 * is refused with 400 and -32020 (HeaderMismatch), so intermediaries that route on headers can
 * never be told one thing while the server does another.
 * @module
 */
import { isObject } from '../../jsonrpc/message.js';
import { headerParams } from '../../protocol/tool-headers.js';
import type { Tool } from '../../types/tools.js';
import type { HttpRequestLike } from './exchange.js';
import {
  argumentAt,
  argumentText,
  decodeHeaderValue,
  headerMatches,
  METHOD_HEADER,
  NAME_HEADER,
  nameSource,
  PARAM_HEADER_PREFIX,
} from '../mcp-headers.js';
import { PROTOCOL_VERSION_HEADER } from './replies.js';

/**
 * What is wrong with the headers of a modern request, or `undefined` when they agree with
 * the body. `bodyVersion` is the revision its `_meta` names (absent: the envelope check
 * refuses it later); `tool` looks up a tool for the `Mcp-Param-*` checks.
 */
export function headerMismatch(
  request: HttpRequestLike,
  message: Record<string, unknown>,
  bodyVersion: string | undefined,
  tool: (name: string) => Tool | undefined,
): string | undefined {
  const version = request.header(PROTOCOL_VERSION_HEADER)?.trim();
  if (version === undefined) return 'the MCP-Protocol-Version header is required';
  if (bodyVersion !== undefined && version !== bodyVersion) {
    return `MCP-Protocol-Version header value ${quote(version)} does not match the body's _meta value ${quote(bodyVersion)}`;
  }
  const method = message.method;
  const methodHeader = request.header(METHOD_HEADER)?.trim();
  if (methodHeader === undefined) return 'the Mcp-Method header is required';
  if (methodHeader !== method)
    return `Mcp-Method header value ${quote(methodHeader)} does not match body value ${quote(method)}`;

  const params = isObject(message.params) ? message.params : {};
  const source = typeof method === 'string' ? nameSource(method) : undefined;
  const named = source && params[source];
  // A body without the value is malformed: the request's own validation says so more precisely.
  if (typeof named === 'string') {
    const problem = mirrored(request.header(NAME_HEADER), `Mcp-Name`, named, `params.${source}`);
    if (problem !== undefined) return problem;
  }
  if (method === 'tools/call' && typeof params.name === 'string') {
    const definition = tool(params.name);
    if (definition) return paramMismatch(request, headerParams(definition.inputSchema), params.arguments);
  }
  return undefined;
}

/** Checks the `Mcp-Param-*` headers a tool's annotations ask for against its arguments. */
function paramMismatch(
  request: HttpRequestLike,
  params: ReturnType<typeof headerParams>,
  args: unknown,
): string | undefined {
  for (const param of params) {
    const name = `Mcp-Param-${param.header}`;
    const raw = request.header(PARAM_HEADER_PREFIX + param.header.toLowerCase());
    const value = argumentAt(args, param.path);
    const where = `arguments.${param.path.join('.')}`;
    if (value === undefined || value === null) {
      if (raw !== undefined) return `${name} header is sent but ${where} is absent`;
      continue;
    }
    // An object or array cannot be mirrored; the arguments' own validation refuses it.
    if (argumentText(value) === undefined) continue;
    const problem = mirrored(raw, name, value, where);
    if (problem !== undefined) return problem;
  }
  return undefined;
}

/** Checks one mirrored header: present, decodable, and equal to the body's value. */
function mirrored(raw: string | undefined, name: string, value: unknown, where: string): string | undefined {
  if (raw === undefined) return `the ${name} header is required when the body has ${where}`;
  const decoded = decodeHeaderValue(raw);
  if (decoded === undefined) return `${name} header value is not valid: invalid characters or malformed Base64`;
  if (!headerMatches(decoded, value))
    return `${name} header value ${quote(decoded)} does not match body value ${quote(value)}`;
  return undefined;
}

function quote(value: unknown): string {
  const text = typeof value === 'string' ? value : (JSON.stringify(value) ?? String(value));
  return `'${text.length > 200 ? `${text.slice(0, 200)}...` : text}'`;
}
