/**
 * Interpolation of the strings of a configuration entry. The forms: `${NAME}` and
 * `${env:NAME}` (a variable, which must be set), `${NAME:-default}` and `${env:NAME:-default}`
 * (the default when the variable is unset or empty, as in a shell), `${input:id}` (a declared
 * input, answered by the caller), `${workspaceFolder}` and `${userHome}`. Any other `${...}`,
 * or one never closed, is an error naming the form: a misspelt reference sent on as text would
 * fail later, far from its cause. `$NAME` without braces is plain text. A default runs to the
 * first `}` and is not itself interpolated.
 * @module
 */
import type { ConfigInput } from './server-config.js';

/** What references resolve against. */
export interface Scope {
  env: Readonly<Record<string, string | undefined>>;
  workspace: string;
  home: string;
  inputs: ReadonlyMap<string, ConfigInput>;
  /** Whether the caller can answer inputs at all. */
  canAsk: boolean;
  /** The inputs' answers; absent while checking, before anyone is asked. */
  answers?: ReadonlyMap<string, string>;
}

/** A string's value, or why it has none; `inputs` are the ids it needs that are not answered yet. */
export interface Expansion {
  value?: string;
  problems: string[];
  inputs: string[];
}

const NAME = '[A-Za-z_][A-Za-z0-9_]*';
const VARIABLE = new RegExp(`^(?:env:)?(${NAME})(?::-([\\s\\S]*))?$`);
const FORMS = '${NAME}, ${NAME:-default}, ${env:NAME}, ${input:id}, ${workspaceFolder} or ${userHome}';

export function expand(text: string, scope: Scope): Expansion {
  const problems: string[] = [];
  const inputs: string[] = [];
  let value = '';
  let at = 0;
  for (let open = text.indexOf('${'); open >= 0; open = text.indexOf('${', at)) {
    value += text.slice(at, open);
    const close = text.indexOf('}', open + 2);
    if (close < 0) {
      problems.push(`${JSON.stringify(text.slice(open))} has no closing "}"; the forms are ${FORMS}`);
      return { problems, inputs };
    }
    at = close + 1;
    const form = text.slice(open, at);
    const body = text.slice(open + 2, close);
    if (body === 'workspaceFolder') value += scope.workspace;
    else if (body === 'userHome') value += scope.home;
    else if (body.startsWith('input:')) {
      const id = body.slice('input:'.length);
      const answer = scope.answers?.get(id);
      if (answer !== undefined) value += answer;
      else if (!scope.inputs.has(id)) problems.push(`${form}: no input ${JSON.stringify(id)} is declared in "inputs"`);
      else if (!scope.canAsk) problems.push(`${form} needs an answer, and no input hook was given`);
      else if (!inputs.includes(id)) inputs.push(id);
    } else {
      const match = VARIABLE.exec(body);
      if (!match) {
        problems.push(`${form} is not a known form; the forms are ${FORMS}`);
        continue;
      }
      const [, name, fallback] = match;
      const set = scope.env[name!];
      if (fallback !== undefined) value += set || fallback;
      else if (set !== undefined) value += set;
      else problems.push(`${form} is not set`);
    }
  }
  value += text.slice(at);
  return problems.length > 0 || inputs.length > 0 ? { problems, inputs } : { value, problems, inputs };
}

/** Whether `text` holds any `${`, i.e. whether its value may differ from it. */
export function isLiteral(text: string): boolean {
  return !text.includes('${');
}
