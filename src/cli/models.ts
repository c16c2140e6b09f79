/**
 * The model the command line talks to: `mcpkit chat`'s, from its flags, and the one that
 * answers servers' sampling requests, configured by `MCPKIT_PROVIDER` (with `MCPKIT_MODEL`,
 * `MCPKIT_BASE_URL`). Keys come from `OPENAI_API_KEY` / `ANTHROPIC_API_KEY`, never a flag (a
 * flag shows in `ps`).
 * @module
 */
import { anthropicModel, openaiModel, type Model } from 'mcpkit/host';
import { UsageError } from './server-target.js';

export interface ModelFlags {
  provider?: string | undefined;
  baseUrl?: string | undefined;
  model?: string | undefined;
}

/** The default model of each provider. */
export const DEFAULT_MODELS = { openai: 'gpt-4o-mini', anthropic: 'claude-sonnet-4-5' } as const;

type Env = Readonly<Record<string, string | undefined>>;

/** The model `flags` (over the environment's `MCPKIT_*` variables) describe. */
export function modelFrom(flags: ModelFlags, env: Env = process.env): Model {
  const provider =
    flags.provider ??
    (env.MCPKIT_PROVIDER || undefined) ??
    (env.ANTHROPIC_API_KEY && !env.OPENAI_API_KEY ? 'anthropic' : 'openai');
  const baseUrl = flags.baseUrl ?? (env.MCPKIT_BASE_URL || undefined);
  if (provider !== 'openai' && provider !== 'anthropic')
    throw new UsageError(`--provider must be openai or anthropic, not ${JSON.stringify(provider)}`);
  const model = flags.model ?? (env.MCPKIT_MODEL || undefined) ?? DEFAULT_MODELS[provider];
  const keyName = provider === 'openai' ? 'OPENAI_API_KEY' : 'ANTHROPIC_API_KEY';
  const apiKey = env[keyName] || undefined;
  // A local server (Ollama, vLLM, llama.cpp) needs no key; the provider's own API does.
  if (apiKey === undefined && baseUrl === undefined)
    throw new UsageError(`set ${keyName} for ${provider}'s API, or give --base-url for a server of your own`);
  if (baseUrl !== undefined && !/^https?:\/\//i.test(baseUrl))
    throw new UsageError(`--base-url must be an http or https URL, not ${JSON.stringify(baseUrl)}`);
  const options = { model, ...(apiKey && { apiKey }), ...(baseUrl && { baseUrl }) };
  return provider === 'openai' ? openaiModel(options) : anthropicModel(options);
}

/** The model for servers' sampling requests: configured by `MCPKIT_PROVIDER`, else none (the user answers). */
export function samplingModel(env: Env = process.env): Model | undefined {
  return env.MCPKIT_PROVIDER ? modelFrom({}, env) : undefined;
}
