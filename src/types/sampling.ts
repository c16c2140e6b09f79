/**
 * Sampling: a server asking the client's model for a completion.
 * @module
 */
import type { JsonObject, Meta, RequestParams, Result, Role } from './base.js';
import type { SamplingMessageContentBlock } from './content.js';
import type { TaskMetadata } from './tasks.js';
import type { Tool } from './tools.js';

/** A hint for model selection; clients may interpret names loosely (substrings, equivalents). */
export type ModelHint = {
  name?: string;
};

/** Advisory model-selection priorities, each from 0 to 1. */
export type ModelPreferences = {
  hints?: ModelHint[];
  costPriority?: number;
  speedPriority?: number;
  intelligencePriority?: number;
};

/** How the model may use the offered tools. Since 2025-11-25. */
export type ToolChoice = {
  mode?: 'auto' | 'required' | 'none';
};

/** Which MCP context the client should include (values other than `none` deprecated since 2025-11-25). */
export type IncludeContext = 'none' | 'thisServer' | 'allServers';

/** A message to or from the model. */
export type SamplingMessage = {
  role: Role;
  /** One block, or several since 2025-11-25. */
  content: SamplingMessageContentBlock | SamplingMessageContentBlock[];
  /** Since 2025-11-25. */
  _meta?: Meta;
};

/** Params of `sampling/createMessage`. */
export type CreateMessageRequestParams = RequestParams & {
  messages: SamplingMessage[];
  modelPreferences?: ModelPreferences;
  systemPrompt?: string;
  includeContext?: IncludeContext;
  temperature?: number;
  maxTokens: number;
  stopSequences?: string[];
  /** Provider-specific metadata passed through. */
  metadata?: JsonObject;
  /** Since 2025-11-25. */
  tools?: Tool[];
  /** Since 2025-11-25. */
  toolChoice?: ToolChoice;
  /** Runs the request as a task. 2025-11-25 only. */
  task?: TaskMetadata;
};

/** Why sampling stopped; open-ended. */
export type StopReason = 'endTurn' | 'stopSequence' | 'maxTokens' | 'toolUse' | (string & {});

/** The result of `sampling/createMessage` (an multi round-trip input response since 2026-07-28). */
export type CreateMessageResult = Result & {
  role: Role;
  /** One block, or several since 2025-11-25. */
  content: SamplingMessageContentBlock | SamplingMessageContentBlock[];
  /** The model that produced the message. */
  model: string;
  stopReason?: StopReason;
};
