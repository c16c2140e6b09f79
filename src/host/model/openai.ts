/**
 * A {@link Model} over OpenAI Chat Completions (`POST {baseUrl}/chat/completions`, streamed),
 * the API most model servers speak: OpenAI itself, Azure OpenAI, Ollama, vLLM, llama.cpp,
 * LM Studio, OpenRouter...
 *
 * A tool result is text on this API: the images a tool returned follow in a user message after
 * the tool messages, and a failed tool's text starts with `Error: ` (there is no flag for it).
 *
 * ```ts
 * openaiModel({ model: 'gpt-4.1', apiKey });
 * openaiModel({ model: 'qwen3', baseUrl: 'http://127.0.0.1:11434/v1' }); // Ollama: no key
 * // Azure OpenAI: the deployment's URL, its key header and the API version.
 * openaiModel({
 *   model: 'my-deployment',
 *   baseUrl: 'https://my-resource.openai.azure.com/openai/deployments/my-deployment',
 *   headers: { 'api-key': azureKey },
 *   query: { 'api-version': '2024-10-21' },
 * });
 * ```
 * @module
 */
import type { Model } from './model.js';
import { openaiBody, type MaxTokensField } from './openai-request.js';
import { OpenAIStreamDecoder } from './openai-stream.js';
import { checkOptions, endpointUrl, type ProviderOptions } from './provider-options.js';
import { providerModel } from './provider-http.js';

/** The default `baseUrl`. */
const OPENAI_BASE_URL = 'https://api.openai.com/v1';

/** Options of {@link openaiModel}. */
export interface OpenAIModelOptions extends ProviderOptions {
  /** `gpt-4.1`, `qwen3:8b`, an Azure deployment... */
  model: string;
  /** Sent as `Authorization: Bearer <apiKey>`. None for a local server; for Azure, use `headers`. */
  apiKey?: string;
  /** Where the API is, up to and without `/chat/completions`. Default `https://api.openai.com/v1`. */
  baseUrl?: string | URL;
  /**
   * The field that limits the answer's length. Default: `max_completion_tokens` on OpenAI's own
   * API (its newer models refuse the other), `max_tokens` elsewhere (which every compatible
   * server reads).
   */
  maxTokensField?: MaxTokensField;
  /** Ask for the token counts (`stream_options.include_usage`). Default true; turn off for a server that refuses it. */
  streamUsage?: boolean;
  /** Members set over every request's body: `reasoning_effort`, `seed`, `parallel_tool_calls`... */
  extraBody?: Record<string, unknown>;
}

/**
 * A model behind a Chat Completions endpoint. Its `stream` rejects with a `ModelError` when the
 * endpoint refuses or fails, and with the signal's reason when the request's signal aborts.
 */
export function openaiModel(options: OpenAIModelOptions): Model {
  checkOptions('openaiModel', options);
  const baseUrl = options.baseUrl ?? OPENAI_BASE_URL;
  const url = endpointUrl('openaiModel', baseUrl, 'chat/completions', options.query);
  const maxTokensField =
    options.maxTokensField ?? (url.host === 'api.openai.com' ? 'max_completion_tokens' : 'max_tokens');
  const headers: Record<string, string> = options.apiKey ? { authorization: `Bearer ${options.apiKey}` } : {};
  return providerModel('openai', options, { url, headers }, (request, model) => ({
    body: openaiBody(request, {
      model,
      maxTokensField,
      streamUsage: options.streamUsage ?? true,
      extraBody: options.extraBody,
    }),
    decoder: new OpenAIStreamDecoder('openai', model),
  }));
}
