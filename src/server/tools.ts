/**
 * Tool registration, listing and calls. The JSON a client sees for each tool is built once,
 * at registration, so listing never recomputes schemas.
 * @module
 */
import { ErrorCode } from '../jsonrpc/errors.js';
import { isObject } from '../jsonrpc/message.js';
import { McpError } from '../protocol/errors.js';
import type { CallToolResult, ListToolsResult, Tool } from '../types/tools.js';
import type { ServerContext } from './context.js';

export type ToolHandler = (args: Record<string, unknown>, ctx: ServerContext) => CallToolResult | Promise<CallToolResult>;

/** A tool's definition as clients see it, less its name; `inputSchema` defaults to any object. */
export type ToolConfig = Omit<Tool, 'name' | 'inputSchema'> & { inputSchema?: Tool['inputSchema'] };

export interface RegisteredTool {
  readonly name: string;
  /** Removes the tool. */
  remove(): void;
}

interface ToolEntry {
  definition: Tool;
  handler: ToolHandler;
}

// Tool names: 1-128 characters of ASCII letters, digits, underscore, hyphen and dot.
const TOOL_NAME = /^[A-Za-z0-9_.-]{1,128}$/;

export class ToolRegistry {
  readonly #tools = new Map<string, ToolEntry>();

  get size(): number {
    return this.#tools.size;
  }

  add(name: string, config: ToolConfig, handler: ToolHandler): RegisteredTool {
    if (!TOOL_NAME.test(name)) {
      throw new TypeError(`Invalid tool name ${JSON.stringify(name)}: use 1-128 characters of A-Z, a-z, 0-9, _, - and .`);
    }
    if (this.#tools.has(name)) throw new Error(`A tool named ${JSON.stringify(name)} is already registered`);
    const definition: Tool = { name, ...config, inputSchema: config.inputSchema ?? { type: 'object' } };
    this.#tools.set(name, { definition, handler });
    return { name, remove: () => this.#tools.delete(name) };
  }

  list(): ListToolsResult {
    const tools: Tool[] = [];
    for (const entry of this.#tools.values()) tools.push(entry.definition);
    return { tools };
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
