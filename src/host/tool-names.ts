/**
 * The names tools get in the host's catalog: `<server>__<tool>` by default, always valid for
 * the model APIs (`^[A-Za-z0-9_-]{1,64}$`, what OpenAI and Anthropic both accept). A name that
 * would not be valid (too long, or with other characters) is cut and given a short hash of the
 * whole, so it stays unique and the same on every run; no tool is ever dropped for its name.
 * @module
 */
import { createHash } from 'node:crypto';

/** What every model API accepts as a tool's name. */
export const MODEL_TOOL_NAME = /^[A-Za-z0-9_-]{1,64}$/;

/** The separator between the server's name and the tool's by default. */
export const DEFAULT_SEPARATOR = '__';

/** Names a server's tool in the catalog; the default is {@link prefixedToolName}. */
export type ToolNaming = (server: string, tool: string) => string;

/** `<server><separator><tool>`, made valid for the model APIs by {@link modelToolName}. */
export function prefixedToolName(separator = DEFAULT_SEPARATOR): ToolNaming {
  return (server, tool) => modelToolName(`${server}${separator}${tool}`);
}

const HASH_CHARS = 8;

/**
 * `name` when the model APIs accept it; else its valid characters (others become `_`), cut to
 * leave room for `_` and eight hex digits of its SHA-256, which keep two names that cut or
 * replace to the same text apart.
 */
export function modelToolName(name: string): string {
  if (MODEL_TOOL_NAME.test(name)) return name;
  const hash = createHash('sha256').update(name).digest('hex').slice(0, HASH_CHARS);
  const readable = name.replace(/[^A-Za-z0-9_-]/g, '_').slice(0, 64 - HASH_CHARS - 1);
  return `${readable}_${hash}`;
}
