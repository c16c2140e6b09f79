/**
 * A text field whose server suggests values: each change asks `completion/complete` (for a
 * prompt's argument or a resource template's variable) and the answers become a `datalist`
 * the browser offers. Only asked when the server declared `completions`; a stale answer (to an
 * older value) is dropped.
 * @module
 */
import { useContext, useEffect, useRef, useState } from 'preact/hooks';
import type { ServerState } from '../protocol.js';
import { InspectorContext } from './context.js';

export type CompletionRef = { type: 'ref/prompt'; name: string } | { type: 'ref/resource'; uri: string };

export function CompletionInput(props: {
  server: ServerState;
  completionRef: CompletionRef;
  name: string;
  value: string;
  required?: boolean;
  description?: string;
  /** The other arguments already given, sent as `context.arguments`. */
  context: Record<string, string>;
  onInput: (value: string) => void;
}) {
  const { api } = useContext(InspectorContext);
  const [values, setValues] = useState<string[]>([]);
  const asked = useRef(0);
  const completes = props.server.info?.capabilities.completions !== undefined;
  const id = `complete-${props.completionRef.type}-${props.name}`.replace(/[^A-Za-z0-9_-]/g, '_');
  const ask = (value: string) => {
    if (!completes) return;
    const turn = ++asked.current;
    const params = {
      ref: props.completionRef,
      argument: { name: props.name, value },
      context: { arguments: props.context },
    };
    api
      .command('request', { server: props.server.id, method: 'completion/complete', params })
      .then((answer) => {
        const found = (answer.completion as { values?: unknown } | undefined)?.values;
        if (turn === asked.current) setValues(Array.isArray(found) ? found.map(String) : []);
      })
      .catch(() => {
        if (turn === asked.current) setValues([]);
      });
  };
  const key = JSON.stringify(props.completionRef);
  useEffect(() => ask(props.value), [key, props.name]);
  return (
    <div class="field">
      <span>
        <label for={id}>{props.name}</label>
        {props.required && <RequiredMark />}
      </span>
      <input
        id={id}
        value={props.value}
        required={props.required}
        aria-describedby={props.description !== undefined ? `${id}-about` : undefined}
        list={completes ? `${id}-values` : undefined}
        autocomplete="off"
        onInput={(e) => {
          const value = (e.target as HTMLInputElement).value;
          props.onInput(value);
          ask(value);
        }}
      />
      {props.description !== undefined && (
        <span class="muted" id={`${id}-about`}>
          {props.description}
        </span>
      )}
      {completes && (
        <datalist id={`${id}-values`}>
          {values.map((value) => (
            <option value={value} />
          ))}
        </datalist>
      )}
    </div>
  );
}

/**
 * The visible mark of a required field, beside its label rather than in it (the label stays the
 * field's name; the field itself says `required` to assistive technology).
 */
export function RequiredMark() {
  return (
    <span class="required" aria-hidden="true">
      {' '}
      *
    </span>
  );
}
