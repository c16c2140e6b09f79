/**
 * Reading an OpenAI Chat Completions stream: `data: {chunk}` events, then `data: [DONE]`. Text
 * comes as `delta.content`; a tool call comes in fragments (`delta.tool_calls[i]` with its
 * `index`, the `id` and name first, then pieces of the arguments' JSON to join); `finish_reason`
 * ends the choice and, with `stream_options.include_usage`, a last chunk with no choices
 * carries the token counts.
 *
 * What compatible servers do differently is accepted: a tool call sent whole in one fragment,
 * or its arguments as an object; parallel calls that share index 0 and differ by id (Ollama);
 * no id (one is made up: `call_<n>`); `finish_reason: "stop"` after tool calls (read as
 * `tool_use`); no `[DONE]` once the choice has finished; an error object in place of a chunk.
 * @module
 */
import type { SseEvent } from 'mcpkit/http';
import { ModelError, type ModelEvent, type ModelStopReason, type ModelToolCall } from './model.js';
import type { StreamDecoder } from './provider-http.js';
import { errorOf, isRecord, parseEventJson, parseToolArguments, quote } from './provider-json.js';

/** A tool call being assembled from its fragments. */
interface PendingCall {
  index: number;
  id: string;
  name: string;
  arguments: string;
}

const FINISH_REASONS: Record<string, ModelStopReason> = {
  stop: 'end',
  tool_calls: 'tool_use',
  function_call: 'tool_use',
  length: 'max_tokens',
  content_filter: 'refusal',
};

/** The decoder of one answer. */
export class OpenAIStreamDecoder implements StreamDecoder {
  readonly #provider: string;
  #model: string;
  readonly #calls: PendingCall[] = [];
  #finishReason: string | undefined;
  #refused = false;
  #usage: { inputTokens?: number; outputTokens?: number } | undefined;

  /** `model`: the one asked for, reported when the chunks do not name one. */
  constructor(provider: string, model: string) {
    this.#provider = provider;
    this.#model = model;
  }

  accept(event: SseEvent): ModelEvent[] {
    if (event.data.trim() === '[DONE]') return this.#done();
    const chunk = parseEventJson(this.#provider, event);
    // OpenAI sends `{error: {...}}` in place of a chunk when it fails mid-answer; vLLM `{object: "error"}`.
    if ((chunk.error !== undefined && chunk.error !== null) || chunk.object === 'error') {
      const error = errorOf(chunk);
      const message = error?.message ?? quote(event.data);
      throw new ModelError(`${this.#provider} reported an error in its stream: ${message}`, {
        ...(error?.code !== undefined && { code: error.code }),
      });
    }
    if (typeof chunk.model === 'string' && chunk.model !== '') this.#model = chunk.model;
    if (isRecord(chunk.usage)) this.#usage = usageOf(chunk.usage);
    if (chunk.choices === undefined) return [];
    if (!Array.isArray(chunk.choices)) throw this.#malformed('its "choices" is not an array', event);
    // One choice is asked for (no `n`); a server that sends more is read for the first.
    const choice: unknown = chunk.choices.find((c) => isRecord(c) && (c.index ?? 0) === 0);
    if (choice === undefined) return [];
    if (!isRecord(choice)) throw this.#malformed('a choice is not an object', event);
    const events: ModelEvent[] = [];
    const delta = choice.delta ?? {};
    if (!isRecord(delta)) throw this.#malformed('its "delta" is not an object', event);
    if (typeof delta.content === 'string' && delta.content !== '') events.push({ type: 'text', text: delta.content });
    if (typeof delta.refusal === 'string' && delta.refusal !== '') {
      this.#refused = true;
      events.push({ type: 'text', text: delta.refusal });
    }
    if (delta.tool_calls !== undefined && delta.tool_calls !== null) this.#fragments(delta.tool_calls, event);
    if (typeof choice.finish_reason === 'string' && this.#finishReason === undefined) {
      this.#finishReason = choice.finish_reason;
      events.push(...this.#toolCalls());
    }
    return events;
  }

  end(): ModelEvent[] {
    // Some servers close the stream without `[DONE]`: the answer is whole once its choice finished.
    if (this.#finishReason !== undefined) return this.#done();
    throw new ModelError(`${this.#provider} ended its stream before the answer was complete (no finish_reason)`);
  }

  #done(): ModelEvent[] {
    if (this.#finishReason === undefined)
      throw new ModelError(`${this.#provider} ended its stream with [DONE] before saying why the answer stopped`);
    return [
      {
        type: 'done',
        stopReason: this.#stopReason(this.#finishReason),
        model: this.#model,
        ...(this.#usage && { usage: this.#usage }),
      },
    ];
  }

  #stopReason(reason: string): ModelStopReason {
    if (this.#refused) return 'refusal';
    // gpt-4o and some compatible servers finish a turn of tool calls with "stop".
    if (reason === 'stop' && this.#calls.length > 0) return 'tool_use';
    return FINISH_REASONS[reason] ?? 'other';
  }

  #fragments(fragments: unknown, event: SseEvent): void {
    if (!Array.isArray(fragments)) throw this.#malformed('its "tool_calls" is not an array', event);
    fragments.forEach((fragment: unknown, position) => {
      if (!isRecord(fragment)) throw this.#malformed('a tool call fragment is not an object', event);
      const index = typeof fragment.index === 'number' ? fragment.index : position;
      const id = typeof fragment.id === 'string' ? fragment.id : '';
      let call = this.#calls.findLast((c) => c.index === index);
      // A new id at an index already used opens another call (Ollama numbers them all 0).
      if (!call || (id !== '' && call.id !== '' && id !== call.id)) {
        call = { index, id, name: '', arguments: '' };
        this.#calls.push(call);
      }
      if (call.id === '') call.id = id;
      const fn = fragment.function;
      if (fn === undefined || fn === null) return;
      if (!isRecord(fn)) throw this.#malformed('a tool call\'s "function" is not an object', event);
      if (typeof fn.name === 'string' && call.name === '') call.name = fn.name;
      if (typeof fn.arguments === 'string') call.arguments += fn.arguments;
      else if (isRecord(fn.arguments)) call.arguments = JSON.stringify(fn.arguments);
    });
  }

  /** The calls assembled so far, whole: sent once the choice has finished. */
  #toolCalls(): ModelEvent[] {
    return this.#calls.map((pending, n): ModelEvent => {
      if (pending.name === '')
        throw new ModelError(`${this.#provider} sent tool call ${pending.id || `#${n + 1}`} without a function name`);
      const call: ModelToolCall = {
        id: pending.id || `call_${n}`,
        name: pending.name,
        arguments: parseToolArguments(this.#provider, pending.name, pending.arguments),
      };
      return { type: 'tool_call', call };
    });
  }

  #malformed(what: string, event: SseEvent): ModelError {
    return new ModelError(`${this.#provider} sent a malformed stream chunk (${what}): ${quote(event.data)}`);
  }
}

function usageOf(usage: Record<string, unknown>): { inputTokens?: number; outputTokens?: number } {
  return {
    ...(typeof usage.prompt_tokens === 'number' && { inputTokens: usage.prompt_tokens }),
    ...(typeof usage.completion_tokens === 'number' && { outputTokens: usage.completion_tokens }),
  };
}
