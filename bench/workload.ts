// The workload every benchmarked server serves, whatever implements it: tools `echo` {text} and
// `add` {a, b} then trivial tools `tool_0`, `tool_1`, ... up to the tool count (102 unless told),
// one resource and one prompt. The drivers check every answer: echo returns its text as one
// text content, add the sum as text.

/** A tool's input schema as plain JSON Schema (mutable, as JSON Schema APIs take it). */
export type ObjectSchema = {
  type: 'object';
  properties: Record<string, Record<string, unknown>>;
  required?: string[];
};

export const ECHO_INPUT_SCHEMA: ObjectSchema = {
  type: 'object',
  properties: { text: { type: 'string' } },
  required: ['text'],
};

export const ADD_INPUT_SCHEMA: ObjectSchema = {
  type: 'object',
  properties: { a: { type: 'number' }, b: { type: 'number' } },
  required: ['a', 'b'],
};

export const TRIVIAL_INPUT_SCHEMA: ObjectSchema = {
  type: 'object',
  properties: { value: { type: 'string', description: 'Any text' } },
};

/** How many tools a server registers by default: echo, add and 100 trivial ones. */
export const DEFAULT_TOOL_COUNT = 102;

export function trivialToolName(index: number): string {
  return `tool_${index}`;
}

export const RESOURCE = {
  uri: 'bench://readme',
  name: 'readme',
  mimeType: 'text/plain',
  text: 'Benchmark resource',
} as const;
export const PROMPT = { name: 'greet', description: 'Greets someone', text: 'Say hello' } as const;

export const SERVER_INFO = { name: 'bench-server', version: '1.0.0' } as const;
export const CLIENT_INFO = { name: 'bench-client', version: '1.0.0' } as const;

/** The argument the drivers send to echo, and the text it must come back as. */
export const ECHO_TEXT = 'hello benchmark';

/**
 * `--tools N` on a server's command line: how many tools it registers in all (echo first, then add,
 * then trivial ones).
 */
export function toolCountFromArgs(argv: readonly string[]): number {
  const at = argv.indexOf('--tools');
  if (at === -1) return DEFAULT_TOOL_COUNT;
  const n = Number(argv[at + 1]);
  if (!Number.isInteger(n) || n < 1) throw new Error(`--tools wants a whole number of at least 1, got ${argv[at + 1]}`);
  return n;
}

/** How many trivial tools a server with `toolCount` tools registers beside echo and add. */
export function trivialToolCount(toolCount: number): number {
  return Math.max(0, toolCount - 2);
}
