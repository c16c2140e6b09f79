/**
 * The client's side of the modern revision's request headers: the standard ones every
 * request carries, and the `Mcp-Param-*` headers of a tool call, from the `x-mcp-header`
 * annotations learned as `tools/list` results pass through. Tools whose annotations break the
 * rules are dropped from those results, with a warning, as the spec requires.
 * @module
 */
import { isObject, type JsonRpcMessage, type JsonRpcRequest } from '../../jsonrpc/message.js';
import { META } from '../../types/meta.js';
import { HeaderAnnotationError, headerParams, type HeaderParam } from '../../protocol/tool-headers.js';
import { encodeHeaderValue, nameSource, paramHeaders } from '../mcp-headers.js';

/** The revision a request names in its `_meta`, when it is a request of the modern era. */
export function modernVersionOfRequest(message: JsonRpcMessage | JsonRpcMessage[]): string | undefined {
  if (Array.isArray(message) || !('method' in message) || !('id' in message)) return undefined;
  const meta = message.params?._meta;
  const version = isObject(meta) ? meta[META.protocolVersion] : undefined;
  return typeof version === 'string' ? version : undefined;
}

/** What the transport knows of the server's tools: the arguments each mirrors into headers. */
export class ToolHeaderBook {
  readonly #params = new Map<string, readonly HeaderParam[]>();

  /** Whether the tool was listed (with valid annotations, or none). */
  knows(name: string): boolean {
    return this.#params.has(name);
  }

  /** The headers a request carries: version, method, name, and a tool call's parameters. */
  headersFor(request: JsonRpcRequest, version: string): Record<string, string> {
    const headers: Record<string, string> = { 'mcp-protocol-version': version, 'mcp-method': request.method };
    const params = request.params ?? {};
    const source = nameSource(request.method);
    const name = source && params[source];
    if (typeof name === 'string') headers['mcp-name'] = encodeHeaderValue(name);
    if (request.method === 'tools/call' && typeof params.name === 'string') {
      Object.assign(headers, paramHeaders(this.#params.get(params.name) ?? [], params.arguments));
    }
    return headers;
  }

  /**
   * Learns the annotations of the tools a `tools/list` result lists, and returns the result
   * without the tools whose annotations are invalid; `warn` hears of each one dropped.
   */
  learn(result: Record<string, unknown>, warn: (error: Error) => void): Record<string, unknown> {
    if (!Array.isArray(result.tools)) return result;
    const kept: unknown[] = [];
    for (const tool of result.tools) {
      if (!isObject(tool) || typeof tool.name !== 'string') {
        kept.push(tool);
        continue;
      }
      try {
        this.#params.set(tool.name, headerParams(tool.inputSchema));
        kept.push(tool);
      } catch (error) {
        if (!(error instanceof HeaderAnnotationError)) throw error;
        this.#params.delete(tool.name);
        warn(
          new Error(
            `Dropped tool ${JSON.stringify(tool.name)} from tools/list: inputSchema property ${JSON.stringify(error.property)}: ${error.message}`,
            { cause: error },
          ),
        );
      }
    }
    return kept.length === result.tools.length ? result : { ...result, tools: kept };
  }
}
