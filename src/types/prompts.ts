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
  description?: string;
  required?: boolean;
};

/** A prompt or prompt template. */
export type Prompt = BaseMetadata &
  Icons & {
    description?: string;
    arguments?: PromptArgument[];
    /** Since 2025-06-18. */
    _meta?: Meta;
  };

/** A message of a prompt. */
export type PromptMessage = {
  role: Role;
  content: ContentBlock;
};

/** Params of `prompts/list`. */
export type ListPromptsRequestParams = PaginatedRequestParams;

/** The result of `prompts/list`. */
export type ListPromptsResult = PaginatedResult &
  CacheableResult & {
    prompts: Prompt[];
  };

/** Params of `prompts/get`. `inputResponses` and `requestState` since 2026-07-28. */
export type GetPromptRequestParams = InputResponseRequestParams & {
  name: string;
  arguments?: Record<string, string>;
};

/** The result of `prompts/get` (or an `InputRequiredResult` since 2026-07-28). */
export type GetPromptResult = Result & {
  description?: string;
  messages: PromptMessage[];
};
