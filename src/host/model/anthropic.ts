/**
 * A {@link Model} over the Anthropic Messages API (`POST {baseUrl}/v1/messages`, streamed).
 *
 * ```ts
 * anthropicModel({ model: 'claude-sonnet-4-5', apiKey });
 * ```
 * @module
 */
import { anthropicBody } from './anthropic-request.js';
import { AnthropicStreamDecoder } from './anthropic-stream.js';
import type { Model } from './model.js';
import { providerModel } from './provider-http.js';
import { checkOptions, endpointUrl, type ProviderOptions } from './provider-options.js';

/** The default `baseUrl`. */
const ANTHROPIC_BASE_URL = 'https://api.anthropic.com';
/** The API version every request names (`anthropic-version`); `headers` may name another. */
const ANTHROPIC_VERSION = '2023-06-01';
/** The default `maxTokens`. */
const DEFAULT_ANTHROPIC_MAX_TOKENS = 4096;

/** Options of {@link anthropicModel}. */
export interface AnthropicModelOptions extends ProviderOptions {
  /** The model asked for when a request names none (`claude-sonnet-4-5`). */
  model: string;
  /** Sent as `x-api-key`. */
  apiKey?: string;
  /** Where the API is, without `/v1/messages`. Default `https://api.anthropic.com`. */
  baseUrl?: string | URL;
  /** `max_tokens` of a request that gives none (the API requires one). Default 4096. */
  maxTokens?: number;
  /** Members set over every request's body: `thinking`, `metadata`, `top_k`... */
  extraBody?: Record<string, unknown>;
}

/**
 * A model behind the Messages API. Its `stream` rejects with a `ModelError` when the API refuses
 * or fails, and with the signal's reason when the request's signal aborts.
 */
export function anthropicModel(options: AnthropicModelOptions): Model {
  checkOptions('anthropicModel', options);
  const maxTokens = options.maxTokens ?? DEFAULT_ANTHROPIC_MAX_TOKENS;
  if (!Number.isInteger(maxTokens) || maxTokens < 1)
    throw new RangeError(`anthropicModel: options.maxTokens must be a positive integer, got ${maxTokens}`);
  const url = endpointUrl('anthropicModel', options.baseUrl ?? ANTHROPIC_BASE_URL, 'v1/messages', options.query);
  const headers: Record<string, string> = {
    'anthropic-version': ANTHROPIC_VERSION,
    ...(options.apiKey && { 'x-api-key': options.apiKey }),
  };
  return providerModel('anthropic', options, { url, headers }, (request, model) => ({
    body: anthropicBody(request, { model, maxTokens, extraBody: options.extraBody }),
    decoder: new AnthropicStreamDecoder('anthropic', model),
  }));
}
