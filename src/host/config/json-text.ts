/**
 * The text of a configuration file as JSON with comments and trailing commas, the dialect VS
 * Code reads its `mcp.json` in (and a superset of the strict JSON of the other tools' files).
 * `jsonc-parser` is loaded on first use, so importing the host does not load it.
 * @module
 */
import type { Node } from 'jsonc-parser';
import type { ConfigProblem } from './server-config.js';

type Parsed = { value: unknown } | { problem: ConfigProblem };

export async function parseJsonText(text: string): Promise<Parsed> {
  const { parseTree, printParseErrorCode } = await import('jsonc-parser');
  const errors: { error: number; offset: number; length: number }[] = [];
  const body = text.replace(/^\uFEFF/, '');
  const tree = parseTree(body, errors, { allowTrailingComma: true, allowEmptyContent: false });
  const first = errors[0];
  if (!first) return { value: tree && valueOf(tree) };
  const before = body.slice(0, first.offset);
  const line = before.split('\n').length;
  const column = first.offset - before.lastIndexOf('\n');
  // ValueExpected becomes "value expected".
  const what = printParseErrorCode(first.error as Parameters<typeof printParseErrorCode>[0])
    .replace(/(?!^)([A-Z])/g, ' $1')
    .toLowerCase();
  return { problem: { line, column, message: `not valid JSON: ${what}` } };
}

/** A tree's value, every key an own property: a server or variable named `__proto__` is kept. */
function valueOf(node: Node): unknown {
  if (node.type === 'array') return (node.children ?? []).map(valueOf);
  if (node.type !== 'object') return node.value;
  return Object.fromEntries(
    (node.children ?? []).map((property) => {
      const [key, value] = property.children!;
      return [key!.value as string, value ? valueOf(value) : undefined];
    }),
  );
}
