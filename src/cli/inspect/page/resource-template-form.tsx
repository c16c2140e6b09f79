/**
 * A resource template's form: one field per variable, each with the server's completions
 * (`ref/resource` with the template), the URI they make, and `Read` to read it.
 * @module
 */
import { useState } from 'preact/hooks';
import type { ServerState } from '../protocol.js';
import { CompletionInput } from './completion-input.js';
import { expandTemplate, templateVariables } from './template-uri.js';

type Template = { uriTemplate: string; name: string; title?: string; description?: string };

export function TemplateForm(props: { server: ServerState; template: Template; onRead: (uri: string) => void }) {
  const { template } = props;
  const [values, setValues] = useState<Record<string, string>>({});
  const names = templateVariables(template.uriTemplate);
  const uri = expandTemplate(template.uriTemplate, values);
  const ref = { type: 'ref/resource' as const, uri: template.uriTemplate };
  return (
    <form
      aria-labelledby="template-title"
      onSubmit={(e) => {
        e.preventDefault();
        props.onRead(uri);
      }}
    >
      <h2 id="template-title">{template.title ?? template.name}</h2>
      {template.description !== undefined && <p>{template.description}</p>}
      {names.map((name) => (
        <CompletionInput
          key={name}
          server={props.server}
          completionRef={ref}
          name={name}
          value={values[name] ?? ''}
          required
          context={values}
          onInput={(value) => setValues((current) => ({ ...current, [name]: value }))}
        />
      ))}
      <p>
        URI: <code>{uri}</code>
      </p>
      <button type="submit">Read</button>
    </form>
  );
}
