/**
 * Tools: functions a server exposes for a model to call.
 * @module
 */
import type {
  BaseMetadata,
  CacheableResult,
  Icons,
  Meta,
  PaginatedRequestParams,
  PaginatedResult,
  Result,
} from './base.js';
import type { ContentBlock } from './content.js';
import type { InputResponseRequestParams } from './multi-round-trip.js';
import type { TaskMetadata } from './tasks.js';

/** Hints about a tool's behaviour; untrusted unless the server is. Since 2025-03-26. */
export type ToolAnnotations = {
  /** A name for people. */
  title?: string;
  /** The tool changes nothing in its world. Default false. */
  readOnlyHint?: boolean;
  /** What it changes may be destroyed, not only added to (meaningful when not read-only). Default true. */
  destructiveHint?: boolean;
  /** Calling it again with the same arguments changes nothing more (when not read-only). Default false. */
  idempotentHint?: boolean;
  /** It reaches an open world of entities (the web), not a closed one (a memory). Default true. */
  openWorldHint?: boolean;
};

/** Whether a tool may or must run as a task. 2025-11-25 only. */
export type ToolExecution = {
  /** Whether a client may (`optional`) or must (`required`) call it as a task. Default `forbidden`. */
  taskSupport?: 'forbidden' | 'optional' | 'required';
};

/** The JSON Schema of a tool's arguments: an object schema (any 2020-12 keywords since 2026-07-28). */
export type ToolInputSchema = {
  /** Since 2025-11-25. */
  $schema?: string;
  type: 'object';
  /** The schema of each argument, by name. */
  properties?: Record<string, unknown>;
  /** The arguments that must be given. */
  required?: string[];
  [keyword: string]: unknown;
};

/** The JSON Schema of a tool's `structuredContent`. Until 2025-11-25 it had to be `type: "object"`. */
export type ToolOutputSchema = {
  /** The JSON Schema dialect; default 2020-12. Since 2025-11-25. */
  $schema?: string;
  /** The type of `structuredContent`: `object` until 2025-11-25, any since 2026-07-28. */
  type?: string;
  /** The schema of each field, by name. */
  properties?: Record<string, unknown>;
  /** The fields that are always there. */
  required?: string[];
  [keyword: string]: unknown;
};

/** A tool definition. */
export type Tool = BaseMetadata &
  Icons & {
    /** What the tool does, for the model: when to use it, what it returns. */
    description?: string;
    /** The JSON Schema of its arguments. */
    inputSchema: ToolInputSchema;
    /** Since 2025-06-18. */
    outputSchema?: ToolOutputSchema;
    /** Since 2025-03-26. */
    annotations?: ToolAnnotations;
    /** 2025-11-25 only. */
    execution?: ToolExecution;
    /** Since 2025-06-18. */
    _meta?: Meta;
  };

/** Params of `tools/list`. */
export type ListToolsRequestParams = PaginatedRequestParams;

/** The result of `tools/list`. */
export type ListToolsResult = PaginatedResult &
  CacheableResult & {
    /** The tools of this page. */
    tools: Tool[];
  };

/** Params of `tools/call`. `inputResponses` and `requestState` since 2026-07-28. */
export type CallToolRequestParams = InputResponseRequestParams & {
  /** The tool to call. */
  name: string;
  /** Its arguments, as its `inputSchema` describes them. */
  arguments?: Record<string, unknown>;
  /** Runs the call as a task. 2025-11-25 only. */
  task?: TaskMetadata;
};

/** The result of `tools/call` (or an `InputRequiredResult` since 2026-07-28, a `CreateTaskResult` in 2025-11-25). */
export type CallToolResult = Result & {
  /** What the tool returns, for the model: text, images, audio, resources and links to them. */
  content: ContentBlock[];
  /** Since 2025-06-18: an object until 2025-11-25, any JSON value since 2026-07-28. */
  structuredContent?: unknown;
  /** True when the tool itself failed (as opposed to a protocol error). */
  isError?: boolean;
};
