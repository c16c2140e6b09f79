/**
 * The model the chat talks to, chosen by the environment as `mcpkit chat` chooses it:
 * `MCPKIT_PROVIDER` (`openai`, the default, or `anthropic`), `MCPKIT_MODEL`, `MCPKIT_BASE_URL`
 * (any server of the provider's API: Ollama at `http://127.0.0.1:11434/v1`, vLLM, llama.cpp),
 * and the key in `OPENAI_API_KEY` or `ANTHROPIC_API_KEY` (a local server needs none).
 */
import { anthropicModel, openaiModel, type Model } from 'mcpkit/host';

/** The model the environment names, or a sentence saying what to set. */
export function modelFromEnvironment(env: NodeJS.ProcessEnv = process.env): Model | string {
  const provider = env.MCPKIT_PROVIDER || (env.ANTHROPIC_API_KEY && !env.OPENAI_API_KEY ? 'anthropic' : 'openai');
  if (provider !== 'openai' && provider !== 'anthropic')
    return `MCPKIT_PROVIDER must be openai or anthropic, not ${JSON.stringify(provider)}`;
  const apiKey = (provider === 'openai' ? env.OPENAI_API_KEY : env.ANTHROPIC_API_KEY) || undefined;
  const baseUrl = env.MCPKIT_BASE_URL || undefined;
  if (apiKey === undefined && baseUrl === undefined)
    return `set ${provider === 'openai' ? 'OPENAI_API_KEY' : 'ANTHROPIC_API_KEY'}, or MCPKIT_BASE_URL for a server of your own`;
  const model = env.MCPKIT_MODEL || (provider === 'openai' ? 'gpt-4o-mini' : 'claude-sonnet-4-5');
  const options = { model, ...(apiKey && { apiKey }), ...(baseUrl && { baseUrl }), timeoutMs: 120_000 };
  return provider === 'openai' ? openaiModel(options) : anthropicModel(options);
}
