/**
 * A server's `sampling/createMessage` answered by the host's model: the request translated to
 * the bridge's terms (tool uses and results included, 2025-11-25), the answer translated back.
 * @module
 */
import {
  McpError,
  type CreateMessageRequestParams,
  type CreateMessageResult,
  type SamplingMessageContentBlock,
} from 'mcpkit';
import { complete, type Model, type ModelMessage, type ModelRequest, type ModelStopReason } from './model/model.js';
import { modelContent } from './model-content.js';

/** Asks `model` what the server asked for; `signal` ends it when the server gives up. */
export async function sample(
  model: Model,
  params: CreateMessageRequestParams,
  signal: AbortSignal,
): Promise<CreateMessageResult> {
  const answer = await complete(model, samplingRequest(params, signal));
  const content: SamplingMessageContentBlock[] = [];
  if (answer.text !== '') content.push({ type: 'text', text: answer.text });
  for (const call of answer.toolCalls)
    content.push({ type: 'tool_use', id: call.id, name: call.name, input: call.arguments });
  return {
    role: 'assistant',
    content: content.length === 1 ? content[0]! : content,
    model: answer.model,
    stopReason: STOP_REASONS[answer.stopReason] ?? answer.stopReason,
  };
}

const STOP_REASONS: Partial<Record<ModelStopReason, string>> = {
  end: 'endTurn',
  tool_use: 'toolUse',
  max_tokens: 'maxTokens',
  stop_sequence: 'stopSequence',
};

function samplingRequest(params: CreateMessageRequestParams, signal: AbortSignal): ModelRequest {
  const messages: ModelMessage[] = [];
  // The name of each tool use, which a tool message repeats.
  const toolNames = new Map<string, string>();
  for (const message of params.messages) {
    const blocks = Array.isArray(message.content) ? message.content : [message.content];
    if (message.role === 'assistant') {
      const toolCalls = blocks.flatMap((b) =>
        b.type === 'tool_use' ? [{ id: b.id, name: b.name, arguments: b.input }] : [],
      );
      for (const call of toolCalls) toolNames.set(call.id, call.name);
      const text = blocks.flatMap((b) => (b.type === 'text' ? [b.text] : [])).join('\n');
      messages.push({ role: 'assistant', content: text, ...(toolCalls.length > 0 && { toolCalls }) });
      continue;
    }
    for (const block of blocks) {
      if (block.type !== 'tool_result') continue;
      messages.push({
        role: 'tool',
        toolCallId: block.toolUseId,
        name: toolNames.get(block.toolUseId) ?? 'tool',
        content: modelContent(block.content),
        ...(block.isError === true && { isError: true }),
      });
    }
    const rest = blocks.filter((b) => b.type !== 'tool_result');
    if (rest.length > 0) messages.push({ role: 'user', content: modelContent(rest) });
  }
  if (messages.length === 0) throw new McpError(-32602, 'sampling/createMessage: no messages');
  const choice = params.toolChoice?.mode;
  return {
    messages,
    maxTokens: params.maxTokens,
    signal,
    ...(params.systemPrompt !== undefined && { system: params.systemPrompt }),
    ...(params.temperature !== undefined && { temperature: params.temperature }),
    ...(params.stopSequences !== undefined && { stopSequences: params.stopSequences }),
    ...(params.tools !== undefined && {
      tools: params.tools.map((tool) => ({
        name: tool.name,
        ...(tool.description !== undefined && { description: tool.description }),
        inputSchema: tool.inputSchema as Record<string, unknown>,
      })),
    }),
    ...(choice !== undefined && { toolChoice: choice }),
  };
}
