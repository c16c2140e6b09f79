/**
 * The fields of an elicitation form in the page, and the answer they make: the same field model
 * the terminal's forms use (`formFields`, MCP's flat schema subset), with format checks that
 * need no validator library in the browser, and the content of an `accept` built from what the
 * user entered, or the reasons it cannot be sent yet. Pure, so it is tested in Node.
 * @module
 */
import { formFields, type Field, type FormatChecks } from '../../terminal/form-fields.js';

export { FormSchemaError, type Field } from '../../terminal/form-fields.js';

const DATE = /^(\d{4})-(\d{2})-(\d{2})$/;
const DATE_TIME = /^\d{4}-\d{2}-\d{2}[Tt ]\d{2}:\d{2}(:\d{2}(\.\d+)?)?([Zz]|[+-]\d{2}:\d{2})$/;

/** The checks of MCP's string formats, by the letter of RFC 3339 and WHATWG's URL parser. */
export const PAGE_FORMATS: FormatChecks = {
  email: (text) => /^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(text),
  uri: (text) => {
    try {
      return /^[A-Za-z][A-Za-z0-9+.-]*:/.test(text) && new URL(text).protocol !== '';
    } catch {
      return false;
    }
  },
  date: (text) => {
    const match = DATE.exec(text);
    if (match === null) return false;
    const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])];
    const date = new Date(Date.UTC(year, month - 1, day));
    return date.getUTCMonth() === month - 1 && date.getUTCDate() === day;
  },
  'date-time': (text) => DATE_TIME.test(text) && !Number.isNaN(Date.parse(text)),
};

/** The fields of `schema`; throws `FormSchemaError` when it is not one a form can show. */
export function elicitationFields(schema: unknown): Field[] {
  return formFields(schema as Parameters<typeof formFields>[0], PAGE_FORMATS);
}

/** What the user has entered: text for typed fields, a flag, a choice, or choices. */
export type Entered = Record<string, string | boolean | string[] | undefined>;

/** What each field starts with: its default, else empty. */
export function initialEntries(fields: readonly Field[]): Entered {
  const entered: Entered = {};
  for (const field of fields) {
    if (field.kind === 'multi') entered[field.key] = [...field.initial];
    else if (field.kind === 'boolean') entered[field.key] = field.initial ?? false;
    else entered[field.key] = field.initial ?? '';
  }
  return entered;
}

/** The `content` of an accept, or each field's reason it cannot be sent, by key. */
export function answerOf(
  fields: readonly Field[],
  entered: Entered,
): { content: Record<string, unknown> } | { errors: Record<string, string> } {
  const content: Record<string, unknown> = {};
  const errors: Record<string, string> = {};
  for (const field of fields) {
    const value = entered[field.key];
    if (field.kind === 'boolean') content[field.key] = value === true;
    else if (field.kind === 'multi') {
      const chosen = Array.isArray(value) ? value : [];
      const problem = field.check(chosen);
      if (problem !== undefined) errors[field.key] = problem;
      else if (chosen.length > 0 || field.required) content[field.key] = chosen;
    } else if (field.kind === 'choice') {
      const chosen = typeof value === 'string' && value !== '' ? value : undefined;
      if (chosen === undefined && field.required) errors[field.key] = 'a choice is required';
      else if (chosen !== undefined) content[field.key] = chosen;
    } else {
      const parsed = field.parse(typeof value === 'string' ? value : '');
      if ('error' in parsed) errors[field.key] = parsed.error;
      else if (parsed.value !== undefined) content[field.key] = parsed.value;
    }
  }
  return Object.keys(errors).length > 0 ? { errors } : { content };
}
