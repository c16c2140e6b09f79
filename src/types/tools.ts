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
  title?: string;
  readOnlyHint?: boolean;
  destructiveHint?: boolean;
  idempotentHint?: boolean;
  openWorldHint?: boolean;
};

/** Whether a tool may or must run as a task. 2025-11-25 only. */
export type ToolExecution = {
  taskSupport?: 'forbidden' | 'optional' | 'required';
};

/** The JSON Schema of a tool's arguments: an object schema (any 2020-12 keywords since 2026-07-28). */
export type ToolInputSchema = {
  /** Since 2025-11-25. */
  $schema?: string;
  type: 'object';
  properties?: Record<string, unknown>;
  required?: string[];
  [keyword: string]: unknown;
};

/** The JSON Schema of a tool's `structuredContent`. Until 2025-11-25 it had to be `type: "object"`. */
export type ToolOutputSchema = {
  $schema?: string;
  type?: string;
  properties?: Record<string, unknown>;
  required?: string[];
  [keyword: string]: unknown;
};

/** A tool definition. */
export type Tool = BaseMetadata &
  Icons & {
    description?: string;
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
    tools: Tool[];
  };

/** Params of `tools/call`. `inputResponses` and `requestState` since 2026-07-28. */
export type CallToolRequestParams = InputResponseRequestParams & {
  name: string;
  arguments?: Record<string, unknown>;
  /** Runs the call as a task. 2025-11-25 only. */
  task?: TaskMetadata;
};

/** The result of `tools/call` (or an `InputRequiredResult` since 2026-07-28, a `CreateTaskResult` in 2025-11-25). */
export type CallToolResult = Result & {
  content: ContentBlock[];
  /** Since 2025-06-18: an object until 2025-11-25, any JSON value since 2026-07-28. */
  structuredContent?: unknown;
  /** True when the tool itself failed (as opposed to a protocol error). */
  isError?: boolean;
};
