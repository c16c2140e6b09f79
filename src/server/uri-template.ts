/**
 * URI templates (RFC 6570, levels 1 to 4): expansion of variables into a URI, and the practical
 * inverse, matching a URI against a template to recover its variables. A template is parsed and
 * compiled once; expanding and matching then only walk the compiled parts. A loose match answers
 * only whether a URI could come from a template, for routing a URI to whoever offers it.
 * @module
 */
import type { MatchedVariables, TemplateVariables } from './uri-template-types.js';

export type { MatchedVariables, TemplateVariables } from './uri-template-types.js';

/** A value to expand: a string (numbers and booleans are written as text), a list or a map. */
export type TemplateValue =
  | string
  | number
  | boolean
  | readonly (string | number | boolean)[]
  | Readonly<Record<string, string | number | boolean>>
  | null
  | undefined;

/** A template that breaks RFC 6570's syntax. */
export class UriTemplateError extends Error {
  constructor(template: string, problem: string) {
    super(`Invalid URI template ${JSON.stringify(template)}: ${problem}`);
    this.name = 'UriTemplateError';
  }
}

type Operator = '' | '+' | '#' | '.' | '/' | ';' | '?' | '&';

/** RFC 6570 Appendix A: what each operator writes before, between and for empty values. */
interface OperatorRules {
  first: string;
  sep: string;
  named: boolean;
  ifEmpty: string;
  /** Reserved characters and percent-encoded triplets are kept as they are. */
  reserved: boolean;
}

const RULES: Readonly<Record<Operator, OperatorRules>> = {
  '': { first: '', sep: ',', named: false, ifEmpty: '', reserved: false },
  '+': { first: '', sep: ',', named: false, ifEmpty: '', reserved: true },
  '#': { first: '#', sep: ',', named: false, ifEmpty: '', reserved: true },
  '.': { first: '.', sep: '.', named: false, ifEmpty: '', reserved: false },
  '/': { first: '/', sep: '/', named: false, ifEmpty: '', reserved: false },
  ';': { first: ';', sep: ';', named: true, ifEmpty: '', reserved: false },
  '?': { first: '?', sep: '&', named: true, ifEmpty: '=', reserved: false },
  '&': { first: '&', sep: '&', named: true, ifEmpty: '=', reserved: false },
};

/**
 * What an expression of each operator stands for in a loose match: one non-empty path segment,
 * any text, any number of the operator's segments, or any query.
 */
const LOOSE: Readonly<Record<Operator, string>> = {
  '': '[^/?#]+',
  '+': '[\\s\\S]*',
  '#': '[\\s\\S]*',
  '.': '(?:\\.[^/?#]*)*',
  '/': '(?:/[^/?#]*)*',
  ';': '(?:;[^/?#]*)*',
  '?': '(?:[?&][\\s\\S]*)?',
  '&': '(?:[?&][\\s\\S]*)?',
};

interface VarSpec {
  name: string;
  explode: boolean;
  /** `:n`: expand only the first n characters of a string value. */
  prefix: number | undefined;
}

interface Expression {
  operator: Operator;
  rules: OperatorRules;
  vars: VarSpec[];
}

/** How a regular-expression group turns back into a variable. */
type Capture =
  | { kind: 'value'; name: string }
  | { kind: 'named-value'; name: string }
  | { kind: 'list'; name: string; sep: string }
  | { kind: 'named-list'; name: string }
  | { kind: 'query' };

const VARNAME = /^(?:[A-Za-z0-9_]|%[0-9A-Fa-f]{2})(?:\.?(?:[A-Za-z0-9_]|%[0-9A-Fa-f]{2}))*$/;
const PREFIX = /^[1-9][0-9]{0,3}$/;
const OPERATORS = new Set<string>(['+', '#', '.', '/', ';', '?', '&']);
const FUTURE_OPERATORS = new Set<string>(['=', ',', '!', '@', '|']);

/** A parsed RFC 6570 template, ready to expand and to match; `T` is its text, when known. */
export class UriTemplate<T extends string = string> {
  /** The template as written. */
  readonly template: T;
  /** Each variable name once, in order of first appearance. */
  readonly variableNames: readonly string[];
  readonly #parts: (string | Expression)[];
  readonly #pattern: RegExp;
  readonly #captures: Capture[];
  readonly #queryVars = new Map<string, boolean>();

  /** Parses and compiles `template`; throws `UriTemplateError` when it is malformed. */
  constructor(template: T) {
    this.template = template;
    this.#parts = parse(template);
    const names = new Set<string>();
    for (const part of this.#parts) if (typeof part !== 'string') for (const v of part.vars) names.add(v.name);
    this.variableNames = [...names];
    this.#captures = [];
    this.#pattern = new RegExp(
      `^${this.#parts.map((p) => (typeof p === 'string' ? escapeRegExp(p) : this.#compile(p))).join('')}$`,
    );
  }

  /** True when `text` contains at least one `{expression}`, i.e. is a template rather than a URI. */
  static isTemplate(text: string): boolean {
    return /\{[^{}]*\}/.test(text);
  }

  /**
   * Whether `uri` fits `template`, as {@link match} decides; throws `UriTemplateError` when the
   * template is malformed. With `loose`, whether it could come from the template at all, as a
   * router asks that only needs to know whose URI it is: a simple expression stands for one
   * non-empty path segment (`{a,b}` too), `{+x}` and `{#x}` for any text, `{/x}`, `{.x}` and
   * `{;x}` for any number of their segments, `{?x}` and `{&x}` for any query that starts with
   * `?` or `&`. Nothing is decoded, and nothing in the template is refused: any `{...}` is an
   * expression, read by its operator alone, and a brace that closes none is text.
   */
  static matches(template: string, uri: string, options: { readonly loose?: boolean } = {}): boolean {
    if (!options.loose) return new UriTemplate(template).match(uri) !== undefined;
    const parts = parse(template, true);
    const source = parts.map((p) => (typeof p === 'string' ? escapeRegExp(p) : LOOSE[p.operator])).join('');
    return new RegExp(`^${source}$`).test(uri);
  }

  /** The template as it was written. */
  toString(): string {
    return this.template;
  }

  /** The URI for these variables. Undefined variables, empty lists and empty maps are left out. */
  expand(variables: Readonly<Record<string, TemplateValue>>): string {
    let out = '';
    for (const part of this.#parts) out += typeof part === 'string' ? part : expandExpression(part, variables);
    return out;
  }

  /**
   * The variables that expand to `uri`, or `undefined` when it does not fit the template. Values
   * are percent-decoded. Exploded path, label and list variables come back as lists; query
   * parameters (`{?a,b}`, `{&c}`) may come in any order and may be missing, but a parameter the
   * template does not name makes the URI not match. Exploded maps are not recovered (their keys
   * cannot be told from other text), nor are non-exploded lists split (they match as one string).
   */
  match(uri: string): TemplateVariables<T> | undefined {
    const found = this.#pattern.exec(uri);
    if (!found) return undefined;
    const result: MatchedVariables = {};
    const query: string[] = [];
    try {
      for (let i = 0; i < this.#captures.length; i++) {
        const capture = this.#captures[i]!;
        const raw = found[i + 1];
        if (raw === undefined) continue;
        if (capture.kind === 'query') {
          query.push(raw.slice(1));
          continue;
        }
        const value = matchedValue(capture, raw);
        if (!assign(result, capture.name, value)) return undefined;
      }
      if (query.length > 0 && !this.#matchQuery(query.join('&'), result)) return undefined;
    } catch {
      return undefined; // malformed percent-encoding
    }
    return result as TemplateVariables<T>;
  }

  #matchQuery(query: string, result: MatchedVariables): boolean {
    const lists = new Map<string, string[]>();
    for (const pair of query.split('&')) {
      if (pair === '') continue;
      const eq = pair.indexOf('=');
      const key = decodeURIComponent(eq === -1 ? pair : pair.slice(0, eq));
      const value = eq === -1 ? '' : decodeURIComponent(pair.slice(eq + 1));
      const explode = this.#queryVars.get(key);
      if (explode === undefined) return false;
      if (explode) {
        const list = lists.get(key) ?? [];
        list.push(value);
        lists.set(key, list);
      } else if (!assign(result, key, value)) {
        return false;
      }
    }
    for (const [key, list] of lists) if (!assign(result, key, list)) return false;
    return true;
  }

  /** The regular-expression source of one expression; records its groups in `#captures`. */
  #compile(expression: Expression): string {
    const { operator, rules, vars } = expression;
    if (operator === '?' || operator === '&') {
      for (const v of vars) this.#queryVars.set(v.name, v.explode);
      this.#captures.push({ kind: 'query' });
      return `(${escapeRegExp(operator)}[^#]*)?`;
    }
    const multi = vars.length > 1;
    if (operator === ';') {
      // Every parameter is named, so each one can be present or not on its own.
      return vars
        .map((v) => {
          const name = escapeRegExp(v.name);
          if (v.explode) {
            this.#captures.push({ kind: 'named-list', name: v.name });
            return `((?:;${name}(?:=[^;/?#]*)?)+)?`;
          }
          this.#captures.push({ kind: 'named-value', name: v.name });
          return `(;${name}(?:=[^;/?#]*)?)?`;
        })
        .join('');
    }
    const pieces = vars.map((v, i) => {
      const cls = valueClass(operator, multi || v.explode);
      const sep = escapeRegExp(rules.sep);
      this.#captures.push(v.explode ? { kind: 'list', name: v.name, sep: rules.sep } : { kind: 'value', name: v.name });
      const group = v.explode ? `(${cls}*(?:${sep}${cls}*)*)` : `(${cls}*)`;
      // Variables after the first may be left out (undefined), taking their separator with them.
      return i === 0 ? group : `(?:${sep}${group})?`;
    });
    const body = escapeRegExp(rules.first) + pieces.join('');
    return rules.first === '' ? body : `(?:${body})?`;
  }
}

/** What a variable's text may contain when matching, so that it stops at the next delimiter. */
function valueClass(operator: Operator, stopAtSeparator: boolean): string {
  switch (operator) {
    case '+':
      return stopAtSeparator ? '[^#,]' : '[^#]';
    case '#':
      return stopAtSeparator ? '[^,]' : '[\\s\\S]';
    case '.':
      return stopAtSeparator ? '[^/?#.]' : '[^/?#]';
    case '/':
      return '[^/?#]';
    default:
      return stopAtSeparator ? '[^/?#,]' : '[^/?#]';
  }
}

function matchedValue(capture: Exclude<Capture, { kind: 'query' }>, raw: string): string | string[] {
  switch (capture.kind) {
    case 'value':
      return decodeURIComponent(raw);
    case 'named-value':
      // `;name=value`, or `;name` alone for an empty value.
      return decodeURIComponent(raw.slice(capture.name.length + 2));
    case 'list':
      return raw.split(capture.sep).map(decodeURIComponent);
    case 'named-list':
      // `;name=a;name;name=b`: the text after each `name`, without its `=`.
      return raw
        .slice(1)
        .split(';')
        .map((item) => decodeURIComponent(item.slice(capture.name.length + 1)));
  }
}

/** Records a variable; a variable written twice in a template must match the same value twice. */
function assign(result: MatchedVariables, name: string, value: string | string[]): boolean {
  const previous = result[name];
  if (previous !== undefined && JSON.stringify(previous) !== JSON.stringify(value)) return false;
  result[name] = value;
  return true;
}

/**
 * The text and expressions of `template`; throws `UriTemplateError` where it breaks RFC 6570.
 * `loose` refuses nothing: an expression runs from a `{` to the next `}`, whatever it holds, and
 * is read by its operator alone (no variables); a brace that opens or closes none is text.
 */
function parse(template: string, loose = false): (string | Expression)[] {
  const parts: (string | Expression)[] = [];
  let i = 0;
  while (i < template.length) {
    const open = template.indexOf('{', i);
    const close = template.indexOf('}', loose && open !== -1 ? open : i);
    if (!loose && close !== -1 && (open === -1 || close < open))
      throw new UriTemplateError(template, `unmatched "}" at position ${close}`);
    if (open === -1 || (loose && close === -1)) {
      parts.push(template.slice(i));
      break;
    }
    if (open > i) parts.push(template.slice(i, open));
    if (close === -1) throw new UriTemplateError(template, `unclosed "{" at position ${open}`);
    const nested = template.indexOf('{', open + 1);
    if (!loose && nested !== -1 && nested < close)
      throw new UriTemplateError(template, `"{" inside an expression at position ${nested}`);
    const body = template.slice(open + 1, close);
    parts.push(loose ? looseExpression(body) : parseExpression(template, body));
    i = close + 1;
  }
  return parts;
}

/** An expression of a loose match: its operator, when it starts with one, and no variables. */
function looseExpression(body: string): Expression {
  const operator = (OPERATORS.has(body[0] ?? '') ? body[0] : '') as Operator;
  return { operator, rules: RULES[operator], vars: [] };
}

function parseExpression(template: string, body: string): Expression {
  if (body === '') throw new UriTemplateError(template, 'empty expression "{}"');
  const head = body[0]!;
  if (FUTURE_OPERATORS.has(head)) throw new UriTemplateError(template, `operator "${head}" is reserved for future use`);
  const operator = (OPERATORS.has(head) ? head : '') as Operator;
  const list = operator === '' ? body : body.slice(1);
  const vars = list.split(',').map((spec): VarSpec => {
    let name = spec;
    let explode = false;
    let prefix: number | undefined;
    if (spec.endsWith('*')) {
      explode = true;
      name = spec.slice(0, -1);
    } else if (spec.includes(':')) {
      const colon = spec.indexOf(':');
      name = spec.slice(0, colon);
      const length = spec.slice(colon + 1);
      if (!PREFIX.test(length))
        throw new UriTemplateError(template, `prefix length of "${name}" must be 1 to 9999, got "${length}"`);
      prefix = Number(length);
    }
    if (!VARNAME.test(name))
      throw new UriTemplateError(template, `invalid variable name ${JSON.stringify(name)} in "{${body}}"`);
    return { name, explode, prefix };
  });
  return { operator, rules: RULES[operator], vars };
}

function expandExpression(expression: Expression, variables: Readonly<Record<string, TemplateValue>>): string {
  const { rules } = expression;
  const encode = rules.reserved ? encodeReserved : encodeUnreserved;
  const items: string[] = [];
  for (const spec of expression.vars) {
    const value = variables[spec.name];
    if (value === undefined || value === null) continue;
    if (typeof value !== 'object') {
      const text = spec.prefix === undefined ? String(value) : Array.from(String(value)).slice(0, spec.prefix).join('');
      items.push(named(rules, spec.name, encode(text)));
      continue;
    }
    // Prefixes do not apply to lists and maps (RFC 6570 section 2.4.1).
    const pairs: [string, string][] = Array.isArray(value)
      ? value.map((item): [string, string] => ['', encode(String(item))])
      : Object.entries(value).map(([k, v]): [string, string] => [encode(k), encode(String(v))]);
    if (pairs.length === 0) continue; // an empty list or map counts as undefined
    const isList = Array.isArray(value);
    if (!spec.explode) {
      const joined = pairs.map(([k, v]) => (isList ? v : `${k},${v}`)).join(',');
      items.push(named(rules, spec.name, joined));
    } else if (isList) {
      items.push(pairs.map(([, v]) => named(rules, spec.name, v)).join(rules.sep));
    } else {
      items.push(pairs.map(([k, v]) => (rules.named ? named(rules, k, v) : `${k}=${v}`)).join(rules.sep));
    }
  }
  return items.length === 0 ? '' : rules.first + items.join(rules.sep);
}

/** `name=value` for named operators (`name` plus `ifEmpty` for an empty value), else the value. */
function named(rules: OperatorRules, name: string, encoded: string): string {
  if (!rules.named) return encoded;
  return encoded === '' ? name + rules.ifEmpty : `${name}=${encoded}`;
}

/** Everything but unreserved characters percent-encoded (`encodeURIComponent` spares `!'()*`). */
function encodeUnreserved(text: string): string {
  return encodeURIComponent(text).replace(/[!'()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);
}

/** Unreserved and reserved characters kept, and percent-encoded triplets left as they are. */
function encodeReserved(text: string): string {
  return text
    .split(/(%[0-9A-Fa-f]{2})/)
    .map((piece, i) => (i % 2 === 1 ? piece : encodeURI(piece).replace(/%5B/g, '[').replace(/%5D/g, ']')))
    .join('');
}

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&');
}
