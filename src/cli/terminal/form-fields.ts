/**
 * The fields of an elicitation form, read from its `requestedSchema` (MCP's flat subset of JSON
 * Schema: strings with a format and lengths, numbers and integers with bounds, booleans,
 * single choices by `enum`, `oneOf` or the legacy `enumNames`, multiple choices by `items.enum`
 * or `items.anyOf`), each with the check its answer must pass. A schema the form cannot show
 * is refused with an error naming the field, before anything is asked.
 * @module
 */
import type { ElicitRequestFormParams } from 'mcpkit';
import { oneLine } from './text.js';

/** What every field has: its key in the answer, and what the user reads. */
interface FieldBase {
  key: string;
  /** The schema's `title`, else the key. */
  label: string;
  description?: string;
  required: boolean;
}

/** A typed answer: a string, or a number or integer. */
export interface TextField extends FieldBase {
  kind: 'text';
  /** What the answer must be, in words (`whole number from 1 to 10`), if anything. */
  hint?: string;
  /** The default, as the user would type it. */
  initial?: string;
  /** The answer as sent (`undefined`: left empty), or why it is not one. */
  parse(text: string): { value: string | number | undefined } | { error: string };
}

export interface BooleanField extends FieldBase {
  kind: 'boolean';
  initial?: boolean;
}

export interface Choice {
  value: string;
  label: string;
}

export interface ChoiceField extends FieldBase {
  kind: 'choice';
  options: Choice[];
  initial?: string;
}

export interface MultiField extends FieldBase {
  kind: 'multi';
  options: Choice[];
  initial: string[];
  /** Why this many choices is not allowed, or `undefined`. */
  check(values: readonly string[]): string | undefined;
  /** `choose 1 to 2`, when bounded. */
  hint?: string;
}

export type Field = TextField | BooleanField | ChoiceField | MultiField;

/** The checks of the string formats MCP allows. */
export type FormatChecks = Record<'email' | 'uri' | 'date' | 'date-time', (text: string) => boolean>;

/** The format checks of `ajv-formats` (the JSON Schema validator's own), loaded when a form is first shown. */
export async function loadFormatChecks(): Promise<FormatChecks> {
  const { fullFormats } = await import('ajv-formats/dist/formats.js');
  const checker = (format: unknown): ((text: string) => boolean) => {
    if (typeof format === 'function') return (text) => format(text) === true;
    if (format instanceof RegExp) return (text) => format.test(text);
    const validate = (format as { validate?: unknown } | undefined)?.validate;
    return validate === undefined ? () => true : checker(validate);
  };
  return {
    email: checker(fullFormats.email),
    uri: checker(fullFormats.uri),
    date: checker(fullFormats.date),
    'date-time': checker(fullFormats['date-time']),
  };
}

/** The requested schema does not describe a form this terminal can show. */
export class FormSchemaError extends Error {
  override name = 'FormSchemaError';
}

const FORMAT_WORDS = {
  email: 'an email address',
  uri: 'a URI, such as https://example.com/',
  date: 'a date, such as 2025-01-31',
  'date-time': 'a date and time, such as 2025-01-31T14:30:00Z',
} as const;

/** The fields of `schema`, in its order. Throws a {@link FormSchemaError} naming what is wrong. */
export function formFields(schema: ElicitRequestFormParams['requestedSchema'], formats: FormatChecks): Field[] {
  if (typeof schema !== 'object' || schema === null || Array.isArray(schema))
    throw new FormSchemaError('the requested schema is not an object');
  const { properties = {}, required = [] } = schema as { properties?: unknown; required?: unknown };
  if (typeof properties !== 'object' || properties === null || Array.isArray(properties))
    throw new FormSchemaError("the requested schema's properties are not an object");
  const requiredKeys = new Set(Array.isArray(required) ? required.filter((k) => typeof k === 'string') : []);
  return Object.entries(properties as Record<string, unknown>).map(([key, property]) => {
    if (typeof property !== 'object' || property === null || Array.isArray(property))
      throw new FormSchemaError(`field "${oneLine(key, 80)}": its schema is not an object`);
    try {
      return field(key, property as Record<string, unknown>, requiredKeys.has(key), formats);
    } catch (error) {
      if (error instanceof FormSchemaError)
        throw new FormSchemaError(`field "${oneLine(key, 80)}": ${error.message}`, { cause: error });
      throw error;
    }
  });
}

function field(key: string, p: Record<string, unknown>, required: boolean, formats: FormatChecks): Field {
  const base: FieldBase = {
    key,
    label: typeof p.title === 'string' && p.title.trim() !== '' ? oneLine(p.title, 80) : oneLine(key, 80),
    required,
    ...(typeof p.description === 'string' && p.description.trim() !== ''
      ? { description: oneLine(p.description, 300) }
      : {}),
  };
  switch (p.type) {
    case 'string':
      if (Array.isArray(p.enum) || Array.isArray(p.oneOf)) return choiceField(base, p);
      return stringField(base, p, formats);
    case 'number':
    case 'integer':
      return numberField(base, p, p.type === 'integer');
    case 'boolean':
      return { ...base, kind: 'boolean', ...(typeof p.default === 'boolean' ? { initial: p.default } : {}) };
    case 'array':
      return multiField(base, p);
    default:
      throw new FormSchemaError(
        `type ${JSON.stringify(p.type)} is not one a form can ask for (string, number, integer, boolean, array of choices)`,
      );
  }
}

/** A schema keyword that must be a non-negative integer (a length or a count), or absent. */
function count(p: Record<string, unknown>, keyword: string): number | undefined {
  const value = p[keyword];
  if (value === undefined) return undefined;
  if (typeof value !== 'number' || !Number.isInteger(value) || value < 0)
    throw new FormSchemaError(`${keyword} is ${JSON.stringify(value)}, not a whole number of at least 0`);
  return value;
}

/** A schema keyword that must be a number, or absent. */
function bound(p: Record<string, unknown>, keyword: string): number | undefined {
  const value = p[keyword];
  if (value === undefined) return undefined;
  if (typeof value !== 'number' || !Number.isFinite(value))
    throw new FormSchemaError(`${keyword} is ${JSON.stringify(value)}, not a number`);
  return value;
}

function stringField(base: FieldBase, p: Record<string, unknown>, formats: FormatChecks): TextField {
  const minLength = count(p, 'minLength');
  const maxLength = count(p, 'maxLength');
  const format = p.format;
  if (format !== undefined && !(typeof format === 'string' && Object.hasOwn(FORMAT_WORDS, format)))
    throw new FormSchemaError(
      `format ${JSON.stringify(format)} is not one MCP allows (${Object.keys(FORMAT_WORDS).join(', ')})`,
    );
  const formatName = format as keyof FormatChecks | undefined;
  const hint = [
    formatName && FORMAT_WORDS[formatName],
    range(minLength, maxLength, (n) => `${n} character${n === 1 ? '' : 's'}`),
  ].filter(Boolean);
  return {
    ...base,
    kind: 'text',
    ...(hint.length > 0 ? { hint: hint.join(', ') } : {}),
    ...(typeof p.default === 'string' ? { initial: p.default } : {}),
    parse(text) {
      if (text === '') return base.required ? { error: 'an answer is required' } : { value: undefined };
      const length = [...text].length;
      if (minLength !== undefined && length < minLength)
        return { error: `at least ${minLength} character${minLength === 1 ? '' : 's'}, please (${length} given)` };
      if (maxLength !== undefined && length > maxLength)
        return { error: `at most ${maxLength} character${maxLength === 1 ? '' : 's'}, please (${length} given)` };
      if (formatName !== undefined && !formats[formatName](text)) return { error: `not ${FORMAT_WORDS[formatName]}` };
      return { value: text };
    },
  };
}

/** A JSON number as a person types it: no hexadecimal, no `Infinity`, no empty string. */
const NUMBER = /^[+-]?(?:\d+(?:\.\d*)?|\.\d+)(?:e[+-]?\d+)?$/i;

function numberField(base: FieldBase, p: Record<string, unknown>, integer: boolean): TextField {
  const minimum = bound(p, 'minimum');
  const maximum = bound(p, 'maximum');
  const kind = integer ? 'whole number' : 'number';
  const limits = range(minimum, maximum, String);
  return {
    ...base,
    kind: 'text',
    hint: limits ? `${kind}, ${limits}` : kind,
    ...(typeof p.default === 'number' ? { initial: String(p.default) } : {}),
    parse(input) {
      const text = input.trim();
      if (text === '') return base.required ? { error: 'an answer is required' } : { value: undefined };
      const value = Number(text);
      if (!NUMBER.test(text) || !Number.isFinite(value)) return { error: `"${oneLine(text, 40)}" is not a ${kind}` };
      if (integer && !Number.isInteger(value)) return { error: `${text} is not a whole number` };
      if (minimum !== undefined && value < minimum) return { error: `${text} is less than ${minimum}` };
      if (maximum !== undefined && value > maximum) return { error: `${text} is more than ${maximum}` };
      return { value };
    },
  };
}

/** `1 to 10`, `at least 1`, `at most 10`, or `undefined`, each number put in words by `words`. */
function range(min: number | undefined, max: number | undefined, words: (n: number) => string): string | undefined {
  if (min !== undefined && max !== undefined) return `${min} to ${words(max)}`;
  if (min !== undefined) return `at least ${words(min)}`;
  if (max !== undefined) return `at most ${words(max)}`;
  return undefined;
}

/** `[{ const, title }]` as choices. */
function titled(options: unknown, keyword: string): Choice[] {
  if (!Array.isArray(options) || options.length === 0) throw new FormSchemaError(`${keyword} is not a list of choices`);
  return options.map((option: unknown, i) => {
    const o = (option ?? {}) as { const?: unknown; title?: unknown };
    if (typeof o.const !== 'string') throw new FormSchemaError(`${keyword}[${i}] has no string "const"`);
    return { value: o.const, label: oneLine(typeof o.title === 'string' ? o.title : o.const, 80) };
  });
}

/** Plain values as choices, titled by a parallel `enumNames` list (the 2025-06-18 form) when there is one. */
function plain(values: unknown, names: unknown, keyword: string): Choice[] {
  if (!Array.isArray(values) || values.length === 0 || !values.every((v) => typeof v === 'string'))
    throw new FormSchemaError(`${keyword} is not a list of strings`);
  const titles = Array.isArray(names) && names.length === values.length ? names : undefined;
  return values.map((value: string, i) => ({
    value,
    label: oneLine(typeof titles?.[i] === 'string' ? titles[i] : value, 80),
  }));
}

function choiceField(base: FieldBase, p: Record<string, unknown>): ChoiceField {
  const options = Array.isArray(p.oneOf) ? titled(p.oneOf, 'oneOf') : plain(p.enum, p.enumNames, 'enum');
  const initial = options.find((o) => o.value === p.default)?.value;
  return { ...base, kind: 'choice', options, ...(initial !== undefined ? { initial } : {}) };
}

function multiField(base: FieldBase, p: Record<string, unknown>): MultiField {
  const items = (p.items ?? {}) as { enum?: unknown; anyOf?: unknown };
  if (typeof items !== 'object' || (items.enum === undefined && items.anyOf === undefined))
    throw new FormSchemaError('an array is asked for as a choice among items.enum or items.anyOf, and it has neither');
  const options = items.anyOf !== undefined ? titled(items.anyOf, 'items.anyOf') : plain(items.enum, [], 'items.enum');
  const minItems = count(p, 'minItems');
  const maxItems = count(p, 'maxItems');
  const defaults = Array.isArray(p.default) ? p.default : [];
  const hint = range(minItems, maxItems, String);
  return {
    ...base,
    kind: 'multi',
    options,
    initial: options.filter((o) => defaults.includes(o.value)).map((o) => o.value),
    ...(hint ? { hint: `choose ${hint}` } : {}),
    check(values) {
      if (minItems !== undefined && values.length < minItems)
        return `choose at least ${minItems} (${values.length} chosen)`;
      if (maxItems !== undefined && values.length > maxItems)
        return `choose at most ${maxItems} (${values.length} chosen)`;
      return undefined;
    },
  };
}
