/**
 * What the user has typed into a form's fields (drafts: text as typed, choices by position),
 * kept apart from the values sent: a draft is read into the tool's arguments only when every
 * field checks out, and each problem is said next to its field and beside `Run`. Drafts are
 * also made from values (defaults, and raw JSON turned back into the form). Pure.
 * @module
 */
import { fromLocal, toLocal } from './date-time.js';
import { exactNumber } from './exact-number.js';
import type { ChoiceField, Field, MultiField, NumberField, StringField } from './schema-fields.js';
import { isSchema } from './schema-fields.js';

/** A field's draft: its shape follows the field's kind. */
export type Draft =
  | { kind: 'text'; text: string }
  | { kind: 'boolean'; value: boolean | undefined }
  /** The chosen option's position; -1 when none is. */
  | { kind: 'choice'; index: number }
  | { kind: 'multi'; chosen: number[] }
  | { kind: 'list'; items: Draft[] }
  /** The drafts of the object's fields, in their order. */
  | { kind: 'object'; fields: Draft[] }
  /** The chosen variant (-1: none) and a draft for each variant, kept while another is chosen. */
  | { kind: 'union'; index: number; drafts: Draft[] };

/** Something wrong with a draft: the field's id, its path in words, and what is wrong. */
export interface Problem {
  id: string;
  path: string;
  message: string;
}

/** A field's draft before anything is typed: its default, else empty (a required boolean is false). */
export function initialDraft(field: Field): Draft {
  if (field.default !== undefined) {
    const made = draftOf(field, field.default.value);
    if ('draft' in made) return made.draft;
  }
  return emptyDraft(field);
}

/**
 * What a click on a checkbox makes its value. A required one toggles. An optional one may also
 * be unset (not sent): without a default it cycles unset → on → off, with one it goes from the
 * default to its opposite, then unset; so the first click always turns the box over.
 */
export function nextBoolean(field: Field, value: boolean | undefined): boolean | undefined {
  if (field.required) return value !== true;
  const start = typeof field.default?.value === 'boolean' ? field.default.value : undefined;
  const cycle = start === undefined ? [undefined, true, false] : [start, !start, undefined];
  return cycle[(cycle.indexOf(value) + 1) % cycle.length];
}

function emptyDraft(field: Field): Draft {
  switch (field.kind) {
    case 'boolean':
      return { kind: 'boolean', value: field.required ? false : undefined };
    case 'choice':
      return { kind: 'choice', index: -1 };
    case 'multi':
      return { kind: 'multi', chosen: [] };
    case 'list':
      return { kind: 'list', items: [] };
    case 'object':
      return { kind: 'object', fields: field.fields.map(initialDraft) };
    case 'union':
      return { kind: 'union', index: field.required ? 0 : -1, drafts: field.variants.map(initialDraft) };
    default:
      return { kind: 'text', text: '' };
  }
}

/** The draft that shows `value` in `field`, or why the field cannot show it. */
export function draftOf(field: Field, value: unknown): { draft: Draft } | { error: string } {
  const wrong = (what: string) => ({ error: `${field.label || 'the arguments'}: ${what}` });
  switch (field.kind) {
    case 'string':
      if (typeof value !== 'string') return wrong('is not a string');
      if (field.input !== 'datetime-local') return { draft: { kind: 'text', text: value } };
      return ((local) => (local === undefined ? wrong('is not a date and time') : { draft: text(local) }))(
        toLocal(value),
      );
    case 'number':
      return typeof value === 'number' ? { draft: text(String(value)) } : wrong('is not a number');
    case 'boolean':
      return typeof value === 'boolean' ? { draft: { kind: 'boolean', value } } : wrong('is not true or false');
    case 'choice': {
      const index = field.options.findIndex((o) => sameJson(o.value, value));
      return index === -1
        ? wrong(`${JSON.stringify(value)} is not one of its choices`)
        : { draft: { kind: 'choice', index } };
    }
    case 'multi':
      return multiDraft(field, value, wrong);
    case 'list':
      return listDraft(field, value, wrong);
    case 'object':
      return objectDraft(field, value, wrong);
    case 'union':
      return unionDraft(field, value, wrong);
    case 'json':
      return { draft: text(JSON.stringify(value, null, 2)) };
  }
}

function text(value: string): Draft {
  return { kind: 'text', text: value };
}

type Made = { draft: Draft } | { error: string };

function multiDraft(field: MultiField, value: unknown, wrong: (what: string) => Made): Made {
  if (!Array.isArray(value)) return wrong('is not a list');
  const chosen: number[] = [];
  for (const each of value) {
    const index = field.options.findIndex((o) => o.value === each);
    if (index === -1) return wrong(`${JSON.stringify(each)} is not one of its choices`);
    if (!chosen.includes(index)) chosen.push(index);
  }
  return { draft: { kind: 'multi', chosen: chosen.sort((a, b) => a - b) } };
}

function listDraft(field: Field & { kind: 'list' }, value: unknown, wrong: (what: string) => Made): Made {
  if (!Array.isArray(value)) return wrong('is not a list');
  const items: Draft[] = [];
  for (const each of value) {
    const made = draftOf(field.item, each);
    if ('error' in made) return made;
    items.push(made.draft);
  }
  return { draft: { kind: 'list', items } };
}

function objectDraft(field: Field & { kind: 'object' }, value: unknown, wrong: (what: string) => Made): Made {
  if (!isSchema(value)) return wrong('is not an object');
  const known = new Set(field.fields.map((f) => f.name));
  const unknown = Object.keys(value).find((key) => !known.has(key));
  if (unknown !== undefined) return wrong(`the form has no field "${unknown}"`);
  const fields: Draft[] = [];
  for (const each of field.fields) {
    if (!Object.hasOwn(value, each.name)) {
      fields.push(emptyDraft(each));
      continue;
    }
    const made = draftOf(each, value[each.name]);
    if ('error' in made) return made;
    fields.push(made.draft);
  }
  return { draft: { kind: 'object', fields } };
}

/** The first variant that shows the value is chosen. */
function unionDraft(field: Field & { kind: 'union' }, value: unknown, wrong: (what: string) => Made): Made {
  for (const [index, variant] of field.variants.entries()) {
    const made = draftOf(variant, value);
    if ('draft' in made && readDraft(variant, made.draft).problems.length === 0) {
      const drafts = field.variants.map((v, i) => (i === index ? made.draft : initialDraft(v)));
      return { draft: { kind: 'union', index, drafts } };
    }
  }
  return wrong('fits none of its variants');
}

/** The value a draft reads as (`undefined`: left out), and what is wrong with it. */
export function readDraft(field: Field, draft: Draft, path = field.label): { value?: unknown; problems: Problem[] } {
  const problem = leafProblem(field, draft);
  if (problem !== undefined) return { problems: [{ id: field.id, path, message: problem }] };
  switch (draft.kind) {
    case 'text':
      return { value: textValue(field, draft.text), problems: [] };
    case 'boolean':
      return { value: draft.value, problems: [] };
    case 'choice':
      return {
        value: draft.index === -1 ? undefined : (field as ChoiceField).options[draft.index]?.value,
        problems: [],
      };
    case 'multi':
      return multiValue(field as MultiField, draft.chosen);
    case 'list':
      return listValue(field as Field & { kind: 'list' }, draft.items, path);
    case 'object':
      return objectValue(field as Field & { kind: 'object' }, draft.fields, path);
    case 'union':
      return unionValue(field as Field & { kind: 'union' }, draft, path);
  }
}

function multiValue(field: MultiField, chosen: number[]): { value?: unknown; problems: Problem[] } {
  if (chosen.length === 0 && !field.required) return { problems: [] };
  return { value: chosen.map((i) => field.options[i]?.value), problems: [] };
}

function listValue(
  field: Field & { kind: 'list' },
  items: Draft[],
  path: string,
): { value?: unknown; problems: Problem[] } {
  if (items.length === 0 && !field.required) return { problems: [] };
  const problems: Problem[] = [];
  const value = items.map((item, i) => {
    const row = rowField(field, i);
    const read = readDraft(row, item, `${path} ${i + 1}`);
    problems.push(...read.problems);
    return read.value;
  });
  return { value, problems };
}

/** An optional union left empty is left out; a required one needs a variant. */
function unionValue(field: Field & { kind: 'union' }, draft: Draft & { kind: 'union' }, path: string) {
  const variant = field.variants[draft.index];
  const chosen = draft.drafts[draft.index];
  if (!field.required && isBlank(field, draft)) return { problems: [] };
  if (variant === undefined || chosen === undefined)
    return { problems: [{ id: field.id, path, message: 'needs a variant chosen' }] };
  return readDraft(variant, chosen, path);
}

/** The field of a list's row `i`: the item's, with its own id and label. */
export function rowField(field: Field & { kind: 'list' }, i: number): Field {
  return { ...field.item, id: `${field.id}-${i}`, label: `${field.label} ${i + 1}` };
}

/** An object left out when it is optional and nothing in it was filled. */
function objectValue(field: Field & { kind: 'object' }, drafts: Draft[], path: string) {
  if (!field.required && field.fields.every((f, i) => isBlank(f, drafts[i]))) return { problems: [] };
  const value: Record<string, unknown> = {};
  const problems: Problem[] = [];
  field.fields.forEach((child, i) => {
    const read = readDraft(
      child,
      drafts[i] ?? initialDraft(child),
      path === '' ? child.label : `${path} › ${child.label}`,
    );
    problems.push(...read.problems);
    // Defined, not assigned: a property named __proto__ stays a property.
    if (read.value !== undefined)
      Object.defineProperty(value, child.name, {
        value: read.value,
        enumerable: true,
        writable: true,
        configurable: true,
      });
  });
  return { value, problems };
}

/** Whether nothing was filled in: empty text, no choice, an unset (or a required, unticked) box. */
export function isBlank(field: Field, draft: Draft | undefined): boolean {
  if (draft === undefined) return true;
  switch (draft.kind) {
    case 'text':
      return field.kind === 'string' ? draft.text === '' : draft.text.trim() === '';
    case 'boolean':
      return draft.value === undefined || (field.required && !draft.value);
    case 'choice':
      return draft.index === -1;
    case 'multi':
      return draft.chosen.length === 0;
    case 'list':
      return draft.items.length === 0;
    case 'object':
      return field.kind === 'object' && field.fields.every((f, i) => isBlank(f, draft.fields[i]));
    case 'union': {
      const variant = field.kind === 'union' ? field.variants[draft.index] : undefined;
      return variant === undefined || isBlank(variant, draft.drafts[draft.index]);
    }
  }
}

function textValue(field: Field, typed: string): unknown {
  if (isBlank(field, { kind: 'text', text: typed })) return undefined;
  if (field.kind === 'number') return (exactNumber(typed) as { value: number }).value;
  if (field.kind === 'json') return JSON.parse(typed) as unknown;
  if (field.kind === 'string' && field.input === 'datetime-local') return fromLocal(typed);
  return typed;
}

/**
 * What is wrong with one field's own draft, in words (`is required`, `is not a number`), or
 * `undefined`. Lists, objects and unions check their parts in {@link readDraft}.
 */
export function leafProblem(field: Field, draft: Draft): string | undefined {
  const whole = draft.kind === 'boolean' || draft.kind === 'object' || draft.kind === 'union';
  if (!whole && field.required && isBlank(field, draft)) {
    return draft.kind === 'multi' || draft.kind === 'list' ? countProblem(field, 0) : 'is required';
  }
  switch (draft.kind) {
    case 'text':
      return isBlank(field, draft) ? undefined : textProblem(field, draft.text);
    case 'multi':
      return countProblem(field, draft.chosen.length);
    case 'list':
      return draft.items.length === 0 && !field.required ? undefined : countProblem(field, draft.items.length);
    default:
      return undefined;
  }
}

function countProblem(field: Field, count: number): string | undefined {
  if (field.kind !== 'multi' && field.kind !== 'list') return undefined;
  if (field.minItems !== undefined && count < field.minItems) return `needs at least ${field.minItems}`;
  if (field.maxItems !== undefined && count > field.maxItems) return `takes at most ${field.maxItems}`;
  return undefined;
}

function textProblem(field: Field, typed: string): string | undefined {
  if (field.kind === 'number') return numberProblem(field, typed);
  if (field.kind === 'string') return stringProblem(field, typed);
  if (field.kind !== 'json' || typed.trim() === '') return undefined;
  try {
    JSON.parse(typed);
    return undefined;
  } catch (error) {
    return `is not valid JSON (${(error as Error).message})`;
  }
}

function numberProblem(field: NumberField, typed: string): string | undefined {
  const read = exactNumber(typed);
  if ('error' in read) return read.error;
  const n = read.value;
  if (field.integer && !Number.isInteger(n)) return 'must be a whole number';
  if (field.minimum !== undefined && n < field.minimum) return `must be at least ${field.minimum}`;
  if (field.maximum !== undefined && n > field.maximum) return `must be at most ${field.maximum}`;
  if (field.exclusiveMinimum !== undefined && n <= field.exclusiveMinimum)
    return `must be more than ${field.exclusiveMinimum}`;
  if (field.exclusiveMaximum !== undefined && n >= field.exclusiveMaximum)
    return `must be less than ${field.exclusiveMaximum}`;
  return undefined;
}

const FORMAT_CHECKS: Partial<Record<StringField['input'], [RegExp | ((text: string) => boolean), string]>> = {
  email: [/^[^\s@]+@[^\s@]+$/, 'is not an email address'],
  url: [(t) => URL.canParse(t), 'is not a URL'],
  date: [/^\d{4}-\d{2}-\d{2}$/, 'is not a date (YYYY-MM-DD)'],
  'datetime-local': [(t) => fromLocal(t) !== undefined, 'is not a date and time'],
};

function stringProblem(field: StringField, typed: string): string | undefined {
  const length = [...typed].length;
  if (field.minLength !== undefined && length < field.minLength)
    return `needs at least ${field.minLength} character${field.minLength === 1 ? '' : 's'}`;
  if (field.maxLength !== undefined && length > field.maxLength) return `takes at most ${field.maxLength} characters`;
  const format = FORMAT_CHECKS[field.input];
  if (format !== undefined) {
    const [check, message] = format;
    if (!(typeof check === 'function' ? check(typed) : check.test(typed))) return message;
  }
  if (field.pattern !== undefined && !matches(field.pattern, typed)) return `does not match ${field.pattern}`;
  return undefined;
}

/** Whether `text` matches a schema's pattern; a pattern JavaScript cannot read checks nothing. */
function matches(pattern: string, text: string): boolean {
  try {
    return new RegExp(pattern, 'u').test(text);
  } catch {
    return true;
  }
}

/** Whether two JSON values are the same. */
function sameJson(a: unknown, b: unknown): boolean {
  return a === b || JSON.stringify(a) === JSON.stringify(b);
}

/** The tool's arguments from the form's draft, or every problem. */
export function argumentsOf(
  form: Field & { kind: 'object' },
  draft: Draft,
): { value: Record<string, unknown> } | { problems: Problem[] } {
  const read = readDraft({ ...form, required: true }, draft, '');
  if (read.problems.length > 0) return { problems: read.problems };
  return { value: (read.value ?? {}) as Record<string, unknown> };
}

/** What of the arguments reads already, problems left out: the raw JSON a form switches to. */
export function partialArguments(form: Field & { kind: 'object' }, draft: Draft): Record<string, unknown> {
  const read = readDraft({ ...form, required: true }, draft, '');
  return isSchema(read.value) ? read.value : {};
}

/** The arguments typed as raw JSON, or why they are not a JSON object. */
export function rawArguments(text: string): { value: Record<string, unknown> } | { problems: Problem[] } {
  const problem = (message: string) => ({ problems: [{ id: 'arg-raw', path: 'Arguments', message }] });
  let value: unknown;
  try {
    value = text.trim() === '' ? {} : JSON.parse(text);
  } catch (error) {
    return problem(`are not valid JSON (${(error as Error).message})`);
  }
  return isSchema(value) ? { value } : problem('must be a JSON object');
}
