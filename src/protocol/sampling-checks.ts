/**
 * Checks a sampling request before it is sent: the spec's shape, and the balance rule for
 * tools in sampling (every assistant tool_use answered by the next user message, which holds
 * only the matching tool_result blocks).
 * @module
 */
import { invalidParams } from './errors.js';
import { GUARDS } from '../types/guards/index.js';
import type { CreateMessageRequestParams } from '../types/sampling.js';

type Block = { type?: unknown; id?: unknown; toolUseId?: unknown };

function blocks(content: unknown): Block[] {
  return (Array.isArray(content) ? content : [content]) as Block[];
}

export function checkSamplingMessages(params: CreateMessageRequestParams): void {
  const issue = GUARDS.CreateMessageRequestParams?.(params);
  if (issue !== undefined) throw invalidParams(`Invalid sampling request: ${issue}`);
  const messages = params.messages;
  for (let i = 0; i < messages.length; i++) {
    const message = messages[i]!;
    const content = blocks(message.content);
    const uses = content.filter((b) => b.type === 'tool_use').map((b) => String(b.id));
    const results = content.filter((b) => b.type === 'tool_result');
    if (results.length > 0) {
      if (message.role !== 'user') throw invalidParams(`messages[${i}]: tool_result blocks must be in a user message`);
      if (results.length !== content.length)
        throw invalidParams(`messages[${i}]: a message with tool results must hold only tool_result blocks`);
      const previous =
        i > 0
          ? blocks(messages[i - 1]!.content)
              .filter((b) => b.type === 'tool_use')
              .map((b) => String(b.id))
          : [];
      const answered = results.map((b) => String(b.toolUseId));
      const unmatched = answered.filter((id) => !previous.includes(id));
      if (unmatched.length > 0)
        throw invalidParams(`messages[${i}]: tool_result for unknown tool use ${unmatched.join(', ')}`);
    }
    if (uses.length > 0) {
      if (message.role !== 'assistant')
        throw invalidParams(`messages[${i}]: tool_use blocks must be in an assistant message`);
      const next = messages[i + 1];
      if (!next)
        throw invalidParams(
          `messages[${i}]: tool use ${uses.join(', ')} has no tool_result in a following user message`,
        );
      const answered = new Set(
        blocks(next.content)
          .filter((b) => b.type === 'tool_result')
          .map((b) => String(b.toolUseId)),
      );
      const missing = uses.filter((id) => !answered.has(id));
      if (missing.length > 0)
        throw invalidParams(`messages[${i + 1}]: missing tool_result for tool use ${missing.join(', ')}`);
    }
  }
}
