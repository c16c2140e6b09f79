/**
 * Reading an Anthropic Messages stream: `message_start` (the model, the input tokens), then
 * for each content block `content_block_start`, its deltas (`text_delta`, or `input_json_delta`
 * pieces of a tool call's input to join) and `content_block_stop`; then `message_delta` (the
 * stop reason, the output tokens) and `message_stop`. `ping` is a keep-alive; `error` ends the
 * answer with the provider's error. Blocks of other kinds (thinking, server tools) are skipped,
 * and so are event types this does not know, as the API asks.
 * @module
 */
import type { SseEvent } from 'mcpkit/http';
import { ModelError, type ModelEvent, type ModelStopReason } from './model.js';
import type { StreamDecoder } from './provider-http.js';
import { errorOf, isRecord, parseEventJson, parseToolArguments, quote } from './provider-json.js';

/** A content block open in the stream. */
type OpenBlock = { kind: 'text' } | { kind: 'tool_use'; id: string; name: string; json: string } | { kind: 'other' };

const STOP_REASONS: Record<string, ModelStopReason> = {
  end_turn: 'end',
  tool_use: 'tool_use',
  max_tokens: 'max_tokens',
  model_context_window_exceeded: 'max_tokens',
  stop_sequence: 'stop_sequence',
  refusal: 'refusal',
};

/** The events that belong to a message, after its `message_start`. */
const ANSWER_EVENTS = new Set([
  'content_block_start',
  'content_block_delta',
  'content_block_stop',
  'message_delta',
  'message_stop',
]);

/** The decoder of one answer. */
export class AnthropicStreamDecoder implements StreamDecoder {
  readonly #provider: string;
  #model: string;
  readonly #blocks = new Map<number, OpenBlock>();
  #started = false;
  #stopReason: string | undefined;
  #inputTokens: number | undefined;
  #outputTokens: number | undefined;

  /** `model`: the one asked for, reported when the stream does not name one. */
  constructor(provider: string, model: string) {
    this.#provider = provider;
    this.#model = model;
  }

  accept(event: SseEvent): ModelEvent[] {
    const data = parseEventJson(this.#provider, event);
    const type = typeof data.type === 'string' ? data.type : event.type;
    if (type === 'error') {
      const error = errorOf(data);
      throw new ModelError(
        `${this.#provider} reported an error in its stream: ${error?.message ?? quote(event.data)}`,
        {
          ...(error?.code !== undefined && { code: error.code }),
        },
      );
    }
    if (type === 'ping') return [];
    if (type === 'message_start') return this.#messageStart(data, event);
    if (!this.#started && ANSWER_EVENTS.has(type)) throw this.#malformed(`${type} before message_start`, event);
    switch (type) {
      case 'content_block_start':
        return this.#blockStart(data, event);
      case 'content_block_delta':
        return this.#blockDelta(data, event);
      case 'content_block_stop':
        return this.#blockStop(data, event);
      case 'message_delta':
        return this.#messageDelta(data, event);
      case 'message_stop':
        return this.#done();
      default:
        return [];
    }
  }

  end(): ModelEvent[] {
    throw new ModelError(`${this.#provider} ended its stream before the answer was complete (no message_stop)`);
  }

  #messageStart(data: Record<string, unknown>, event: SseEvent): ModelEvent[] {
    const message = data.message;
    if (!isRecord(message)) throw this.#malformed('message_start without a message', event);
    this.#started = true;
    if (typeof message.model === 'string' && message.model !== '') this.#model = message.model;
    if (isRecord(message.usage)) this.#usage(message.usage);
    return [];
  }

  #blockStart(data: Record<string, unknown>, event: SseEvent): ModelEvent[] {
    const index = this.#index(data, event);
    const block = data.content_block;
    if (!isRecord(block)) throw this.#malformed('content_block_start without a content_block', event);
    if (block.type === 'text') {
      this.#blocks.set(index, { kind: 'text' });
      return typeof block.text === 'string' && block.text !== '' ? [{ type: 'text', text: block.text }] : [];
    }
    if (block.type === 'tool_use') {
      if (typeof block.id !== 'string' || typeof block.name !== 'string' || block.name === '')
        throw this.#malformed('a tool_use block without its id and name', event);
      // The input comes as deltas; a start that carries a whole non-empty input is read as one.
      const input = isRecord(block.input) && Object.keys(block.input).length > 0 ? JSON.stringify(block.input) : '';
      this.#blocks.set(index, { kind: 'tool_use', id: block.id, name: block.name, json: input });
      return [];
    }
    this.#blocks.set(index, { kind: 'other' });
    return [];
  }

  #blockDelta(data: Record<string, unknown>, event: SseEvent): ModelEvent[] {
    const block = this.#open(data, event);
    const delta = data.delta;
    if (!isRecord(delta)) throw this.#malformed('content_block_delta without a delta', event);
    if (delta.type === 'text_delta') {
      if (block.kind !== 'text') throw this.#malformed('a text_delta for a block that is not text', event);
      if (typeof delta.text !== 'string') throw this.#malformed('a text_delta without text', event);
      return delta.text === '' ? [] : [{ type: 'text', text: delta.text }];
    }
    if (delta.type === 'input_json_delta') {
      if (block.kind !== 'tool_use')
        throw this.#malformed('an input_json_delta for a block that is not tool_use', event);
      if (typeof delta.partial_json !== 'string')
        throw this.#malformed('an input_json_delta without partial_json', event);
      block.json += delta.partial_json;
    }
    return [];
  }

  #blockStop(data: Record<string, unknown>, event: SseEvent): ModelEvent[] {
    const index = this.#index(data, event);
    const block = this.#open(data, event);
    this.#blocks.delete(index);
    if (block.kind !== 'tool_use') return [];
    const call = {
      id: block.id,
      name: block.name,
      arguments: parseToolArguments(this.#provider, block.name, block.json),
    };
    return [{ type: 'tool_call', call }];
  }

  #messageDelta(data: Record<string, unknown>, event: SseEvent): ModelEvent[] {
    if (!isRecord(data.delta)) throw this.#malformed('message_delta without a delta', event);
    if (typeof data.delta.stop_reason === 'string') this.#stopReason = data.delta.stop_reason;
    if (isRecord(data.usage)) this.#usage(data.usage);
    return [];
  }

  #done(): ModelEvent[] {
    const usage = {
      ...(this.#inputTokens !== undefined && { inputTokens: this.#inputTokens }),
      ...(this.#outputTokens !== undefined && { outputTokens: this.#outputTokens }),
    };
    return [
      {
        type: 'done',
        stopReason: this.#stopReason === undefined ? 'other' : (STOP_REASONS[this.#stopReason] ?? 'other'),
        model: this.#model,
        ...(Object.keys(usage).length > 0 && { usage }),
      },
    ];
  }

  /**
   * Token counts: those of `message_delta` are cumulative, so the last word wins. The input
   * counts the prompt read from and written to the cache too, as the provider bills them apart.
   */
  #usage(usage: Record<string, unknown>): void {
    const count = (key: string) => (typeof usage[key] === 'number' ? usage[key] : 0);
    if (typeof usage.input_tokens === 'number')
      this.#inputTokens = usage.input_tokens + count('cache_creation_input_tokens') + count('cache_read_input_tokens');
    if (typeof usage.output_tokens === 'number') this.#outputTokens = usage.output_tokens;
  }

  #index(data: Record<string, unknown>, event: SseEvent): number {
    if (typeof data.index !== 'number') throw this.#malformed(`${String(data.type)} without an index`, event);
    return data.index;
  }

  #open(data: Record<string, unknown>, event: SseEvent): OpenBlock {
    const index = this.#index(data, event);
    const block = this.#blocks.get(index);
    if (!block) throw this.#malformed(`${String(data.type)} for block ${index}, which is not open`, event);
    return block;
  }

  #malformed(what: string, event: SseEvent): ModelError {
    return new ModelError(`${this.#provider} sent a malformed stream event (${what}): ${quote(event.data)}`);
  }
}
