/**
 * The types of tool registration: what an author declares, what the handler receives and
 * returns, and the handle a registration gives back.
 * @module
 */
import type { JsonSchema } from '../schema/json-schema.js';
import type { InferInput, InferOutput, StandardSchemaV1 } from '../schema/standard.js';
import type { Meta } from '../types/base.js';
import type { Icon } from '../types/base.js';
import type { ContentBlock } from '../types/content.js';
import type { CallToolResult, ToolAnnotations, ToolExecution, ToolInputSchema } from '../types/tools.js';
import type { ServerContext } from './context.js';
import type { FeatureHandle } from './feature-set.js';

/** A tool's arguments schema: a JSON Schema with `type: "object"`, or a Standard Schema of an object. */
export type ToolInputSchemaLike = ToolInputSchema | StandardSchemaV1;

/** A tool's `structuredContent` schema: a JSON Schema, or a Standard Schema. */
export type ToolOutputSchemaLike = JsonSchema | StandardSchemaV1;

/** The arguments a handler receives: the Standard Schema's output type, else a plain object. */
export type ToolArgs<In> = [In] extends [StandardSchemaV1] ? InferOutput<In> : Record<string, unknown>;

/** What `structuredContent` must hold: what the Standard Schema accepts, else any JSON value. */
export type ToolStructuredContent<Out> = [Out] extends [StandardSchemaV1] ? InferInput<Out> : unknown;

/**
 * What a handler returns. Without an output schema, a `CallToolResult`. With one, as the server
 * checks it: a success carries `structuredContent` that fits the schema, and may leave out
 * `content` (the JSON of `structuredContent` is sent as text for clients that read only
 * `content`); an error result (`isError: true`) carries `content` and is not checked.
 */
export type ToolResult<Out = undefined> = [Out] extends [undefined]
  ? CallToolResult
  : Omit<CallToolResult, 'content' | 'structuredContent' | 'isError'> &
      (
        | {
            /** What the model reads; default the JSON of `structuredContent`, as text. */
            content?: ContentBlock[];
            /** The result, fitting the output schema. */
            structuredContent: ToolStructuredContent<Out>;
            isError?: false;
          }
        | {
            /** What went wrong, for the model to read. */
            content: ContentBlock[];
            /** Anything; an error result is not checked against the output schema. */
            structuredContent?: unknown;
            isError: true;
          }
      );

/** A tool's definition as declared by its author; the name is given separately. */
export interface ToolConfig<
  In extends ToolInputSchemaLike = ToolInputSchemaLike,
  Out extends ToolOutputSchemaLike | undefined = ToolOutputSchemaLike | undefined,
> {
  /** Display name. Shown to clients of 2025-06-18 and later. */
  title?: string;
  /** What the tool does, for the model. */
  description?: string;
  /**
   * The arguments: a JSON Schema (2020-12 unless its `$schema` says draft-07) with
   * `type: "object"`, or a Standard Schema (Zod, ArkType, ...; Valibot through
   * `withJsonSchema`). Arguments are checked against it before the handler runs. Default:
   * any object. Schemas are kept by reference and compiled once: change a tool's schema with
   * `update`, not by changing the object.
   */
  inputSchema?: In;
  /**
   * The shape of `structuredContent`; when given, every result that is not an error must carry
   * `structuredContent` that fits it. Shown to clients of 2025-06-18 and later (a schema other
   * than `type: "object"` only to clients of 2026-07-28 and later).
   */
  outputSchema?: Out;
  /** Behaviour hints (read-only, destructive, ...). Shown to clients of 2025-03-26 and later. */
  annotations?: ToolAnnotations;
  /** Icons for user interfaces. Shown to clients of 2025-11-25 and later. */
  icons?: Icon[];
  /**
   * Whether the tool may run as a task (the server's `tasks` option says how tasks are kept):
   * - `'optional'`: a 2025-11-25 client may ask for a task (`task` in the call); a client of
   *   the tasks extension (2026-07-28) that declares it always gets one; others get the result;
   * - `'required'`: every call is a task; a client that cannot take one is refused (-32601 in
   *   2025-11-25 and before, -32021 naming the extension in 2026-07-28);
   * - `{ support, deferred: true }`: the handler starts the task itself with
   *   `ctx.startTask()`, after what it asks the client in the request (multi round-trip).
   * The same handler runs in every case; in a task, `ctx.elicit` / `ctx.sample` /
   * `ctx.listRoots` become the task's input requests. Listed to 2025-11-25 clients as
   * `execution.taskSupport`.
   */
  task?:
    | 'optional'
    | 'required'
    | {
        /** `optional` or `required`, as above. */
        support: 'optional' | 'required';
        /** The handler starts the task itself, with `ctx.startTask()`. */
        deferred?: boolean;
      };
  /** Whether the tool may run as a task, as the spec lists it; `task` sets it. Shown to clients of 2025-11-25 only. */
  execution?: ToolExecution;
  /** Extra metadata. Shown to clients of 2025-06-18 and later. */
  _meta?: Meta;
  /**
   * The scopes an access token must grant to call the tool, when the HTTP endpoint checks
   * tokens (its `auth` option): a call without them is answered 403 naming them, before the
   * handler runs. Not shown to clients; `tools/list` lists the tool whatever the token.
   */
  scopes?: readonly string[];
}

/**
 * Runs a tool. `args` have passed the input schema. A thrown `McpError` becomes a JSON-RPC
 * error; anything else thrown becomes an error result (`isError: true`) the model can read.
 * `ctx.protocolVersion` tells the client's revision, though results are shaped for it anyway.
 */
export type ToolHandler<
  In extends ToolInputSchemaLike = ToolInputSchemaLike,
  Out extends ToolOutputSchemaLike | undefined = ToolOutputSchemaLike | undefined,
> = (args: ToolArgs<In>, ctx: ServerContext) => ToolResult<Out> | Promise<ToolResult<Out>>;

/** Changes to a registered tool: any part of its config, and its handler. */
export type ToolUpdate<
  In extends ToolInputSchemaLike = ToolInputSchemaLike,
  Out extends ToolOutputSchemaLike | undefined = ToolOutputSchemaLike | undefined,
> = Partial<ToolConfig<In, Out>> & {
  /** The handler that runs the tool's calls from now on. */
  handler?: ToolHandler<In, Out>;
};

/** A registered tool: the means to change it later. */
export interface RegisteredTool<
  In extends ToolInputSchemaLike = ToolInputSchemaLike,
  Out extends ToolOutputSchemaLike | undefined = ToolOutputSchemaLike | undefined,
> extends FeatureHandle {
  /** The tool's name. */
  readonly name: string;
  /**
   * Changes the tool's definition or handler. Members set to `undefined` are removed. The new
   * definition is checked as at registration (and nothing changes when it fails); clients are
   * told the list changed when the tool is enabled and its definition changed.
   */
  update(changes: ToolUpdate<In, Out>): void;
}
