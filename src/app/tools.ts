/**
 * The tools a view offers its host (the draft's app-provided tools): registered by name with
 * a JSON Schema of their arguments, listed to the host by `tools/list` while enabled, run by
 * `tools/call`. No schema validator comes with them (a view's bundle stays small and runs
 * without `eval`): arguments must be an object holding the schema's `required` keys; the
 * handler checks the rest. Each change is reported once, after the current task.
 * @module
 */
import { ErrorCode, JsonRpcError } from '../jsonrpc/errors.js';
import { isObject } from '../jsonrpc/message.js';
import type { Tool, ToolAnnotations, ToolInputSchema, ToolOutputSchema } from '../types/tools.js';
import type { CallToolResult } from '../types/tools.js';

/** What a view says of one of its tools. */
export interface ViewToolConfig {
  /** A name for people. */
  title?: string;
  /** What the tool does, for the model. */
  description?: string;
  /** A JSON Schema object. Default: `{ type: 'object', properties: {} }`, no arguments. */
  inputSchema?: ToolInputSchema;
  /** A JSON Schema object of its `structuredContent`, if it returns some. */
  outputSchema?: ToolOutputSchema;
  /** Hints about its behaviour (read-only, destructive, ...), as a server's tool has. */
  annotations?: ToolAnnotations;
  /** Metadata sent with the tool as it is listed. */
  _meta?: Record<string, unknown>;
}

/**
 * Runs a view's tool. What it throws becomes an error result (`isError: true`) the model can
 * read, as a server's tool failure does; a thrown `JsonRpcError` is a JSON-RPC error instead.
 */
export type ViewToolHandler = (args: Record<string, unknown>) => CallToolResult | Promise<CallToolResult>;

/** A registered tool: turned on and off, changed or removed; the host hears of each change. */
export interface ViewToolHandle {
  /** The tool's name. */
  readonly name: string;
  /** Whether the host sees it: a disabled tool is left out of the list and refused when called. */
  readonly enabled: boolean;
  /** Lists the tool again. */
  enable(): void;
  /** Hides the tool until it is enabled; it stays registered. */
  disable(): void;
  /** Changes what the tool says of itself, or its handler. */
  update(changes: ViewToolConfig & { handler?: ViewToolHandler }): void;
  /** Unregisters the tool; its name is free again. */
  remove(): void;
}

interface Entry {
  config: ViewToolConfig;
  handler: ViewToolHandler;
  enabled: boolean;
}

/** The tools of one view. `changed` is called once for a burst of changes. */
export class ViewTools {
  readonly #tools = new Map<string, Entry>();
  readonly #changed: () => void;
  #queued = false;

  constructor(changed: () => void) {
    this.#changed = changed;
  }

  get size(): number {
    return this.#tools.size;
  }

  register(name: string, config: ViewToolConfig, handler: ViewToolHandler): ViewToolHandle {
    if (typeof name !== 'string' || name === '') throw new TypeError('App.registerTool: a tool needs a name');
    if (typeof handler !== 'function') throw new TypeError(`App.registerTool: the tool ${name} needs a handler`);
    if (this.#tools.has(name)) throw new Error(`App.registerTool: the tool ${name} is already registered`);
    const entry: Entry = { config: { ...config }, handler, enabled: true };
    this.#tools.set(name, entry);
    this.#change();
    const live = () => this.#tools.get(name) === entry;
    const set = (enabled: boolean) => {
      if (live() && entry.enabled !== enabled) {
        entry.enabled = enabled;
        this.#change();
      }
    };
    return {
      name,
      get enabled() {
        return live() && entry.enabled;
      },
      enable: () => set(true),
      disable: () => set(false),
      update: ({ handler: next, ...changes }) => {
        if (!live()) return;
        entry.config = { ...entry.config, ...changes };
        if (next !== undefined) entry.handler = next;
        this.#change();
      },
      remove: () => {
        if (!live()) return;
        this.#tools.delete(name);
        this.#change();
      },
    };
  }

  /** The `tools/list` answer: the enabled tools. */
  list(): { tools: Tool[] } {
    const tools: Tool[] = [];
    for (const [name, { config, enabled }] of this.#tools) {
      if (!enabled) continue;
      const { inputSchema = { type: 'object', properties: {} }, ...rest } = config;
      tools.push(dropUndefined({ name, ...rest, inputSchema }) as Tool);
    }
    return { tools };
  }

  /** The `tools/call` answer. */
  async call(params: Record<string, unknown>): Promise<CallToolResult> {
    const { name, arguments: given = {} } = params;
    if (typeof name !== 'string') throw new JsonRpcError(ErrorCode.InvalidParams, 'tools/call needs a tool name');
    const entry = this.#tools.get(name);
    if (entry === undefined) throw new JsonRpcError(ErrorCode.InvalidParams, `Unknown tool: ${name}`);
    if (!entry.enabled) throw new JsonRpcError(ErrorCode.InvalidParams, `The tool ${name} is disabled`);
    if (!isObject(given)) throw new JsonRpcError(ErrorCode.InvalidParams, 'Tool arguments must be an object');
    const missing = (entry.config.inputSchema?.required ?? []).filter((key) => given[key] === undefined);
    if (missing.length > 0) return errorResult(`Invalid arguments for tool ${name}: missing ${missing.join(', ')}`);
    let result: unknown;
    try {
      result = await entry.handler(given);
    } catch (error) {
      if (error instanceof JsonRpcError) throw error;
      return errorResult(error instanceof Error ? error.message : String(error));
    }
    if (!isObject(result)) throw new JsonRpcError(ErrorCode.InternalError, `The tool ${name} returned no result`);
    return { ...result, content: Array.isArray(result.content) ? result.content : [] } as CallToolResult;
  }

  #change(): void {
    if (this.#queued) return;
    this.#queued = true;
    queueMicrotask(() => {
      this.#queued = false;
      this.#changed();
    });
  }
}

function errorResult(text: string): CallToolResult {
  return { content: [{ type: 'text', text }], isError: true };
}

function dropUndefined(value: Record<string, unknown>): Record<string, unknown> {
  return Object.fromEntries(Object.entries(value).filter(([, v]) => v !== undefined));
}
