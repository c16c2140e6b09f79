/**
 * Text from a server, made safe and short enough to show in a terminal: control characters
 * (which could move the cursor, recolour or rewrite what the user reads) and bidirectional
 * overrides (which could show a URL or a name reversed) become visible escapes; long text is
 * cut with a note of how much was left out.
 * @module
 */

/** C0 and C1 controls, DEL, and the bidirectional marks, embeddings, overrides and isolates. */
const UNSAFE = /[\u0000-\u001f\u007f-\u009f\u061c\u200e\u200f\u202a-\u202e\u2066-\u2069]/gu;

/** `\u001b` for ESC: what the character is, without its effect. */
function escape(char: string): string {
  return `\\u${char.codePointAt(0)!.toString(16).padStart(4, '0')}`;
}

/**
 * `text` with every character that acts on the terminal shown as an escape. Line breaks stay
 * when `multiline` (else they are shown as `\n` too); a tab becomes two spaces.
 */
export function sanitize(text: string, multiline = false): string {
  const lines = text.replace(/\r\n?/g, '\n').replace(/\t/g, '  ');
  return lines.replace(UNSAFE, (char) => (char === '\n' ? (multiline ? '\n' : '\\n') : escape(char)));
}

/** The first `max` characters of `text` (code points, so no emoji is split), noting what was cut. */
export function cut(text: string, max: number): string {
  const chars = [...text];
  if (chars.length <= max) return text;
  return `${chars.slice(0, max).join('')}… (${chars.length - max} more characters)`;
}

/** The first `max` lines of `text`, noting how many were cut. */
export function cutLines(text: string, max: number): string {
  const lines = text.split('\n');
  if (lines.length <= max) return text;
  return [...lines.slice(0, max), `… (${lines.length - max} more lines)`].join('\n');
}

/** The first non-empty line of `text`, or `undefined`. */
export function firstLine(text: string | undefined): string | undefined {
  return text
    ?.split(/\r\n?|\n/)
    .map((line) => line.trim())
    .find((line) => line !== '');
}

/** Server text to show on one line: safe, at most `max` characters. */
export function oneLine(text: string, max = 200): string {
  return sanitize(cut(text.trim(), max));
}

/** Server text to show as a paragraph: safe, at most `maxChars` characters on `maxLines` lines. */
export function paragraph(text: string, maxChars = 1_000, maxLines = 12): string {
  return sanitize(cutLines(cut(text.trim(), maxChars), maxLines), true);
}

/**
 * A JSON value indented for reading: strings longer than `maxString` are cut (with a note of
 * their length), and at most `maxLines` lines are kept.
 */
export function prettyJson(value: unknown, maxString = 200, maxLines = 30): string {
  let text: string | undefined;
  try {
    text = JSON.stringify(value, (_key, v: unknown) => (typeof v === 'string' ? cut(v, maxString) : v), 2);
  } catch (error) {
    // A cycle or a BigInt cannot come from JSON, but the value may not have come from JSON.
    text = `(not JSON: ${(error as Error).message})`;
  }
  // JSON escapes C0 controls already; C1 controls and bidirectional marks it leaves as they are.
  return sanitize(cutLines(text ?? 'undefined', maxLines), true);
}
