/**
 * Checks of a form elicitation, both ways. The server checks its schema before sending it: the
 * spec's restricted JSON Schema, a flat object of string, number, integer, boolean,
 * single-select and multi-select fields. The client checks the content of an accepted form
 * against that schema, so that it never sends data the server did not ask for or cannot use;
 * the schema is small enough to check by hand.
 *
 * Issues name the field and the rule, never the submitted value: they are sent to the server,
 * and the value is the user's data.
 * @module
 */
import { invalidParams } from './errors.js';
import type { ElicitRequestFormParams } from '../types/elicitation.js';
import { GUARDS } from '../types/guards/index.js';

/** The `requestedSchema` of a form-mode `elicitation/create`. */
export type RequestedSchema = ElicitRequestFormParams['requestedSchema'];

/** Throws -32602 when `schema` is not the restricted JSON Schema a form elicitation may ask with. */
export function checkElicitationSchema(schema: unknown): void {
  const issue = GUARDS.ElicitRequestFormParams?.({ message: '', requestedSchema: schema });
  if (issue !== undefined) {
    throw invalidParams(`Invalid elicitation schema (only a flat object of primitive properties is allowed): ${issue}`);
  }
}

type Loose = Record<string, unknown>;

/**
 * The problems with `content` as an answer to `schema`, one per field (`content.age: must be at
 * most 120`); empty when the content is valid. Fields the schema does not define are refused.
 */
export function elicitationContentIssues(schema: RequestedSchema, content: unknown): string[] {
  if (!isLoose(content)) return ['content: expected an object'];
  const properties: Loose = isLoose(schema.properties) ? schema.properties : {};
  const issues: string[] = [];
  for (const name of Array.isArray(schema.required) ? schema.required : []) {
    if (content[name] === undefined) issues.push(`${path(name)}: required`);
  }
  for (const [name, value] of Object.entries(content)) {
    if (value === undefined) continue; // not serialized, so not sent
    const field = Object.hasOwn(properties, name) ? properties[name] : undefined;
    if (!isLoose(field)) {
      issues.push(`${path(name)}: not a field of the requested schema`);
      continue;
    }
    const issue = fieldIssue(field, value);
    if (issue !== undefined) issues.push(`${path(name)}: ${issue}`);
  }
  return issues;
}

function fieldIssue(field: Loose, value: unknown): string | undefined {
  switch (field.type) {
    case 'string':
      return stringIssue(field, value);
    case 'number':
    case 'integer':
      return numberIssue(field, value);
    case 'boolean':
      return typeof value === 'boolean' ? undefined : 'expected a boolean';
    case 'array':
      return multiSelectIssue(field, value);
    default:
      return `the requested schema uses type ${JSON.stringify(field.type)}, which an elicitation form cannot have`;
  }
}

function stringIssue(field: Loose, value: unknown): string | undefined {
  if (typeof value !== 'string') return 'expected a string';
  const choices = singleSelectChoices(field);
  if (choices !== undefined && !choices.includes(value)) return `expected one of ${listChoices(choices)}`;
  // JSON Schema counts characters as code points, not UTF-16 units.
  const length = [...value].length;
  if (typeof field.minLength === 'number' && length < field.minLength)
    return `must be at least ${field.minLength} characters long`;
  if (typeof field.maxLength === 'number' && length > field.maxLength)
    return `must be at most ${field.maxLength} characters long`;
  if (typeof field.pattern === 'string') {
    const pattern = compile(field.pattern);
    if (pattern && !pattern.test(value)) return `must match the pattern ${field.pattern}`;
  }
  if (typeof field.format === 'string' && Object.hasOwn(FORMATS, field.format)) {
    const format = FORMATS[field.format]!;
    if (!format.test(value)) return `expected ${format.expected}`;
  }
  return undefined;
}

function numberIssue(field: Loose, value: unknown): string | undefined {
  if (typeof value !== 'number' || !Number.isFinite(value))
    return `expected ${field.type === 'integer' ? 'an integer' : 'a number'}`;
  if (field.type === 'integer' && !Number.isInteger(value)) return 'expected an integer';
  if (typeof field.minimum === 'number' && value < field.minimum) return `must be at least ${field.minimum}`;
  if (typeof field.maximum === 'number' && value > field.maximum) return `must be at most ${field.maximum}`;
  return undefined;
}

function multiSelectIssue(field: Loose, value: unknown): string | undefined {
  if (!Array.isArray(value) || !value.every((item) => typeof item === 'string')) return 'expected an array of strings';
  const choices = isLoose(field.items) ? multiSelectChoices(field.items) : undefined;
  if (choices === undefined) return 'the requested schema has no choices for this multi-select field';
  const unknown = value.filter((item) => !choices.includes(item));
  if (unknown.length > 0) return `every item must be one of ${listChoices(choices)}`;
  if (typeof field.minItems === 'number' && value.length < field.minItems)
    return `must have at least ${field.minItems} items`;
  if (typeof field.maxItems === 'number' && value.length > field.maxItems)
    return `must have at most ${field.maxItems} items`;
  return undefined;
}

/** The values of `enum` (plain or legacy titled) or `oneOf` (titled); `undefined` for a free string. */
function singleSelectChoices(field: Loose): string[] | undefined {
  if (Array.isArray(field.enum)) return field.enum.filter((v): v is string => typeof v === 'string');
  if (Array.isArray(field.oneOf)) return consts(field.oneOf);
  return undefined;
}

/** The values of `items.enum` (untitled) or `items.anyOf` (titled). */
function multiSelectChoices(items: Loose): string[] | undefined {
  if (Array.isArray(items.enum)) return items.enum.filter((v): v is string => typeof v === 'string');
  if (Array.isArray(items.anyOf)) return consts(items.anyOf);
  return undefined;
}

function consts(options: unknown[]): string[] {
  return options.flatMap((option) => (isLoose(option) && typeof option.const === 'string' ? [option.const] : []));
}

function listChoices(choices: string[]): string {
  const shown = choices.slice(0, 10).map((c) => JSON.stringify(c));
  return choices.length > 10 ? `${shown.join(', ')}, ... (${choices.length} in all)` : shown.join(', ');
}

const compiled = new Map<string, RegExp | undefined>();

/** A server's `pattern` as a regular expression; `undefined` (no check) when it does not compile. */
function compile(source: string): RegExp | undefined {
  if (!compiled.has(source)) {
    let pattern: RegExp | undefined;
    try {
      pattern = new RegExp(source, 'u');
    } catch {
      pattern = undefined;
    }
    if (compiled.size > 100) compiled.clear();
    compiled.set(source, pattern);
  }
  return compiled.get(source);
}

function path(name: string): string {
  return /^[A-Za-z_$][\w$]*$/.test(name) ? `content.${name}` : `content[${JSON.stringify(name)}]`;
}

function isLoose(value: unknown): value is Loose {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

interface Format {
  expected: string;
  test(value: string): boolean;
}

const EMAIL = /^[^\s@]+@[^\s@.]+(\.[^\s@.]+)*$/;
// An absolute URI (RFC 3986): a scheme, a colon, then no whitespace.
const URI = /^[A-Za-z][A-Za-z0-9+.-]*:\S*$/;
const DATE = /^(\d{4})-(\d{2})-(\d{2})$/;
const DATE_TIME = /^(\d{4}-\d{2}-\d{2})[Tt](\d{2}):(\d{2}):(\d{2})(\.\d+)?(?:[Zz]|[+-](\d{2}):(\d{2}))$/;

/** The string formats the spec allows, checked the way a form would: shape and calendar, not deliverability. */
const FORMATS: Readonly<Record<string, Format>> = {
  email: { expected: 'an email address', test: (v) => EMAIL.test(v) },
  uri: { expected: 'an absolute URI', test: (v) => URI.test(v) },
  date: { expected: 'a date (YYYY-MM-DD)', test: isDate },
  'date-time': { expected: 'a date and time (RFC 3339, e.g. 2025-01-31T09:30:00Z)', test: isDateTime },
};

function isDate(value: string): boolean {
  const match = DATE.exec(value);
  if (!match) return false;
  const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])];
  return month >= 1 && month <= 12 && day >= 1 && day <= daysInMonth(year, month);
}

function isDateTime(value: string): boolean {
  const match = DATE_TIME.exec(value);
  if (!match || !isDate(match[1]!)) return false;
  const [hour, minute, second] = [Number(match[2]), Number(match[3]), Number(match[4])];
  // Second 60 is a leap second, which RFC 3339 allows.
  if (hour > 23 || minute > 59 || second > 60) return false;
  if (match[6] !== undefined && (Number(match[6]) > 23 || Number(match[7]) > 59)) return false;
  return true;
}

function daysInMonth(year: number, month: number): number {
  if (month === 2) return (year % 4 === 0 && year % 100 !== 0) || year % 400 === 0 ? 29 : 28;
  return [4, 6, 9, 11].includes(month) ? 30 : 31;
}
