/**
 * An elicitation's form: a labelled field for each property of `requestedSchema` (text with its
 * format, numbers, a checkbox, a choice, several choices), each field's problem beside it, and
 * `Accept` (with the content), `Decline` and `Cancel`. A schema the form cannot show is said so,
 * and only Decline and Cancel remain.
 * @module
 */
import { useMemo, useState } from 'preact/hooks';
import { RequiredMark } from './completion-input.js';
import { answerOf, elicitationFields, initialEntries, type Entered, type Field } from './elicitation-fields.js';

type Answer = (result: Record<string, unknown>) => void;

export function ElicitationForm({ schema, respond, busy }: { schema: unknown; respond: Answer; busy: boolean }) {
  const built = useMemo(() => {
    try {
      return { fields: elicitationFields(schema) };
    } catch (error) {
      return { problem: (error as Error).message };
    }
  }, [schema]);
  const fields = built.fields ?? [];
  const [entered, setEntered] = useState<Entered>(() => initialEntries(fields));
  const [errors, setErrors] = useState<Record<string, string>>({});
  const accept = (event: Event) => {
    event.preventDefault();
    const answer = answerOf(fields, entered);
    if ('errors' in answer) return setErrors(answer.errors);
    setErrors({});
    respond({ action: 'accept', content: answer.content });
  };
  const set = (key: string, value: Entered[string]) => setEntered((current) => ({ ...current, [key]: value }));
  return (
    <form onSubmit={accept} noValidate>
      {built.problem !== undefined && (
        <p role="alert" class="error">
          This form cannot be shown: {built.problem}
        </p>
      )}
      {fields.map((field) => (
        <FieldInput
          key={field.key}
          field={field}
          schema={propertyOf(schema, field.key)}
          value={entered[field.key]}
          error={errors[field.key]}
          onChange={(value) => set(field.key, value)}
        />
      ))}
      <ElicitationActions respond={respond} busy={busy} acceptDisabled={built.problem !== undefined} />
    </form>
  );
}

/**
 * An elicitation's three answers: `Accept` (the form's submit, or, with `onAccept`, a plain
 * accept without content), `Decline` and `Cancel`.
 */
export function ElicitationActions(props: {
  respond: (result: Record<string, unknown>) => void;
  busy: boolean;
  onAccept?: () => void;
  acceptDisabled?: boolean;
}) {
  const { respond, busy } = props;
  return (
    <div class="actions">
      <button
        type={props.onAccept === undefined ? 'submit' : 'button'}
        disabled={busy || props.acceptDisabled === true}
        onClick={props.onAccept}
      >
        Accept
      </button>
      <button type="button" disabled={busy} onClick={() => respond({ action: 'decline' })}>
        Decline
      </button>
      <button type="button" disabled={busy} onClick={() => respond({ action: 'cancel' })}>
        Cancel
      </button>
    </div>
  );
}

function propertyOf(schema: unknown, key: string): Record<string, unknown> {
  const properties = (schema as { properties?: Record<string, unknown> } | undefined)?.properties ?? {};
  return (properties[key] ?? {}) as Record<string, unknown>;
}

const INPUT_TYPES: Record<string, 'email' | 'url' | 'date'> = { email: 'email', uri: 'url', date: 'date' };

function FieldInput(props: {
  field: Field;
  schema: Record<string, unknown>;
  value: Entered[string];
  error: string | undefined;
  onChange: (value: Entered[string]) => void;
}) {
  const { field } = props;
  const id = `field-${field.key.replace(/[^A-Za-z0-9_-]/g, '_')}`;
  const about = [field.description, 'hint' in field ? field.hint : undefined].filter(Boolean).join('; ');
  const described = [about && `${id}-about`, props.error && `${id}-error`].filter(Boolean).join(' ') || undefined;
  const notes = (
    <>
      {about !== '' && (
        <span class="muted" id={`${id}-about`}>
          {about}
        </span>
      )}
      {props.error !== undefined && (
        <span class="error" id={`${id}-error`}>
          {props.error}
        </span>
      )}
    </>
  );
  if (field.kind === 'multi') {
    const chosen = Array.isArray(props.value) ? props.value : [];
    return (
      <fieldset aria-describedby={described} aria-invalid={props.error !== undefined}>
        <legend>
          {field.label}
          {field.required && <RequiredMark />}
        </legend>
        {field.options.map((option) => (
          <label class="inline">
            <input
              type="checkbox"
              checked={chosen.includes(option.value)}
              onChange={(e) =>
                props.onChange(
                  (e.target as HTMLInputElement).checked
                    ? [...chosen, option.value]
                    : chosen.filter((v) => v !== option.value),
                )
              }
            />{' '}
            {option.label}
          </label>
        ))}
        {notes}
      </fieldset>
    );
  }
  return (
    <div class="field">
      <span>
        <label for={id}>{field.label}</label>
        {field.required && <RequiredMark />}
      </span>
      <Control {...props} id={id} described={described} />
      {notes}
    </div>
  );
}

function Control(props: {
  field: Field;
  id: string;
  described: string | undefined;
  schema: Record<string, unknown>;
  value: Entered[string];
  error: string | undefined;
  onChange: (value: Entered[string]) => void;
}) {
  const { field, id } = props;
  const common = { id, 'aria-describedby': props.described, 'aria-invalid': props.error !== undefined };
  if (field.kind === 'boolean')
    return (
      <input
        type="checkbox"
        {...common}
        checked={props.value === true}
        onChange={(e) => props.onChange((e.target as HTMLInputElement).checked)}
      />
    );
  if (field.kind === 'choice')
    return (
      <select
        {...common}
        required={field.required}
        value={typeof props.value === 'string' ? props.value : ''}
        onChange={(e) => props.onChange((e.target as HTMLSelectElement).value)}
      >
        <option value="">{field.required ? 'Choose one' : '(none)'}</option>
        {field.options.map((option) => (
          <option value={option.value}>{option.label}</option>
        ))}
      </select>
    );
  const numeric = props.schema.type === 'number' || props.schema.type === 'integer';
  const format = typeof props.schema.format === 'string' ? INPUT_TYPES[props.schema.format] : undefined;
  return (
    <input
      {...common}
      type={(format ?? 'text') as 'text'}
      inputMode={numeric ? (props.schema.type === 'integer' ? 'numeric' : 'decimal') : undefined}
      required={field.kind === 'text' && field.required}
      value={typeof props.value === 'string' ? props.value : ''}
      onInput={(e) => props.onChange((e.target as HTMLInputElement).value)}
    />
  );
}
