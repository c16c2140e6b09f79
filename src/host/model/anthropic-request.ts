/**
 * A {@link ModelRequest} as the body of an Anthropic Messages request (`stream: true`). Tool
 * calls are `tool_use` blocks of the assistant's message; their results are `tool_result`
 * blocks (text and images, `is_error`) of the next user message. Consecutive messages of one
 * role become one message, so a run of tool results (and a user message after them) is one turn.
 * @module
 */
import type { ModelMessage, ModelPart, ModelRequest } from './model.js';

/** How the body is built, beyond the request itself. */
export interface AnthropicBodyOptions {
  model: string;
  /** `max_tokens` when the request gives none: the API requires it. */
  maxTokens: number;
  /** Members set over the body (`thinking`, `metadata`, `top_k`...). */
  extraBody: Record<string, unknown> | undefined;
}

type Block = Record<string, unknown>;
type WireMessage = { role: 'user' | 'assistant'; content: string | Block[] };

const TOOL_CHOICE = { auto: 'auto', required: 'any', none: 'none' } as const;

/** The JSON body of the request. */
export function anthropicBody(request: ModelRequest, options: AnthropicBodyOptions): Record<string, unknown> {
  const tools = request.tools ?? [];
  return {
    model: request.model ?? options.model,
    max_tokens: request.maxTokens ?? options.maxTokens,
    ...(request.system !== undefined && { system: request.system }),
    messages: anthropicMessages(request.messages),
    stream: true,
    ...(tools.length > 0 && {
      tools: tools.map((tool) => ({
        name: tool.name,
        ...(tool.description !== undefined && { description: tool.description }),
        input_schema: tool.inputSchema,
      })),
      ...(request.toolChoice !== undefined && { tool_choice: { type: TOOL_CHOICE[request.toolChoice] } }),
    }),
    ...(request.temperature !== undefined && { temperature: request.temperature }),
    ...(request.stopSequences !== undefined &&
      request.stopSequences.length > 0 && { stop_sequences: request.stopSequences }),
    ...options.extraBody,
  };
}

/** The conversation as Messages API messages, one per turn. */
export function anthropicMessages(conversation: readonly ModelMessage[]): WireMessage[] {
  const out: WireMessage[] = [];
  for (const message of conversation) {
    const wire = wireMessage(message);
    const last = out.at(-1);
    if (last && last.role === wire.role) last.content = [...blocks(last.content), ...blocks(wire.content)];
    else out.push(wire);
  }
  return out;
}

function wireMessage(message: ModelMessage): WireMessage {
  switch (message.role) {
    case 'user':
      return {
        role: 'user',
        content: typeof message.content === 'string' ? message.content : message.content.map(block),
      };
    case 'assistant': {
      const calls = message.toolCalls ?? [];
      if (calls.length === 0) return { role: 'assistant', content: message.content };
      return {
        role: 'assistant',
        content: [
          // The API refuses an empty text block.
          ...(message.content !== '' ? [{ type: 'text', text: message.content }] : []),
          ...calls.map((call) => ({ type: 'tool_use', id: call.id, name: call.name, input: call.arguments })),
        ],
      };
    }
    case 'tool':
      return {
        role: 'user',
        content: [
          {
            type: 'tool_result',
            tool_use_id: message.toolCallId,
            content: typeof message.content === 'string' ? message.content : message.content.map(block),
            ...(message.isError && { is_error: true }),
          },
        ],
      };
  }
}

function block(part: ModelPart): Block {
  return part.type === 'text'
    ? { type: 'text', text: part.text }
    : { type: 'image', source: { type: 'base64', media_type: part.mimeType, data: part.data } };
}

/** Content as blocks, so two messages can be joined. */
function blocks(content: string | Block[]): Block[] {
  if (typeof content !== 'string') return content;
  return content === '' ? [] : [{ type: 'text', text: content }];
}
