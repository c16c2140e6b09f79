/**
 * Tools: registration, `tools/list` and `tools/call`. A tool's definition is checked and built
 * once, at registration, and shaped once per protocol revision, so listing never recomputes
 * schemas. Calls check arguments against the input schema (a model gets an error result it
 * can act on) and results against the output schema (a mismatch is the server's bug).
 * @module
 */
import { SerializedResult } from '../jsonrpc/serialized-result.js';
import { ErrorCode, UnserializableMessageError } from '../jsonrpc/errors.js';
import { isObject } from '../jsonrpc/message.js';
import { CapabilityNotSupportedError, invalidParams, McpError, methodNotFound } from '../protocol/errors.js';
import { missingClientCapability } from '../protocol/modern.js';
import { requestContextAccess } from '../protocol/request-context.js';
import { TASKS_EXTENSION } from '../types/tasks.js';
import type { TaskManager } from './tasks/task-manager.js';
import type { RequestHandler } from '../protocol/session.js';
import { checkToolHeaders } from '../protocol/tool-headers.js';
import type { JsonSchema } from '../schema/json-schema.js';
import type { ValidateFunction, ValidationResult, Validator } from '../schema/validator.js';
import type { ServerCapabilities } from '../types/capabilities.js';
import type { CallToolResult, ListToolsResult, Tool } from '../types/tools.js';
import { serverContextAccess, type ServerContext } from './context.js';
import type { FeatureHost, ServerFeature } from './feature.js';
import { FeatureSet } from './feature-set.js';
import { andThen, isThenable } from '../internal/maybe-async.js';
import { NO_SCOPES } from '../auth/server/scopes.js';
import { createToolEntry, definitionFor, mergeConfig, type StoredHandler, type ToolEntry } from './tool-definition.js';
import { resultForRevision, withTextMirror } from './tool-result.js';
import type {
  RegisteredTool,
  ToolConfig,
  ToolHandler,
  ToolInputSchemaLike,
  ToolOutputSchemaLike,
  ToolUpdate,
} from './tool-types.js';

export type {
  RegisteredTool,
  ToolArgs,
  ToolConfig,
  ToolHandler,
  ToolInputSchemaLike,
  ToolOutputSchemaLike,
  ToolResult,
  ToolStructuredContent,
  ToolUpdate,
} from './tool-types.js';

/** What the tool registry is told by its server (`reportError` receives the server's own bugs). */
export type ToolHost = FeatureHost;

export interface ToolRegistryOptions {
  /** Validates plain JSON Schemas; default Ajv (2020-12 and draft-07), shared by the process. */
  jsonSchemaValidator?: Validator<JsonSchema>;
  /** Runs the calls of tools that declare `task` as tasks. */
  tasks?: TaskManager;
}

export class ToolRegistry implements ServerFeature {
  readonly #tools: FeatureSet<ToolEntry>;
  readonly #host: ToolHost;
  readonly #validator: Validator<JsonSchema> | undefined;
  readonly #tasks: TaskManager | undefined;
  readonly handlers: Record<string, RequestHandler<ServerContext>>;

  constructor(host: ToolHost, options: ToolRegistryOptions = {}) {
    this.#host = host;
    this.#validator = options.jsonSchemaValidator;
    this.#tasks = options.tasks;
    this.#tools = new FeatureSet('tool', () => host.listChanged('tools'));
    this.handlers = {
      'tools/list': (params, ctx) => this.list(params.cursor as string | undefined, ctx.protocolVersion),
      'tools/call': (params, ctx) => this.call(params, ctx),
    };
  }

  capabilities(): ServerCapabilities {
    return this.#tools.size > 0 ? { tools: { listChanged: true } } : {};
  }

  /**
   * Registers a tool. Throws when the name is taken or invalid, or a schema cannot be used (not
   * an object schema, a dialect other than 2020-12 and draft-07, a reference to another
   * document, a Standard Schema that cannot describe itself as JSON Schema).
   */
  add<
    In extends ToolInputSchemaLike = ToolInputSchemaLike,
    Out extends ToolOutputSchemaLike | undefined = ToolOutputSchemaLike | undefined,
  >(name: string, config: ToolConfig<In, Out>, handler: NoInfer<ToolHandler<In, Out>>): RegisteredTool<In, Out> {
    let entry = createToolEntry(name, config as ToolConfig, handler as unknown as StoredHandler, this.#validator);
    checkToolHeaders(entry.definition);
    const handle = this.#tools.add(name, entry);
    let removed = false;
    const tools = this.#tools;
    const validator = this.#validator;
    return {
      name,
      get enabled() {
        return handle.enabled;
      },
      enable: () => handle.enable(),
      disable: () => handle.disable(),
      remove: () => {
        removed = true;
        handle.remove();
      },
      update(changes: ToolUpdate<In, Out>) {
        if (removed) throw new Error(`Tool ${JSON.stringify(name)} was removed and cannot be updated`);
        const { handler: newHandler, ...configChanges } = changes;
        const stored = newHandler === undefined ? entry.handler : (newHandler as unknown as StoredHandler);
        if (Object.keys(configChanges).length === 0) {
          // The definition is unchanged: nothing for clients to hear about.
          entry.handler = stored;
          return;
        }
        const next = createToolEntry(
          name,
          mergeConfig(entry.config, configChanges as Partial<ToolConfig>),
          stored,
          validator,
        );
        checkToolHeaders(next.definition);
        entry = next;
        tools.replace(name, entry);
      },
    };
  }

  /** The enabled tool `name` as the newest revision defines it. */
  definition(name: string): Tool | undefined {
    return this.#tools.get(name)?.definition;
  }

  /** Whether any tool may run as a task. */
  offersTasks(): boolean {
    return this.#tools.values().some((entry) => entry.task.support !== 'forbidden');
  }

  /** The scopes a call of the enabled tool `name` needs; none for a tool there is not. */
  scopesFor(name: unknown): readonly string[] {
    return (typeof name === 'string' && this.#tools.get(name)?.scopes) || NO_SCOPES;
  }

  /** Every scope a registered tool asks for. */
  scopesInUse(): string[] {
    return this.#tools.values().flatMap((entry) => entry.scopes);
  }

  /**
   * One page of enabled tools, as `version` defines them. Made once per page and revision until
   * the tools change, JSON included: hosts list tools far more often than servers change them.
   */
  list(cursor: string | undefined, version: string): SerializedResult<ListToolsResult> {
    return this.#tools.memo(`${version} ${cursor ?? ''}`, () => {
      const page = this.#tools.page(cursor, this.#host.pageSize);
      const result: ListToolsResult = { tools: page.items.map((entry) => definitionFor(entry, version)) };
      if (page.nextCursor !== undefined) result.nextCursor = page.nextCursor;
      return new SerializedResult(result);
    });
  }

  /**
   * Runs a tool. Arguments that break the input schema, and a handler's own exception, become
   * error results the model can read; an `McpError` from the handler is a JSON-RPC error, and
   * so is a result that breaks the output schema (-32603: the server's bug, also reported).
   * Synchronous when the checks and the handler are.
   */
  call(params: Record<string, unknown>, ctx: ServerContext): CallToolResult | Promise<CallToolResult> {
    const name = params.name as string;
    const entry = this.#tools.get(name);
    if (!entry) throw invalidParams(`Unknown tool: ${name}`);
    const given = params.arguments ?? {};
    if (!isObject(given)) throw invalidParams('Tool arguments must be an object');
    const asTask =
      entry.task.support !== 'forbidden' || isObject(params.task) ? this.#asTask(entry, params, ctx) : false;
    if (!entry.input) return this.#start(entry, given, ctx, asTask);
    return andThen(this.#check(entry.input.validate, given, name, 'inputSchema'), (checked) =>
      checked.ok
        ? this.#start(entry, checked.value as Record<string, unknown>, ctx, asTask)
        : errorResult(`Invalid arguments for tool ${name}: ${checked.issues.join('; ')}`),
    );
  }

  /** Runs the call, or starts it as a task. */
  #start(
    entry: ToolEntry,
    args: Record<string, unknown>,
    ctx: ServerContext,
    asTask: boolean | 'deferred',
  ): CallToolResult | Promise<CallToolResult> {
    const tasks = this.#tasks;
    if (tasks && asTask === 'deferred') return this.#runDeferred(entry, args, ctx, tasks);
    if (!asTask || !tasks) return this.#run(entry, args, ctx);
    const task = ctx.params.task;
    const ttl = isObject(task) && typeof task.ttl === 'number' ? task.ttl : undefined;
    const work = (taskCtx: ServerContext) =>
      Promise.resolve(this.#run(entry, args, taskCtx)) as Promise<Record<string, unknown>>;
    return tasks.start(ctx, work, ttl) as Promise<CallToolResult>;
  }

  /**
   * Runs the handler in the request until it calls `ctx.startTask()`: then the request is
   * answered with the task, and what the handler returns is the task's result.
   */
  #runDeferred(
    entry: ToolEntry,
    args: Record<string, unknown>,
    ctx: ServerContext,
    tasks: TaskManager,
  ): Promise<CallToolResult> {
    return new Promise<CallToolResult>((resolve, reject) => {
      serverContextAccess.enterDeferredTask(ctx, async () => {
        const { result, finish } = await tasks.adopt(ctx);
        finish(outcome as Promise<Record<string, unknown>>);
        resolve(result as CallToolResult);
      });
      // Settles the request only when the handler ends before starting a task.
      const outcome = Promise.resolve().then(() => this.#run(entry, args, ctx));
      outcome.then(resolve, reject);
    });
  }

  /**
   * Whether this call runs as a task: in 2025-11-25 when the client asks (`task` in the call),
   * in the tasks extension whenever its client declares it. A call that must be a task and
   * cannot, or asks to be one and may not, is refused.
   */
  #asTask(entry: ToolEntry, params: Record<string, unknown>, ctx: ServerContext): boolean | 'deferred' {
    const support = entry.task.support;
    if (requestContextAccess.envelopeOf(ctx)) {
      const declared = ctx.clientCapabilities.extensions?.[TASKS_EXTENSION] !== undefined;
      if (support === 'required' && !declared)
        throw missingClientCapability(
          { extensions: { [TASKS_EXTENSION]: {} } },
          `Tool ${entry.name} runs only as a task, and the request does not declare the ${TASKS_EXTENSION} extension`,
        );
      // A 2025-11-25 `task` in a modern call is no request: the server decides.
      if (!declared || support === 'forbidden') return false;
      return entry.task.deferred ? 'deferred' : true;
    }
    // Before 2025-11-25, or from a server that declares no tasks, `task` is no request at all.
    const asked = isObject(params.task) && ctx.protocolVersion >= '2025-11-25' && this.offersTasks();
    if (asked && support === 'forbidden')
      throw methodNotFound(
        'tools/call',
        `tool ${entry.name} does not run as a task (execution.taskSupport is forbidden)`,
      );
    if (!asked && support === 'required')
      throw methodNotFound(
        'tools/call',
        ctx.protocolVersion < '2025-11-25'
          ? `tool ${entry.name} runs only as a task, which protocol revision ${ctx.protocolVersion} does not have`
          : `tool ${entry.name} runs only as a task: call it with \`task\` (execution.taskSupport is required)`,
      );
    return asked;
  }

  #run(entry: ToolEntry, args: Record<string, unknown>, ctx: ServerContext): CallToolResult | Promise<CallToolResult> {
    let returned: unknown;
    try {
      returned = entry.handler(args, ctx);
    } catch (error) {
      return handlerFailure(error);
    }
    if (!isThenable(returned)) return this.#finish(entry, returned, ctx.protocolVersion);
    return Promise.resolve(returned).then(
      (value) => this.#finish(entry, value, ctx.protocolVersion),
      (error: unknown) => handlerFailure(error),
    );
  }

  #finish(entry: ToolEntry, returned: unknown, version: string): CallToolResult | Promise<CallToolResult> {
    return andThen(this.#checkResult(entry, returned), (result) =>
      resultForRevision(this.#mirrored(entry, result), version),
    );
  }

  /** The result with its text mirror; structured content JSON cannot write is the server's bug. */
  #mirrored(entry: ToolEntry, result: CallToolResult): CallToolResult {
    try {
      return withTextMirror(result);
    } catch (error) {
      if (!(error instanceof UnserializableMessageError)) throw error;
      throw this.#bug(`Tool ${entry.name} returned structuredContent that could not be serialized: ${error.reason}`);
    }
  }

  /** The handler's result, checked against the tool's output schema. */
  #checkResult(entry: ToolEntry, returned: unknown): CallToolResult | Promise<CallToolResult> {
    if (!isObject(returned))
      throw this.#bug(`Tool ${entry.name} returned ${describeValue(returned)} instead of a result object`);
    const content = returned.content ?? [];
    if (!Array.isArray(content)) throw this.#bug(`Tool ${entry.name} returned a result whose content is not an array`);
    const result = (content === returned.content ? returned : { ...returned, content }) as CallToolResult;
    if (!entry.output || result.isError === true) return result;
    if (result.structuredContent === undefined) {
      throw this.#bug(`Tool ${entry.name} has an outputSchema but returned no structuredContent`);
    }
    return andThen(
      this.#check(entry.output.validate, result.structuredContent, entry.name, 'outputSchema'),
      (checked) => {
        if (!checked.ok) {
          throw this.#bug(
            `Tool ${entry.name} returned structuredContent that does not match its outputSchema: ${checked.issues.join('; ')}`,
          );
        }
        return checked.value === result.structuredContent ? result : { ...result, structuredContent: checked.value };
      },
    );
  }

  /**
   * Runs a check. A schema that turns out unusable (it fails to compile) is the server's bug:
   * the validator's own words go to the server's log, since they describe its internals and not
   * the call; the client hears only which schema failed.
   */
  #check(
    validate: ValidateFunction,
    value: unknown,
    tool: string,
    member: 'inputSchema' | 'outputSchema',
  ): ValidationResult | Promise<ValidationResult> {
    const unusable = (error: unknown): never => {
      this.#host.reportError?.(
        new Error(
          `Tool ${tool}: ${member} could not be used: ${error instanceof Error ? error.message : String(error)}`,
          { cause: error },
        ),
      );
      throw new McpError(ErrorCode.InternalError, `Internal error: the ${member} of tool ${tool} could not be used`);
    };
    let outcome: ValidationResult | Promise<ValidationResult>;
    try {
      outcome = validate(value);
    } catch (error) {
      return unusable(error);
    }
    return isThenable(outcome) ? Promise.resolve(outcome).catch(unusable) : outcome;
  }

  /** An internal error for the client, reported to the server's owner as well. */
  #bug(message: string): McpError {
    this.#host.reportError?.(new Error(message));
    return new McpError(ErrorCode.InternalError, message);
  }
}

/**
 * A handler's exception as the model sees it. A client lacking what the tool needed (sampling,
 * elicitation, roots) is the tool's failure to report, not a missing method: tools/call itself
 * exists. Any other `McpError` is a JSON-RPC error.
 */
function handlerFailure(error: unknown): CallToolResult {
  if (error instanceof McpError && !(error instanceof CapabilityNotSupportedError)) throw error;
  return errorResult(error instanceof Error ? error.message : String(error));
}

function errorResult(text: string): CallToolResult {
  return { content: [{ type: 'text', text }], isError: true };
}

function describeValue(value: unknown): string {
  return value === null ? 'null' : Array.isArray(value) ? 'an array' : typeof value;
}
