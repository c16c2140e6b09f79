/**
 * Reading what providers send: their error JSON, the JSON data of stream events, and the
 * arguments of a tool call, each failing with a {@link ModelError} that names what was wrong.
 * @module
 */
import type { SseEvent } from 'mcpkit/http';
import { ModelError } from './model.js';

/** The most characters of unreadable text quoted in a message. */
const QUOTE_CHARS = 200;

/**
 * The message and code of a provider's error JSON: `{error: {message, type|code}}` (OpenAI,
 * Anthropic, most compatible servers), `{error: "..."}`, `{message}` (vLLM), `{detail}`.
 */
export function providerMessage(text: string): { message: string; code?: string } | undefined {
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    return undefined;
  }
  return errorOf(json);
}

/** The same, for an already parsed value (an error event of a stream). */
export function errorOf(json: unknown): { message: string; code?: string } | undefined {
  if (!isRecord(json)) return undefined;
  const inner = isRecord(json.error) ? json.error : json;
  const message =
    typeof inner.message === 'string'
      ? inner.message
      : typeof json.error === 'string'
        ? json.error
        : typeof json.detail === 'string'
          ? json.detail
          : undefined;
  if (message === undefined) return undefined;
  const code = [inner.type, inner.code].find((c) => typeof c === 'string' && c !== 'error');
  return { message, ...(typeof code === 'string' && { code }) };
}

/** Parses an event's JSON data, or names what was wrong with it. */
export function parseEventJson(provider: string, event: SseEvent): Record<string, unknown> {
  let json: unknown;
  try {
    json = JSON.parse(event.data);
  } catch {
    throw new ModelError(`${provider} sent a stream event whose data is not JSON: ${quote(event.data)}`);
  }
  if (!isRecord(json))
    throw new ModelError(`${provider} sent a stream event whose data is not an object: ${quote(event.data)}`);
  return json;
}

/**
 * The arguments of a finished tool call: `{}` when the model sent none, else a JSON object.
 * A call whose arguments are not an object fails the answer: running the tool with other
 * arguments than the model meant would be worse.
 */
export function parseToolArguments(provider: string, name: string, text: string): Record<string, unknown> {
  if (text.trim() === '') return {};
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    throw new ModelError(`${provider} called tool "${name}" with arguments that are not JSON: ${quote(text)}`);
  }
  if (!isRecord(json))
    throw new ModelError(`${provider} called tool "${name}" with arguments that are not a JSON object: ${quote(text)}`);
  return json;
}

export function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** Text quoted in a message: JSON-escaped and cut to a readable length. */
export function quote(text: string): string {
  const cut = text.length > QUOTE_CHARS ? `${text.slice(0, QUOTE_CHARS)}…` : text;
  return JSON.stringify(cut);
}
