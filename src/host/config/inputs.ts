/**
 * VS Code's `inputs`: the declarations `${input:id}` refers to, checked, and the asking of them,
 * once per id, in the order the configuration first refers to them.
 * @module
 */
import { describe, isObject } from './check-entry.js';
import type { ConfigInput, ConfigProblem, InputHook } from './server-config.js';

/** The declared inputs by id; what is wrong with the declarations goes to `problems`. */
export function checkInputs(value: unknown, problems: ConfigProblem[]): Map<string, ConfigInput> {
  const inputs = new Map<string, ConfigInput>();
  if (value === undefined) return inputs;
  if (!Array.isArray(value)) {
    problems.push({ field: 'inputs', message: `must be an array, not ${describe(value)}` });
    return inputs;
  }
  value.forEach((declaration: unknown, i) => {
    const report = (field: string, message: string) => problems.push({ field: `inputs[${i}]${field}`, message });
    if (!isObject(declaration)) return report('', `must be an object, not ${describe(declaration)}`);
    const { type, id, description, password, options } = declaration;
    const before = problems.length;
    if (typeof id !== 'string' || id === '') report('.id', `must be a non-empty string, not ${describe(id)}`);
    else if (inputs.has(id)) report('.id', `${JSON.stringify(id)} is declared twice`);
    if (description !== undefined && typeof description !== 'string') {
      report('.description', `must be a string, not ${describe(description)}`);
    }
    if (declaration.default !== undefined && typeof declaration.default !== 'string') {
      report('.default', `must be a string, not ${describe(declaration.default)}`);
    }
    if (type === 'promptString') {
      if (password !== undefined && typeof password !== 'boolean') {
        report('.password', `must be true or false, not ${describe(password)}`);
      }
    } else if (type === 'pickString') {
      if (!Array.isArray(options) || options.length === 0 || !options.every((o) => typeof o === 'string')) {
        report('.options', 'must be a non-empty array of strings');
      }
    } else {
      report('.type', `must be "promptString" or "pickString", not ${JSON.stringify(type) ?? 'nothing'}`);
    }
    if (problems.length > before) return;
    const common = {
      id: id as string,
      description: (description as string | undefined) ?? (id as string),
      ...(declaration.default !== undefined && { default: declaration.default as string }),
    };
    inputs.set(
      common.id,
      type === 'promptString'
        ? { type, ...common, ...(password !== undefined && { password: password as boolean }) }
        : { type: 'pickString', ...common, options: options as string[] },
    );
  });
  return inputs;
}

/** Asks the hook for each of `ids` in turn; an answer that is not a string is a problem. */
export async function askInputs(
  ids: readonly string[],
  inputs: ReadonlyMap<string, ConfigInput>,
  hook: InputHook,
  problems: ConfigProblem[],
): Promise<Map<string, string>> {
  const answers = new Map<string, string>();
  for (const id of ids) {
    // Sequential on purpose: a terminal asks one question at a time.
    const answer: unknown = await hook(inputs.get(id)!);
    if (typeof answer === 'string') answers.set(id, answer);
    else problems.push({ message: `the input hook answered ${describe(answer)} for \${input:${id}}, not a string` });
  }
  return answers;
}
