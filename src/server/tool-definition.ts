/**
 * A registered tool as the registry keeps it: checked once at registration, its definition
 * built once and shaped once per protocol revision, its schemas ready to validate.
 * @module
 */
import { shapeForRevision } from '../protocol/revision-shape.js';
import { isJsonObject, SchemaError, type JsonSchema } from '../schema/json-schema.js';
import { prepareSchema, type PreparedSchema } from '../schema/prepare.js';
import type { Validator } from '../schema/validator.js';
import { inSpan, isRevision, VALUE_FORMS, type Span } from '../types/revisions.js';
import type { Tool, ToolInputSchema } from '../types/tools.js';
import { checkedScopes } from '../auth/server/scopes.js';
import type { ToolConfig, ToolHandler, ToolInputSchemaLike, ToolOutputSchemaLike } from './tool-types.js';

/** A handler as stored, its argument and result types erased. */
export type StoredHandler = ToolHandler<ToolInputSchemaLike, ToolOutputSchemaLike | undefined>;

/** Everything the registry knows of one tool. */
export interface ToolEntry {
  readonly name: string;
  /** The config as declared, kept so `update` can change parts of it. */
  readonly config: ToolConfig;
  handler: StoredHandler;
  /** The full definition, for the newest revision. */
  readonly definition: Tool;
  /** Absent when any object is accepted: there is nothing to check. */
  readonly input: PreparedSchema | undefined;
  readonly output: PreparedSchema | undefined;
  /** `definition` as each revision defines `Tool`, built on first use. */
  readonly byRevision: Map<string, Tool>;
  /** The scopes an access token needs to call it (`config.scopes`, checked). */
  readonly scopes: readonly string[];
  /** Whether calls may or must run as tasks (`config.task`). */
  readonly task: TaskSettings;
}

/** How a tool runs as a task. */
export interface TaskSettings {
  readonly support: 'forbidden' | 'optional' | 'required';
  /** The handler starts the task itself (`ctx.startTask()`); until then the call is a plain request. */
  readonly deferred: boolean;
}

// 2025-11-25: 1 to 128 characters, each an ASCII letter, digit, underscore, hyphen or dot.
const TOOL_NAME = /^[A-Za-z0-9_.-]{1,128}$/;

/** The default arguments schema: any object. */
const ANY_OBJECT: ToolInputSchema = Object.freeze({ type: 'object' }) as ToolInputSchema;

/** The members of a tool definition an author may declare, in the order they are sent. */
const DECLARED = [
  'title',
  'description',
  'inputSchema',
  'outputSchema',
  'annotations',
  'icons',
  'execution',
  '_meta',
] as const;

const TASK_SUPPORT = new Set(['forbidden', 'optional', 'required']);

/** Checks a tool's name and config and builds its entry. Throws `TypeError` naming what is wrong. */
export function createToolEntry(
  name: string,
  config: ToolConfig,
  handler: StoredHandler,
  validator: Validator<JsonSchema> | undefined,
): ToolEntry {
  if (typeof name !== 'string' || !TOOL_NAME.test(name)) {
    throw new TypeError(
      `Invalid tool name ${JSON.stringify(name)}: a tool name is 1 to 128 characters, each an ASCII letter, digit, underscore (_), hyphen (-) or dot (.)`,
    );
  }
  if (typeof handler !== 'function')
    throw new TypeError(`Tool ${JSON.stringify(name)}: the handler must be a function`);
  const task = taskSettings(name, config);
  const input =
    config.inputSchema === undefined ? undefined : prepare(name, 'inputSchema', config.inputSchema, validator);
  if (input && input.jsonSchema.type !== 'object') {
    throw new SchemaError(
      `Tool ${JSON.stringify(name)}: inputSchema must describe an object (type: "object"), since arguments are always an object`,
    );
  }
  const output =
    config.outputSchema === undefined ? undefined : prepare(name, 'outputSchema', config.outputSchema, validator);
  const scopes = checkedScopes(config.scopes, `Tool ${JSON.stringify(name)}: scopes`);

  const definition: Record<string, unknown> = { name };
  for (const key of DECLARED) {
    const value =
      key === 'inputSchema'
        ? (input?.jsonSchema ?? ANY_OBJECT)
        : key === 'outputSchema'
          ? output?.jsonSchema
          : config[key];
    if (value !== undefined) definition[key] = value;
  }
  if (task.support !== 'forbidden')
    definition.execution = { ...(config.execution as object | undefined), taskSupport: task.support };
  return {
    name,
    config,
    handler,
    definition: definition as Tool,
    input,
    output,
    byRevision: new Map(),
    scopes,
    task,
  };
}

/** The tool's task settings, from `task` or else `execution.taskSupport`; the two must agree. */
function taskSettings(name: string, config: ToolConfig): TaskSettings {
  const declared = config.execution?.taskSupport;
  if (declared !== undefined && !TASK_SUPPORT.has(declared)) {
    throw new TypeError(
      `Tool ${JSON.stringify(name)}: execution.taskSupport must be "forbidden", "optional" or "required"`,
    );
  }
  const task = config.task;
  if (task === undefined) return { support: declared ?? 'forbidden', deferred: false };
  const support = typeof task === 'string' ? task : task?.support;
  if (support !== 'optional' && support !== 'required')
    throw new TypeError(`Tool ${JSON.stringify(name)}: task must be "optional", "required" or { support, deferred }`);
  if (declared !== undefined && declared !== support)
    throw new TypeError(
      `Tool ${JSON.stringify(name)}: task says "${support}" but execution.taskSupport says "${declared}"`,
    );
  return { support, deferred: typeof task === 'object' && task.deferred === true };
}

function prepare(
  tool: string,
  member: 'inputSchema' | 'outputSchema',
  schema: unknown,
  validator: Validator<JsonSchema> | undefined,
): PreparedSchema {
  const name = `Tool ${JSON.stringify(tool)}: ${member}`;
  if (!isJsonObject(schema) && typeof schema !== 'function')
    throw new SchemaError(`${name} must be a JSON Schema object or a Standard Schema`);
  return prepareSchema(schema as ToolInputSchemaLike, {
    name,
    direction: member === 'inputSchema' ? 'input' : 'output',
    ...(validator && { jsonSchemaValidator: validator }),
  });
}

/** The config after `changes`: members set to `undefined` are removed. */
export function mergeConfig(config: ToolConfig, changes: Partial<ToolConfig>): ToolConfig {
  const merged: Record<string, unknown> = { ...config };
  for (const [key, value] of Object.entries(changes)) {
    if (value === undefined) delete merged[key];
    else merged[key] = value;
  }
  return merged as ToolConfig;
}

/** Since when an output schema may be other than `type: "object"`. */
const ANY_OUTPUT_SCHEMA: Span = VALUE_FORMS.find((f) => f.type === 'Tool' && f.field === 'outputSchema')?.span ?? {};

/**
 * The tool's definition as `version` defines `Tool`: without the members that revision lacks,
 * and without an output schema it could not express. Built once per revision.
 */
export function definitionFor(entry: ToolEntry, version: string): Tool {
  let shaped = entry.byRevision.get(version);
  if (shaped === undefined) {
    shaped = shapeTool(entry.definition, version);
    entry.byRevision.set(version, shaped);
  }
  return shaped;
}

/** `tool` as `version` defines `Tool` (see {@link definitionFor}); the tool itself when nothing changes. */
export function shapeTool(tool: Tool, version: string): Tool {
  const shaped = shapeForRevision('Tool', tool, version);
  if (
    shaped.outputSchema === undefined ||
    shaped.outputSchema.type === 'object' ||
    !isRevision(version) ||
    inSpan(ANY_OUTPUT_SCHEMA, version)
  )
    return shaped;
  const { outputSchema: _inexpressible, ...rest } = shaped;
  return rest;
}
