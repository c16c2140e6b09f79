/**
 * Argument completion for prompts and resource templates.
 * @module
 */
import type { RequestParams, Result } from './base.js';

/** Identifies a prompt. */
export type PromptReference = {
  type: 'ref/prompt';
  /** The prompt's name. */
  name: string;
  /** Since 2025-06-18. */
  title?: string;
};

/** Identifies a resource template (named `ResourceReference` until 2025-03-26). */
export type ResourceTemplateReference = {
  type: 'ref/resource';
  /** The URI template. */
  uri: string;
};

/** The name of `ResourceTemplateReference` until 2025-03-26. */
export type ResourceReference = ResourceTemplateReference;

/** Params of `completion/complete`. */
export type CompleteRequestParams = RequestParams & {
  /** The prompt or resource template whose argument is being completed. */
  ref: PromptReference | ResourceTemplateReference;
  /** The argument's name, and what the user has typed so far. */
  argument: {
    /** The argument's name. */
    name: string;
    /** What the user has typed so far, perhaps nothing. */
    value: string;
  };
  /** Since 2025-06-18. */
  context?: {
    /** Values of arguments already resolved. */
    arguments?: Record<string, string>;
  };
};

/** The result of `completion/complete`. */
export type CompleteResult = Result & {
  /** The values that complete what was typed, best first. */
  completion: {
    /** At most 100 values. */
    values: string[];
    /** How many values there are in all, when more exist than were sent. */
    total?: number;
    /** More values exist than were sent. */
    hasMore?: boolean;
  };
};
