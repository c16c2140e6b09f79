// The checks every answer of the benchmark passes: the run counts any answer that fails one.
import { ECHO_TEXT } from '../workload.js';

interface ToolResultLike {
  content?: Array<{ type?: string; text?: string }>;
  isError?: boolean;
}

/** Whether a tools/call result of echo carries the text sent. */
export function isEchoResult(result: unknown): boolean {
  const r = result as ToolResultLike | undefined;
  return (
    r?.isError !== true && r?.content?.length === 1 && r.content[0]?.type === 'text' && r.content[0].text === ECHO_TEXT
  );
}

/** Whether a tools/list result lists `toolCount` tools, echo first. */
export function isToolList(result: unknown, toolCount: number): boolean {
  const tools = (result as { tools?: Array<{ name?: string; inputSchema?: unknown }> } | undefined)?.tools;
  return (
    Array.isArray(tools) &&
    tools.length === toolCount &&
    tools[0]?.name === 'echo' &&
    typeof tools[0].inputSchema === 'object'
  );
}

export const ECHO_CALL_PARAMS = JSON.stringify({ name: 'echo', arguments: { text: ECHO_TEXT } });
