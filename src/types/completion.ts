/**
 * Argument completion for prompts and resource templates.
 * @module
 */
import type { RequestParams, Result } from './base.js';

/** Identifies a prompt. */
export type PromptReference = {
  type: 'ref/prompt';
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
  ref: PromptReference | ResourceTemplateReference;
  argument: { name: string; value: string };
  /** Since 2025-06-18. */
  context?: {
    /** Values of arguments already resolved. */
    arguments?: Record<string, string>;
  };
};

/** The result of `completion/complete`. */
export type CompleteResult = Result & {
  completion: {
    /** At most 100 values. */
    values: string[];
    total?: number;
    hasMore?: boolean;
  };
};
