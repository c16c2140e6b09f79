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
  /** A model's name or part of it (`claude-3-5-sonnet`, `sonnet`, `claude`). */
  name?: string;
};

/** Advisory model-selection priorities, each from 0 to 1. */
export type ModelPreferences = {
  /** Models to consider, in order of preference; the client chooses. */
  hints?: ModelHint[];
  /** How much a low cost matters, from 0 to 1. */
  costPriority?: number;
  /** How much a fast answer matters, from 0 to 1. */
  speedPriority?: number;
  /** How much a capable model matters, from 0 to 1. */
  intelligencePriority?: number;
};

/** How the model may use the offered tools. Since 2025-11-25. */
export type ToolChoice = {
  /** `auto` lets the model choose, `required` makes it call a tool, `none` forbids tools. Default `auto`. */
  mode?: 'auto' | 'required' | 'none';
};

/** Which MCP context the client should include (values other than `none` deprecated since 2025-11-25). */
export type IncludeContext = 'none' | 'thisServer' | 'allServers';

/** A message to or from the model. */
export type SamplingMessage = {
  /** Who says it: `user` or `assistant`. */
  role: Role;
  /** One block, or several since 2025-11-25. */
  content: SamplingMessageContentBlock | SamplingMessageContentBlock[];
  /** Since 2025-11-25. */
  _meta?: Meta;
};

/** Params of `sampling/createMessage`. */
export type CreateMessageRequestParams = RequestParams & {
  /** The conversation to continue. */
  messages: SamplingMessage[];
  /** What the server would like of the model; the client chooses. */
  modelPreferences?: ModelPreferences;
  /** A system prompt the server asks for; the client may change or drop it. */
  systemPrompt?: string;
  /** Which MCP context the client should add to the prompt. Default `none`. */
  includeContext?: IncludeContext;
  /** Sampling temperature. */
  temperature?: number;
  /** The most tokens the answer may take; the client may ask for fewer. */
  maxTokens: number;
  /** Text at which the model stops. */
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
  /** Who wrote the message: `assistant`. */
  role: Role;
  /** One block, or several since 2025-11-25. */
  content: SamplingMessageContentBlock | SamplingMessageContentBlock[];
  /** The model that produced the message. */
  model: string;
  /** Why the model stopped. */
  stopReason?: StopReason;
};
