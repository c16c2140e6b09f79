/**
 * A tool's `inputSchema` read as the fields of a form: strings (with their format), numbers,
 * booleans, choices, lists of values, groups of checkboxes, nested objects, a choice between
 * `oneOf`/`anyOf` variants, and, for what no control fits, a JSON text. Local `$ref`s are
 * followed (a reference to itself becomes a JSON field), and nesting stops at a depth limit.
 * Pure: the page renders the fields, and field-drafts.ts reads what was typed into them.
 * @module
 */

/** A JSON Schema, as far as the form reads one. */
export type Schema = Record<string, unknown>;

/** What every field has. */
interface FieldBase {
  /** The argument's name (the property's key), or the row's or variant's name. */
  name: string;
  /** What its control is labelled by: the name for arguments. */
  label: string;
  /** The control's element id, unique in the form. */
  id: string;
  description?: string;
  required: boolean;
  /** The schema's `default`, when it has one. */
  default?: { value: unknown };
}

/** How a string is typed: the `<input>` type, or a text area. */
export type StringInput = 'text' | 'email' | 'url' | 'date' | 'datetime-local' | 'textarea';

export interface StringField extends FieldBase {
  kind: 'string';
  input: StringInput;
  minLength?: number;
  maxLength?: number;
  pattern?: string;
}

export interface NumberField extends FieldBase {
  kind: 'number';
  integer: boolean;
  minimum?: number;
  maximum?: number;
  exclusiveMinimum?: number;
  exclusiveMaximum?: number;
}

export interface BooleanField extends FieldBase {
  kind: 'boolean';
}

/** One value to choose, and what the user reads for it. */
export interface Option {
  value: unknown;
  label: string;
}

/** One of a few values: radio buttons when there are at most four, else a select. */
export interface ChoiceField extends FieldBase {
  kind: 'choice';
  options: Option[];
  widget: 'radio' | 'select';
}

/** Any number of values from a list: a group of checkboxes. */
export interface MultiField extends FieldBase {
  kind: 'multi';
  options: Option[];
  minItems?: number;
  maxItems?: number;
}

/** A list of plain values: rows added and removed. */
export interface ListField extends FieldBase {
  kind: 'list';
  /** The field of every row (its id and label are the first row's; rows derive theirs). */
  item: Field;
  minItems?: number;
  maxItems?: number;
}

export interface ObjectField extends FieldBase {
  kind: 'object';
  fields: Field[];
}

/** One of several schemas (`oneOf`, `anyOf`, several types): which, then its field. */
export interface UnionField extends FieldBase {
  kind: 'union';
  variants: Field[];
}

/** JSON typed as text: what the form has no control for. */
export interface JsonField extends FieldBase {
  kind: 'json';
  /** Why there is no control for it, in words. */
  reason: string;
}

export type Field =
  | StringField
  | NumberField
  | BooleanField
  | ChoiceField
  | MultiField
  | ListField
  | ObjectField
  | UnionField
  | JsonField;

/** How deep objects nest before the rest is typed as JSON. */
export const MAX_DEPTH = 4;
/** Choices with at most this many options are radio buttons. */
export const RADIO_LIMIT = 4;

/** Where a field is read: the whole schema (for `$ref`), the references being followed, the depth. */
interface Reading {
  root: Schema;
  refs: string[];
  depth: number;
}

/** The form of a tool's `inputSchema`: one object field whose fields are the arguments. */
export function formOf(inputSchema: unknown): ObjectField {
  const root = isSchema(inputSchema) ? inputSchema : {};
  const base: FieldBase = { name: '', label: 'Arguments', id: 'arg', required: true };
  const resolved = resolve(root, { root, refs: [], depth: 0 });
  if ('problem' in resolved) return { ...base, kind: 'object', fields: [] };
  return { ...base, kind: 'object', fields: propertyFields(resolved.schema, 'arg', resolved.reading) };
}

/** The fields of an object schema's `properties`, in order. */
function propertyFields(schema: Schema, id: string, reading: Reading): Field[] {
  const properties = isSchema(schema.properties) ? schema.properties : {};
  const required = new Set(Array.isArray(schema.required) ? schema.required : []);
  return Object.entries(properties).map(([key, property], index) =>
    fieldOf(property, { name: key, label: key, id: `${id}-${index}`, required: required.has(key) }, reading),
  );
}

/** The field of one schema. */
function fieldOf(schema: unknown, at: Omit<FieldBase, 'description' | 'default'>, reading: Reading): Field {
  const resolved = resolve(schema, reading);
  if ('problem' in resolved) return { ...at, kind: 'json', reason: resolved.problem };
  const s = resolved.schema;
  const base: FieldBase = {
    ...at,
    ...(typeof s.description === 'string' && s.description.trim() !== '' ? { description: s.description } : {}),
    ...('default' in s ? { default: { value: s.default } } : {}),
  };
  return typedField(s, base, resolved.reading);
}

function typedField(s: Schema, base: FieldBase, reading: Reading): Field {
  const options = choiceOptions(s);
  if (options !== undefined) return { ...base, kind: 'choice', options, widget: widgetFor(options) };
  const variants = s.oneOf ?? s.anyOf;
  if (Array.isArray(variants)) return unionField(variants, base, reading);
  if (Array.isArray(s.type)) {
    const { type: types, title: _title, ...rest } = s as { type: unknown[]; title?: unknown };
    return unionField(
      types.map((type) => ({ ...rest, type })),
      base,
      reading,
    );
  }
  if (s.allOf !== undefined || s.not !== undefined || s.if !== undefined)
    return { ...base, kind: 'json', reason: 'its schema combines schemas' };
  switch (s.type ?? (s.properties !== undefined ? 'object' : undefined)) {
    case 'string':
      return stringField(s, base);
    case 'number':
    case 'integer':
      return { ...base, kind: 'number', integer: s.type === 'integer', ...numbers(s, NUMBER_BOUNDS) };
    case 'boolean':
      return { ...base, kind: 'boolean' };
    case 'array':
      return arrayField(s, base, reading);
    case 'object':
      return objectField(s, base, reading);
    default:
      return { ...base, kind: 'json', reason: s.type === undefined ? 'its schema has no type' : 'of its type' };
  }
}

const NUMBER_BOUNDS = ['minimum', 'maximum', 'exclusiveMinimum', 'exclusiveMaximum'] as const;
const LENGTHS = ['minLength', 'maxLength'] as const;
const COUNTS = ['minItems', 'maxItems'] as const;

/** The keys of `keys` whose values in `s` are finite numbers. */
function numbers<K extends string>(s: Schema, keys: readonly K[]): Partial<Record<K, number>> {
  const found: Partial<Record<K, number>> = {};
  for (const key of keys) {
    const value = s[key];
    if (typeof value === 'number' && Number.isFinite(value)) found[key] = value;
  }
  return found;
}

const FORMAT_INPUTS: Record<string, StringInput> = {
  email: 'email',
  uri: 'url',
  url: 'url',
  date: 'date',
  'date-time': 'datetime-local',
};

/** Long strings get a text area; short, formatted or patterned ones an input. */
function stringField(s: Schema, base: FieldBase): StringField {
  const lengths = numbers(s, LENGTHS);
  const formatted = typeof s.format === 'string' ? FORMAT_INPUTS[s.format] : undefined;
  const short = lengths.maxLength !== undefined && lengths.maxLength <= 200;
  const input = formatted ?? (short || typeof s.pattern === 'string' ? 'text' : 'textarea');
  return {
    ...base,
    kind: 'string',
    input,
    ...lengths,
    ...(typeof s.pattern === 'string' ? { pattern: s.pattern } : {}),
  };
}

function arrayField(s: Schema, base: FieldBase, reading: Reading): Field {
  const counts = numbers(s, COUNTS);
  const resolved = resolve(s.items, reading);
  if ('problem' in resolved) return { ...base, kind: 'json', reason: resolved.problem };
  const options = choiceOptions(resolved.schema);
  if (options !== undefined && options.every((o) => typeof o.value === 'string'))
    return { ...base, kind: 'multi', options, ...counts };
  const at = { name: base.name, label: `${base.label} 1`, id: `${base.id}-0`, required: true };
  const item = fieldOf(resolved.schema, at, { ...resolved.reading, depth: reading.depth + 1 });
  // Rows stay one line each: a choice in a row is a select.
  if (item.kind === 'choice') return { ...base, kind: 'list', item: { ...item, widget: 'select' }, ...counts };
  if (item.kind === 'string' || item.kind === 'number' || item.kind === 'boolean')
    return { ...base, kind: 'list', item, ...counts };
  return { ...base, kind: 'json', reason: 'it is a list of values that are not plain' };
}

function objectField(s: Schema, base: FieldBase, reading: Reading): Field {
  if (!isSchema(s.properties) || Object.keys(s.properties).length === 0)
    return { ...base, kind: 'json', reason: 'it is an object without named properties' };
  if (reading.depth >= MAX_DEPTH) return { ...base, kind: 'json', reason: 'it is nested too deep for the form' };
  return { ...base, kind: 'object', fields: propertyFields(s, base.id, { ...reading, depth: reading.depth + 1 }) };
}

/** A choice between variants; nullable unions (`X` or `null`) are read as `X`. */
function unionField(variants: unknown[], base: FieldBase, reading: Reading): Field {
  const kept = variants.filter((v) => !(isSchema(v) && v.type === 'null'));
  if (kept.length === 0) return { ...base, kind: 'json', reason: 'it can only be null' };
  if (kept.length === 1) {
    const only = fieldOf(kept[0], base, reading);
    return { ...only, ...(base.description !== undefined ? { description: base.description } : {}) };
  }
  const names = kept.map((v, index) => variantName(v, index));
  const fields = kept.map((variant, index) => {
    const name = names.indexOf(names[index]!) === index ? names[index]! : `${names[index]!} ${index + 1}`;
    return fieldOf(variant, { name, label: name, id: `${base.id}-v${index}`, required: true }, reading);
  });
  return { ...base, kind: 'union', variants: fields };
}

/** What a variant is called: its title, its reference's last part, its type, or its place. */
function variantName(variant: unknown, index: number): string {
  if (!isSchema(variant)) return `option ${index + 1}`;
  if (typeof variant.title === 'string' && variant.title.trim() !== '') return variant.title;
  if (typeof variant.$ref === 'string') return variant.$ref.split('/').pop() || `option ${index + 1}`;
  if (typeof variant.type === 'string') return variant.type;
  return `option ${index + 1}`;
}

/**
 * The options of a choice: `enum` (labelled by the legacy `enumNames` when given), `const`,
 * or `oneOf`/`anyOf` whose every member is a `{ const, title }`. `undefined` when not a choice.
 */
export function choiceOptions(s: Schema): Option[] | undefined {
  if (Array.isArray(s.enum) && s.enum.length > 0) {
    const names = Array.isArray(s.enumNames) ? s.enumNames : [];
    return s.enum.map((value: unknown, i) => ({
      value,
      label: typeof names[i] === 'string' ? names[i] : shown(value),
    }));
  }
  if ('const' in s && s.oneOf === undefined && s.anyOf === undefined)
    return [{ value: s.const, label: shown(s.const) }];
  const members = s.oneOf ?? s.anyOf;
  if (!Array.isArray(members) || members.length === 0) return undefined;
  if (!members.every((m) => isSchema(m) && 'const' in m)) return undefined;
  return (members as Schema[]).map((m) => ({
    value: m.const,
    label: typeof m.title === 'string' && m.title.trim() !== '' ? m.title : shown(m.const),
  }));
}

function widgetFor(options: Option[]): 'radio' | 'select' {
  return options.length <= RADIO_LIMIT ? 'radio' : 'select';
}

/** A value as the user reads it: strings as they are, the rest as JSON. */
export function shown(value: unknown): string {
  return typeof value === 'string' ? value : (JSON.stringify(value) ?? String(value));
}

/**
 * The schema a `$ref` points to (only references inside the document: `#`, `#/$defs/...`), with
 * the referring schema's own keywords over it. A reference met again while following it is a
 * cycle: reported, so the field is typed as JSON.
 */
function resolve(schema: unknown, reading: Reading): { schema: Schema; reading: Reading } | { problem: string } {
  if (schema === true || schema === undefined) return { schema: {}, reading };
  if (!isSchema(schema)) return { problem: 'its schema is not an object' };
  const ref = schema.$ref;
  if (typeof ref !== 'string') return { schema, reading };
  if (reading.refs.includes(ref)) return { problem: `it refers to itself (${ref})` };
  const target = pointer(reading.root, ref);
  if (target === undefined) return { problem: `its reference ${ref} is not in the schema` };
  const { $ref: _ref, ...own } = schema;
  return resolve({ ...target, ...own }, { ...reading, refs: [...reading.refs, ref] });
}

/** The schema at a local JSON pointer (`#/$defs/a~1b`), or `undefined`. */
function pointer(root: Schema, ref: string): Schema | undefined {
  if (!ref.startsWith('#')) return undefined;
  let at: unknown = root;
  const path = ref.slice(1);
  if (path !== '' && !path.startsWith('/')) return undefined;
  for (const raw of path === '' ? [] : path.slice(1).split('/')) {
    const part = decodeURIComponent(raw).replaceAll('~1', '/').replaceAll('~0', '~');
    if (!isSchema(at) || !Object.hasOwn(at, part)) return undefined;
    at = at[part];
  }
  return isSchema(at) ? at : undefined;
}

export function isSchema(value: unknown): value is Schema {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/**
 * Whether a tool's arguments have no fixed fields yet may hold something (a map, a union at
 * the root, a schema the form cannot read): then they are typed as raw JSON from the start.
 */
export function freeForm(inputSchema: unknown): boolean {
  if (formOf(inputSchema).fields.length > 0 || !isSchema(inputSchema)) return false;
  const open = inputSchema.additionalProperties !== undefined && inputSchema.additionalProperties !== false;
  const keys = ['oneOf', 'anyOf', 'allOf', 'patternProperties', '$ref', 'if'];
  return open || keys.some((key) => inputSchema[key] !== undefined);
}
