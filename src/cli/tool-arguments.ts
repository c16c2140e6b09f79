/**
 * Arguments typed on the command line for a tool or a prompt: `key=value` pairs, one JSON
 * object, `@file` (a JSON object in a file) or `-` (a JSON object on stdin). A pair's value is
 * read as JSON when it is JSON (`n=3`, `flag=true`, `tags=["a"]`), unless the tool's schema
 * says the property is a string (`zip=01234`, `id=42` stay text); otherwise it is text.
 * @module
 */
import { readFile } from 'node:fs/promises';
import { text as readStream } from 'node:stream/consumers';
import { UsageError } from './server-target.js';

/**
 * Reads the words after the tool's name; `schema` gives its input schema, asked for only when
 * there are pairs to read by it.
 */
export async function toolArguments(
  words: readonly string[],
  schema: () => Promise<unknown> = async () => undefined,
): Promise<Record<string, unknown>> {
  const known = isPairs(words) ? await schema() : undefined;
  return readArguments(words, 'tool arguments', (key, value) => coerce(value, propertyType(known, key)));
}

/** Whether the words are `key=value` pairs rather than one JSON object, file or stdin. */
function isPairs(words: readonly string[]): boolean {
  const [first] = words;
  return (
    first !== undefined && !(words.length === 1 && (/^\s*[{[]/.test(first) || first === '-' || first.startsWith('@')))
  );
}

/** Reads the words after a prompt's name: every value a string. */
export async function promptArguments(words: readonly string[]): Promise<Record<string, string>> {
  const args = await readArguments(words, 'prompt arguments', (_key, value) => value);
  for (const [key, value] of Object.entries(args))
    if (typeof value !== 'string') throw new UsageError(`prompt argument ${key} must be a string`);
  return args as Record<string, string>;
}

async function readArguments(
  words: readonly string[],
  what: string,
  value: (key: string, text: string) => unknown,
): Promise<Record<string, unknown>> {
  if (words.length === 0) return {};
  const [first] = words as [string];
  if (!isPairs(words)) {
    if (first === '-') return parseObject(await readStream(process.stdin), `${what} on stdin`);
    if (first.startsWith('@'))
      return parseObject(await readArgumentsFile(first.slice(1)), `${what} in ${first.slice(1)}`);
    return parseObject(first, what);
  }
  const args: Record<string, unknown> = {};
  for (const word of words) {
    const equals = word.indexOf('=');
    if (equals <= 0)
      throw new UsageError(
        `${what}: ${JSON.stringify(word)} is not key=value (give pairs like text=hi n=3, or one JSON object)`,
      );
    const key = word.slice(0, equals);
    if (Object.hasOwn(args, key)) throw new UsageError(`${what}: ${key} is given twice`);
    args[key] = value(key, word.slice(equals + 1));
  }
  return args;
}

async function readArgumentsFile(path: string): Promise<string> {
  try {
    return await readFile(path, 'utf8');
  } catch (error) {
    throw new UsageError(`cannot read ${path}: ${(error as Error).message}`);
  }
}

/** A JSON object typed on the command line or read from a file; anything else is a usage error. */
export function parseObject(json: string, what: string): Record<string, unknown> {
  let value: unknown;
  try {
    value = JSON.parse(json);
  } catch (error) {
    throw new UsageError(`${what} are not valid JSON: ${(error as Error).message}`);
  }
  if (typeof value !== 'object' || value === null || Array.isArray(value))
    throw new UsageError(`${what} must be a JSON object, like '{"text":"hi"}'`);
  return value as Record<string, unknown>;
}

/** The JSON Schema `type` of `key` in an object schema, when it names one. */
function propertyType(schema: unknown, key: string): unknown {
  const properties = (schema as { properties?: Record<string, { type?: unknown }> } | undefined)?.properties;
  return properties !== undefined && Object.hasOwn(properties, key) ? properties[key]?.type : undefined;
}

function coerce(text: string, type: unknown): unknown {
  if (type === 'string') return text;
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
}
