/**
 * A server's request answered with a JSON-RPC error from the page (a sampling request the user
 * rejects: -1, as the spec's example has it), checked: a whole-number code and a message.
 * @module
 */
import { McpError } from 'mcpkit';

/** The error the page asks to answer with, as the client's handler throws it; `undefined` when malformed. */
export function answerError(value: unknown): McpError | undefined {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return undefined;
  const { code, message, data } = value as { code?: unknown; message?: unknown; data?: unknown };
  if (!Number.isSafeInteger(code) || typeof message !== 'string' || message === '') return undefined;
  return new McpError(code as number, message, data);
}
