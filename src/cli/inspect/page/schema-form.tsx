/**
 * The controls of a tool's form, one per field of schema-fields.ts: each labelled by the
 * argument's name, its description as help text (`aria-describedby`), required ones marked
 * with a visible `*` and `aria-required`, and what is wrong with a typed value said beside it.
 * Controlled: every change hands the parent a new draft.
 * @module
 */
import type { ComponentChildren } from 'preact';
import { initialDraft, leafProblem, nextBoolean, rowField, type Draft } from './field-drafts.js';
import type { ChoiceField, Field, ListField, MultiField, ObjectField, UnionField } from './schema-fields.js';
import './tools.css';

type Props<F extends Field = Field> = { field: F; draft: Draft; onChange: (draft: Draft) => void };

/** The fields of the form's root object. */
export function SchemaForm({
  form,
  draft,
  onChange,
}: {
  form: ObjectField;
  draft: Draft;
  onChange: (d: Draft) => void;
}) {
  const drafts = draft.kind === 'object' ? draft.fields : [];
  return (
    <div class="schema-form">
      {form.fields.map((field, i) => (
        <FieldControl
          key={field.id}
          field={field}
          draft={drafts[i] ?? initialDraft(field)}
          onChange={(next) => onChange({ kind: 'object', fields: replaced(drafts, i, next) })}
        />
      ))}
    </div>
  );
}

function replaced<T>(list: T[], index: number, item: T): T[] {
  return list.map((each, i) => (i === index ? item : each));
}

export function FieldControl(props: Props) {
  const { field, draft } = props;
  switch (field.kind) {
    case 'boolean':
      return <BooleanControl {...props} />;
    case 'choice':
      return field.widget === 'radio' ? (
        <RadioControl {...props} field={field} />
      ) : (
        <SelectControl {...props} field={field} />
      );
    case 'multi':
      return <MultiControl {...props} field={field} />;
    case 'list':
      return <ListControl {...props} field={field} />;
    case 'object':
      return <ObjectControl {...props} field={field} />;
    case 'union':
      return <UnionControl {...props} field={field} />;
    default:
      return <TextControl {...props} draft={draft.kind === 'text' ? draft : { kind: 'text', text: '' }} />;
  }
}

/** The ids of a field's help and problem texts, for `aria-describedby`. */
function describedBy(field: Field, problem: string | undefined, note?: string): string | undefined {
  const ids = [
    field.description !== undefined || note !== undefined ? `${field.id}-help` : '',
    problem !== undefined ? `${field.id}-problem` : '',
  ];
  const joined = ids.filter(Boolean).join(' ');
  return joined === '' ? undefined : joined;
}

/** A problem worth saying beside the field: not merely that a required field is still empty. */
function shownProblem(field: Field, draft: Draft): string | undefined {
  const problem = leafProblem(field, draft);
  return problem === 'is required' ? undefined : problem;
}

/** The visible mark of a required argument; beside its label, so the label is the name alone. */
function Required({ field }: { field: Field }) {
  return field.required ? (
    <span class="required" aria-hidden="true">
      {' *'}
    </span>
  ) : null;
}

function Help({ field, problem, note }: { field: Field; problem?: string; note?: string }) {
  return (
    <>
      {(field.description !== undefined || note !== undefined) && (
        <p id={`${field.id}-help`} class="help">
          {[field.description, note].filter(Boolean).join(' ')}
        </p>
      )}
      {problem !== undefined && (
        <p id={`${field.id}-problem`} class="field-problem">
          {field.label} {problem}
        </p>
      )}
    </>
  );
}

/** A field made of several controls: a fieldset whose legend is the argument's name. */
function Group(props: { field: Field; problem?: string; radios?: boolean; children: ComponentChildren }) {
  const { field, problem, children } = props;
  // A group of radios is a radiogroup, which can say it is required; other groups cannot.
  const radios = props.radios === true ? { role: 'radiogroup' as const, 'aria-required': field.required } : {};
  return (
    <fieldset class="field-group" aria-describedby={describedBy(field, problem)} {...radios}>
      <legend>
        {field.label}
        <Required field={field} />
      </legend>
      {children}
      <Help field={field} problem={problem} />
    </fieldset>
  );
}

function TextControl({ field, draft, onChange }: Props & { draft: Draft & { kind: 'text' } }) {
  const problem = shownProblem(field, draft);
  const note = field.kind === 'json' ? `Typed as JSON: ${field.reason}.` : undefined;
  const help = {
    id: field.id,
    value: draft.text,
    'aria-required': field.required,
    'aria-invalid': problem !== undefined,
    'aria-describedby': describedBy(field, problem, note),
    onInput: (e: Event) => onChange({ kind: 'text', text: (e.currentTarget as HTMLInputElement).value }),
  };
  return (
    <div class="field">
      <label for={field.id}>{field.label}</label>
      <Required field={field} />
      {field.kind === 'json' || (field.kind === 'string' && field.input === 'textarea') ? (
        <textarea {...help} rows={field.kind === 'json' ? 4 : 2} spellcheck={field.kind !== 'json'} />
      ) : field.kind === 'number' ? (
        <input {...help} type="text" inputMode={field.integer ? 'numeric' : 'decimal'} autoComplete="off" />
      ) : (
        <input
          {...help}
          // The input's type, from the string's format (the typings want one literal type here).
          type={(field.kind === 'string' && field.input !== 'textarea' ? field.input : 'text') as 'text'}
          {...(field.kind === 'string' && field.input === 'datetime-local' ? { step: 1 } : {})}
          autoComplete="off"
        />
      )}
      <Help field={field} problem={problem} note={note} />
    </div>
  );
}

/** A checkbox; an optional argument's may be unset (mixed), as `nextBoolean` cycles it. */
function BooleanControl({ field, draft, onChange }: Props) {
  const value = draft.kind === 'boolean' ? draft.value : undefined;
  return (
    <div class="field field-check">
      <input
        type="checkbox"
        id={field.id}
        checked={value === true}
        indeterminate={value === undefined}
        aria-required={field.required}
        aria-describedby={describedBy(field, undefined)}
        onChange={() => onChange({ kind: 'boolean', value: nextBoolean(field, value) })}
      />
      <label for={field.id}>{field.label}</label>
      <Required field={field} />
      {value === undefined && <span class="muted"> (not sent)</span>}
      <Help field={field} />
    </div>
  );
}

function SelectControl({ field, draft, onChange }: Props<ChoiceField>) {
  const index = draft.kind === 'choice' ? draft.index : -1;
  return (
    <div class="field">
      <label for={field.id}>{field.label}</label>
      <Required field={field} />
      <select
        id={field.id}
        value={String(index)}
        aria-required={field.required}
        aria-describedby={describedBy(field, undefined)}
        onChange={(e) => onChange({ kind: 'choice', index: Number((e.currentTarget as HTMLSelectElement).value) })}
      >
        {(index === -1 || !field.required) && <option value="-1">{field.required ? 'Choose…' : '(not sent)'}</option>}
        {field.options.map((option, i) => (
          <option key={i} value={String(i)}>
            {option.label}
          </option>
        ))}
      </select>
      <Help field={field} />
    </div>
  );
}

function RadioControl({ field, draft, onChange }: Props<ChoiceField>) {
  const index = draft.kind === 'choice' ? draft.index : -1;
  const options = field.options.map((o, i) => ({ label: o.label, i }));
  if (!field.required) options.push({ label: '(not sent)', i: -1 });
  return (
    <Group field={field} radios>
      <div class="choices">
        {options.map((option) => (
          <label key={option.i} class="choice">
            <input
              type="radio"
              name={field.id}
              checked={index === option.i}
              onChange={() => onChange({ kind: 'choice', index: option.i })}
            />{' '}
            {option.label}
          </label>
        ))}
      </div>
    </Group>
  );
}

function MultiControl({ field, draft, onChange }: Props<MultiField>) {
  const chosen = draft.kind === 'multi' ? draft.chosen : [];
  const toggle = (i: number) =>
    onChange({
      kind: 'multi',
      chosen: chosen.includes(i) ? chosen.filter((c) => c !== i) : [...chosen, i].sort((a, b) => a - b),
    });
  return (
    <Group field={field} problem={shownProblem(field, draft)}>
      <div class="choices">
        {field.options.map((option, i) => (
          <label key={i} class="choice">
            <input type="checkbox" checked={chosen.includes(i)} onChange={() => toggle(i)} /> {option.label}
          </label>
        ))}
      </div>
    </Group>
  );
}

function ListControl({ field, draft, onChange }: Props<ListField>) {
  const items = draft.kind === 'list' ? draft.items : [];
  const set = (next: Draft[]) => onChange({ kind: 'list', items: next });
  return (
    <Group field={field} problem={shownProblem(field, draft)}>
      {items.map((item, i) => {
        const row = rowField(field, i);
        return (
          <div class="row" key={row.id}>
            <FieldControl field={row} draft={item} onChange={(next) => set(replaced(items, i, next))} />
            <button type="button" onClick={() => set(items.filter((_, j) => j !== i))}>
              Remove {row.label}
            </button>
          </div>
        );
      })}
      <button type="button" onClick={() => set([...items, initialDraft(rowField(field, items.length))])}>
        Add {field.label}
      </button>
    </Group>
  );
}

function ObjectControl({ field, draft, onChange }: Props<ObjectField>) {
  const drafts = draft.kind === 'object' ? draft.fields : [];
  return (
    <Group field={field}>
      {field.fields.map((child, i) => (
        <FieldControl
          key={child.id}
          field={child}
          draft={drafts[i] ?? initialDraft(child)}
          onChange={(next) => onChange({ kind: 'object', fields: replaced(drafts, i, next) })}
        />
      ))}
    </Group>
  );
}

function UnionControl({ field, draft, onChange }: Props<UnionField>) {
  const union =
    draft.kind === 'union' ? draft : { kind: 'union' as const, index: -1, drafts: field.variants.map(initialDraft) };
  const variant = field.variants[union.index];
  return (
    <Group field={field}>
      <div class="field">
        <label for={`${field.id}-variant`}>{field.label} variant</label>
        <select
          id={`${field.id}-variant`}
          value={String(union.index)}
          onChange={(e) => onChange({ ...union, index: Number((e.currentTarget as HTMLSelectElement).value) })}
        >
          {!field.required && <option value="-1">(not sent)</option>}
          {field.variants.map((v, i) => (
            <option key={i} value={String(i)}>
              {v.label}
            </option>
          ))}
        </select>
      </div>
      {variant !== undefined && (
        <FieldControl
          field={variant}
          draft={union.drafts[union.index] ?? initialDraft(variant)}
          onChange={(next) => onChange({ ...union, drafts: replaced(union.drafts, union.index, next) })}
        />
      )}
    </Group>
  );
}
