/**
 * A {@link ModelRequest} as the body of an OpenAI Chat Completions request (`stream: true`).
 *
 * Tool results carry text only on this API (a `tool` message has no image parts), so an image a
 * tool returned becomes a placeholder in the tool message, and the images themselves follow in
 * one `user` message after the run of tool messages (a user message may not sit between the
 * tool messages answering one assistant turn). The API has no flag for a failed tool: its text
 * starts with `Error: `.
 * @module
 */
import type { ModelMessage, ModelPart, ModelRequest } from './model.js';

/** The field that limits the answer's length: newer OpenAI models refuse `max_tokens`. */
export type MaxTokensField = 'max_tokens' | 'max_completion_tokens';

/** How the body is built, beyond the request itself. */
export interface OpenAIBodyOptions {
  model: string;
  maxTokensField: MaxTokensField;
  /** Ask for a last chunk with the token counts (`stream_options.include_usage`). */
  streamUsage: boolean;
  /** Members set over the body (`reasoning_effort`, `seed`, a server's own options...). */
  extraBody: Record<string, unknown> | undefined;
}

type WirePart = { type: 'text'; text: string } | { type: 'image_url'; image_url: { url: string } };

/** The JSON body of the request. */
export function openaiBody(request: ModelRequest, options: OpenAIBodyOptions): Record<string, unknown> {
  const messages: Record<string, unknown>[] = [];
  if (request.system !== undefined) messages.push({ role: 'system', content: request.system });
  messages.push(...openaiMessages(request.messages));
  const tools = request.tools ?? [];
  return {
    model: request.model ?? options.model,
    messages,
    stream: true,
    ...(options.streamUsage && { stream_options: { include_usage: true } }),
    ...(tools.length > 0 && {
      tools: tools.map((tool) => ({
        type: 'function',
        function: {
          name: tool.name,
          ...(tool.description !== undefined && { description: tool.description }),
          parameters: tool.inputSchema,
        },
      })),
      // Only with tools: the API refuses a tool_choice without them.
      ...(request.toolChoice !== undefined && { tool_choice: request.toolChoice }),
    }),
    ...(request.maxTokens !== undefined && { [options.maxTokensField]: request.maxTokens }),
    ...(request.temperature !== undefined && { temperature: request.temperature }),
    ...(request.stopSequences !== undefined && request.stopSequences.length > 0 && { stop: request.stopSequences }),
    ...options.extraBody,
  };
}

/** The conversation as Chat Completions messages. */
export function openaiMessages(conversation: readonly ModelMessage[]): Record<string, unknown>[] {
  const out: Record<string, unknown>[] = [];
  // Images of the current run of tool messages, sent as a user message once the run ends.
  let images: WirePart[] = [];
  const flushImages = () => {
    if (images.length > 0) out.push({ role: 'user', content: images });
    images = [];
  };
  for (const message of conversation) {
    if (message.role !== 'tool') flushImages();
    switch (message.role) {
      case 'user':
        out.push({ role: 'user', content: userContent(message.content) });
        break;
      case 'assistant': {
        const calls = message.toolCalls ?? [];
        out.push({
          role: 'assistant',
          // null, not '', beside tool calls: the API's own answers look that way.
          content: message.content === '' && calls.length > 0 ? null : message.content,
          ...(calls.length > 0 && {
            tool_calls: calls.map((call) => ({
              id: call.id,
              type: 'function',
              function: { name: call.name, arguments: JSON.stringify(call.arguments) },
            })),
          }),
        });
        break;
      }
      case 'tool': {
        const { text, pictures } = toolContent(message.content);
        if (pictures.length > 0) {
          images.push({
            type: 'text',
            text: `The images returned by tool "${message.name}" (call ${message.toolCallId}):`,
          });
          images.push(...pictures);
        }
        out.push({
          role: 'tool',
          tool_call_id: message.toolCallId,
          content: message.isError ? `Error: ${text}` : text,
        });
        break;
      }
    }
  }
  flushImages();
  return out;
}

/** Plain text stays a string (every compatible server reads that); parts with images become parts. */
function userContent(content: string | ModelPart[]): string | WirePart[] {
  if (typeof content === 'string') return content;
  if (content.every((part) => part.type === 'text')) return content.map((part) => part.text).join('\n');
  return content.map(wirePart);
}

function wirePart(part: ModelPart): WirePart {
  return part.type === 'text'
    ? { type: 'text', text: part.text }
    : { type: 'image_url', image_url: { url: `data:${part.mimeType};base64,${part.data}` } };
}

/** A tool result's text, with a placeholder where each image was, and the images apart. */
function toolContent(content: string | ModelPart[]): { text: string; pictures: WirePart[] } {
  if (typeof content === 'string') return { text: content, pictures: [] };
  const pictures: WirePart[] = [];
  const texts = content.map((part) => {
    if (part.type === 'text') return part.text;
    pictures.push(wirePart(part));
    return `[image ${pictures.length} (${part.mimeType}): sent in the next user message]`;
  });
  return { text: texts.join('\n'), pictures };
}
