/**
 * Tool registration, listing and calls. The JSON a client sees for each tool is built once,
 * at registration, so listing never recomputes schemas.
 * @module
 */
import { ErrorCode } from '../jsonrpc/errors.js';
import { isObject } from '../jsonrpc/message.js';
import { McpError } from '../protocol/errors.js';
import type { CallToolResult, ListToolsResult, Tool } from '../types/tools.js';
import type { ServerCapabilities } from '../types/capabilities.js';
import type { RequestHandler } from '../protocol/session.js';
import type { ServerContext } from './context.js';
import type { FeatureHost, ServerFeature } from './feature.js';
import { FeatureSet, type FeatureHandle } from './feature-set.js';

export type ToolHandler = (args: Record<string, unknown>, ctx: ServerContext) => CallToolResult | Promise<CallToolResult>;

/** A tool's definition as clients see it, less its name; `inputSchema` defaults to any object. */
export type ToolConfig = Omit<Tool, 'name' | 'inputSchema'> & { inputSchema?: Tool['inputSchema'] };

export interface RegisteredTool extends FeatureHandle {
  readonly name: string;
}

interface ToolEntry {
  definition: Tool;
  handler: ToolHandler;
}

// Tool names: 1-128 characters of ASCII letters, digits, underscore, hyphen and dot.
const TOOL_NAME = /^[A-Za-z0-9_.-]{1,128}$/;

export class ToolRegistry implements ServerFeature {
  readonly #tools: FeatureSet<ToolEntry>;
  readonly #host: FeatureHost;
  readonly handlers: Record<string, RequestHandler<ServerContext>>;

  constructor(host: FeatureHost) {
    this.#host = host;
    this.#tools = new FeatureSet('tool', () => host.listChanged('tools'));
    this.handlers = {
      'tools/list': (params) => this.list(params.cursor as string | undefined),
      'tools/call': (params, ctx) => this.call(params, ctx),
    };
  }

  capabilities(): ServerCapabilities {
    return this.#tools.size > 0 ? { tools: { listChanged: true } } : {};
  }

  add(name: string, config: ToolConfig, handler: ToolHandler): RegisteredTool {
    if (!TOOL_NAME.test(name)) {
      throw new TypeError(`Invalid tool name ${JSON.stringify(name)}: use 1-128 characters of A-Z, a-z, 0-9, _, - and .`);
    }
    const definition: Tool = { name, ...config, inputSchema: config.inputSchema ?? { type: 'object' } };
    const handle = this.#tools.add(name, { definition, handler });
    return Object.assign(handle, { name });
  }

  list(cursor: string | undefined): ListToolsResult {
    const page = this.#tools.page(cursor, this.#host.pageSize);
    const result: ListToolsResult = { tools: page.items.map((e) => e.definition) };
    if (page.nextCursor !== undefined) result.nextCursor = page.nextCursor;
    return result;
  }

  /** Runs a tool. A tool's own exception becomes an error result the model can read. */
  async call(params: Record<string, unknown>, ctx: ServerContext): Promise<CallToolResult> {
    const name = params.name as string;
    const entry = this.#tools.get(name);
    if (!entry) throw new McpError(ErrorCode.InvalidParams, `Unknown tool: ${name}`);
    const args = params.arguments ?? {};
    if (!isObject(args)) throw new McpError(ErrorCode.InvalidParams, 'Tool arguments must be an object');
    try {
      return await entry.handler(args, ctx);
    } catch (error) {
      if (error instanceof McpError) throw error;
      const message = error instanceof Error ? error.message : String(error);
      return { content: [{ type: 'text', text: message }], isError: true };
    }
  }
}
