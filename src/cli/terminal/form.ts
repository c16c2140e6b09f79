/**
 * The elicitation form: a server asks the user for some values (`elicitation/create` in form
 * mode). The user first sees which server asks and why, and chooses to answer or decline; then
 * one prompt per field (defaults filled in, each answer checked as typed and asked again with
 * the reason); then reviews the answers and sends them, changes them, or declines. The choices
 * that send (the review's, and the start of a form without fields) start on a choice that
 * sends nothing, and keys typed before them are dropped.
 *
 * Esc at any prompt cancels (`{ action: 'cancel' }`: dismissed without a choice, as MCP says of
 * Escape); Ctrl-C rejects with an `InterruptedError` (the caller answers `cancel` and stops).
 * @module
 */
import type { ElicitRequestFormParams, ElicitResult, ElicitValue } from 'mcpkit';
import { formFields, loadFormatChecks, type Field } from './form-fields.js';
import { ask, show, textMessage } from './prompt.js';
import { oneLine, paragraph } from './text.js';

export interface FormOptions {
  /** The server's name, shown as the one asking (MCP wants the user to know who asks). */
  server?: string;
  /** Aborts when the server gives the request up: the prompt closes and `askForm` rejects with its reason. */
  signal?: AbortSignal;
}

/** Stands for "no answer" among the choices of an optional field. */
const NO_ANSWER = '\u0000no answer';

/**
 * Asks the user to fill in the form `params` describes. Rejects with a `FormSchemaError`,
 * before showing anything, when the schema is not one a form can show.
 */
export async function askForm(params: ElicitRequestFormParams, options: FormOptions = {}): Promise<ElicitResult> {
  const fields = formFields(params.requestedSchema, await loadFormatChecks());
  const who = options.server !== undefined ? `Server "${oneLine(options.server, 80)}"` : 'A server';
  await show([`${who} asks for information:`, paragraph(String(params.message ?? ''))]);
  const signal = options.signal;

  const start = await ask<'answer' | 'decline'>(
    (clack, streams) =>
      clack.select({
        ...streams,
        message: fields.length === 0 ? 'Accept? (Esc: cancel)' : 'Answer? (Esc: cancel)',
        options: [
          {
            value: 'answer' as const,
            label:
              fields.length === 0 ? 'Accept' : `Answer (${fields.length} question${fields.length === 1 ? '' : 's'})`,
          },
          { value: 'decline' as const, label: 'Decline' },
        ],
        // A form without fields is accepted by its first choice: Enter alone must not send it.
        ...(fields.length === 0 && { initialValue: 'decline' as const }),
        showInstructions: false,
      }),
    { signal, discardTypedAhead: true },
  );
  if (start.kind !== 'answer') return { action: 'cancel' };
  if (start.value === 'decline') return { action: 'decline' };
  if (fields.length === 0) return { action: 'accept', content: {} };

  const answers: Record<string, ElicitValue> = {};
  for (;;) {
    for (const field of fields) {
      const answer = await askField(field, answers[field.key], signal);
      if (answer === 'escape') return { action: 'cancel' };
      if (answer === undefined) delete answers[field.key];
      else answers[field.key] = answer;
    }
    await show(['Your answers:', ...fields.map((field) => `  ${field.label}: ${shown(field, answers[field.key])}`)]);
    const review = await ask<'send' | 'change' | 'decline'>(
      (clack, streams) =>
        clack.select({
          ...streams,
          message: 'Send these answers? (Esc: cancel)',
          options: [
            { value: 'send' as const, label: 'Send' },
            { value: 'change' as const, label: 'Change them' },
            { value: 'decline' as const, label: 'Decline' },
          ],
          // Enter alone sends nothing and loses nothing: it goes back over the answers.
          initialValue: 'change' as const,
          showInstructions: false,
        }),
      { signal, discardTypedAhead: true },
    );
    if (review.kind !== 'answer') return { action: 'cancel' };
    if (review.value === 'send') return { action: 'accept', content: { ...answers } };
    if (review.value === 'decline') return { action: 'decline' };
  }
}

/** The question of a field: its label, whether it must be answered, its description and rule. */
function question(field: Field): string {
  const hint = field.kind === 'text' || field.kind === 'multi' ? field.hint : undefined;
  return [
    `${field.label}${field.required ? ' (required)' : ''}`,
    ...(field.description !== undefined ? [field.description] : []),
    ...(hint !== undefined ? [`(${hint})`] : []),
  ].join('\n');
}

/**
 * Asks one field, starting from `previous` (an earlier answer) or its default. Resolves the
 * answer, `undefined` when left empty, or `'escape'`.
 */
async function askField(
  field: Field,
  previous: ElicitValue | undefined,
  signal: AbortSignal | undefined,
): Promise<ElicitValue | undefined | 'escape'> {
  const message = question(field);
  switch (field.kind) {
    case 'text': {
      const outcome = await ask(
        (clack, streams) =>
          clack.text({
            ...streams,
            message: textMessage(message),
            initialValue: previous !== undefined ? String(previous) : (field.initial ?? ''),
            validate: (text) => {
              const parsed = field.parse(text ?? '');
              return 'error' in parsed ? parsed.error : undefined;
            },
          }),
        { signal },
      );
      if (outcome.kind !== 'answer') return 'escape';
      const parsed = field.parse(outcome.value);
      return 'value' in parsed ? parsed.value : undefined;
    }
    case 'boolean':
    case 'choice': {
      const options =
        field.kind === 'boolean'
          ? [
              { value: 'true', label: 'Yes' },
              { value: 'false', label: 'No' },
            ]
          : field.options;
      const initial = previous ?? field.initial;
      const outcome = await ask(
        (clack, streams) =>
          clack.select<string>({
            ...streams,
            message,
            options: field.required ? options : [...options, { value: NO_ANSWER, label: '(no answer)' }],
            ...(initial !== undefined ? { initialValue: String(initial) } : {}),
            showInstructions: false,
          }),
        { signal },
      );
      if (outcome.kind !== 'answer') return 'escape';
      if (outcome.value === NO_ANSWER) return undefined;
      return field.kind === 'boolean' ? outcome.value === 'true' : outcome.value;
    }
    case 'multi': {
      let chosen = Array.isArray(previous) ? previous : field.initial;
      for (;;) {
        const initialValues = chosen;
        const outcome = await ask(
          (clack, streams) =>
            clack.multiselect<string>({
              ...streams,
              message: `${message}\n(space: choose, enter: done)`,
              options: field.options,
              initialValues,
              required: false,
              showInstructions: false,
            }),
          { signal },
        );
        if (outcome.kind !== 'answer') return 'escape';
        // The prompt library checks no bounds on a multiple choice: asked again with the reason.
        const problem = field.check(outcome.value);
        if (problem === undefined) return outcome.value.length === 0 && !field.required ? undefined : outcome.value;
        await show([`${field.label}: ${problem}.`], 0);
        chosen = outcome.value;
      }
    }
  }
}

/** An answer as the review shows it. */
function shown(field: Field, value: ElicitValue | undefined): string {
  if (value === undefined) return '(no answer)';
  if (typeof value === 'boolean') return value ? 'yes' : 'no';
  if (field.kind === 'choice' || field.kind === 'multi') {
    const values = Array.isArray(value) ? value : [String(value)];
    if (values.length === 0) return '(none)';
    return values.map((v) => field.options.find((o) => o.value === v)?.label ?? oneLine(v, 80)).join(', ');
  }
  return oneLine(String(value));
}
