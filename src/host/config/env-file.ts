/**
 * The dotenv format of an entry's `envFile`: `KEY=VALUE` lines, an optional `export ` before the
 * key, `#` comments, blank lines; values bare (trimmed, cut at ` #`), or quoted with `'`, `"` or
 * `` ` `` (which may span lines); in double quotes `\n`, `\r`, `\t`, `\"` and `\\` are escapes.
 * No variable is expanded inside. A line that is none of these is an error, not skipped.
 * @module
 */

/** A line of an env file that is not `KEY=VALUE`; `line` is 1-based. */
export class EnvFileSyntaxError extends Error {
  override name = 'EnvFileSyntaxError';
  readonly line: number;
  constructor(line: number, message: string) {
    super(`line ${line}: ${message}`);
    this.line = line;
  }
}

const ASSIGNMENT = /^[ \t]*(?:export[ \t]+)?([A-Za-z_][A-Za-z0-9_.-]*)[ \t]*=[ \t]*/;
const ESCAPES: Record<string, string> = { n: '\n', r: '\r', t: '\t', '"': '"', '\\': '\\' };

/** The variables of an env file; a later line wins over an earlier one with the same key. */
export function parseEnvFile(text: string): Record<string, string> {
  const lines = text.replace(/^\uFEFF/, '').split(/\r?\n/);
  const values = new Map<string, string>();
  for (let i = 0; i < lines.length; i++) {
    const line = lines[i]!;
    const trimmed = line.trim();
    if (trimmed === '' || trimmed.startsWith('#')) continue;
    const match = ASSIGNMENT.exec(line);
    if (!match) throw new EnvFileSyntaxError(i + 1, `expected KEY=VALUE, found ${JSON.stringify(trimmed)}`);
    const key = match[1]!;
    const rest = line.slice(match[0].length);
    const quote = rest[0];
    if (quote !== '"' && quote !== "'" && quote !== '`') {
      values.set(key, rest.replace(/(^|[ \t])#.*$/, '').trim());
      continue;
    }
    // A quoted value runs to its closing quote, across lines if need be.
    const start = i;
    let quoted = rest.slice(1);
    let end = closingQuote(quoted, quote);
    while (end < 0 && i + 1 < lines.length) {
      quoted += '\n' + lines[++i]!;
      end = closingQuote(quoted, quote);
    }
    if (end < 0) throw new EnvFileSyntaxError(start + 1, `the ${quote} quote of ${key} is not closed`);
    const after = quoted.slice(end + 1).trim();
    if (after !== '' && !after.startsWith('#')) {
      throw new EnvFileSyntaxError(i + 1, `unexpected ${JSON.stringify(after)} after the closing quote of ${key}`);
    }
    const body = quoted.slice(0, end);
    values.set(key, quote === '"' ? body.replace(/\\(.)/g, (all, c: string) => ESCAPES[c] ?? all) : body);
  }
  return Object.fromEntries(values);
}

/** The index of the quote that closes `text`, skipping escaped ones in double quotes; -1 if none. */
function closingQuote(text: string, quote: string): number {
  for (let i = 0; i < text.length; i++) {
    if (quote === '"' && text[i] === '\\') i++;
    else if (text[i] === quote) return i;
  }
  return -1;
}
