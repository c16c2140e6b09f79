/**
 * Prompts: message templates a server offers to users.
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
  Role,
} from './base.js';
import type { ContentBlock } from './content.js';
import type { InputResponseRequestParams } from './multi-round-trip.js';

/** An argument a prompt accepts. */
export type PromptArgument = BaseMetadata & {
  /** What the argument is, for people filling it in. */
  description?: string;
  /** It must be given. Default false. */
  required?: boolean;
};

/** A prompt or prompt template. */
export type Prompt = BaseMetadata &
  Icons & {
    /** What the prompt is for. */
    description?: string;
    /** The arguments it takes, which `prompts/get` fills in. */
    arguments?: PromptArgument[];
    /** Since 2025-06-18. */
    _meta?: Meta;
  };

/** A message of a prompt. */
export type PromptMessage = {
  /** Who says it: `user` or `assistant`. */
  role: Role;
  /** What is said. */
  content: ContentBlock;
};

/** Params of `prompts/list`. */
export type ListPromptsRequestParams = PaginatedRequestParams;

/** The result of `prompts/list`. */
export type ListPromptsResult = PaginatedResult &
  CacheableResult & {
    /** The prompts of this page. */
    prompts: Prompt[];
  };

/** Params of `prompts/get`. `inputResponses` and `requestState` since 2026-07-28. */
export type GetPromptRequestParams = InputResponseRequestParams & {
  /** The prompt to get. */
  name: string;
  /** Its arguments' values, by name. */
  arguments?: Record<string, string>;
};

/** The result of `prompts/get` (or an `InputRequiredResult` since 2026-07-28). */
export type GetPromptResult = Result & {
  /** What this prompt is, filled in. */
  description?: string;
  /** The prompt's messages, ready to give the model. */
  messages: PromptMessage[];
};
