/**
 * The inputs a VS Code style configuration asks for (`${input:id}`): `promptString` (typed,
 * masked when a password) and `pickString` (one of a list). Esc leaves the input unanswered;
 * Ctrl-C rejects with an `InterruptedError`.
 * @module
 */
import { ask } from './prompt.js';
import { oneLine } from './text.js';

/** One of a `pickString`'s options: a value, or a value with the label shown for it. */
export type InputOption = string | { label?: string; value: string };

export interface InputRequest {
  /** What the value is for, as the configuration words it. */
  description: string;
  /** Masks what is typed (`promptString` with `password: true`). */
  password?: boolean;
  /** Filled in (`promptString`) or selected (`pickString`) at first. */
  default?: string;
  /** Makes it a `pickString`: one of these. */
  options?: readonly InputOption[];
  signal?: AbortSignal;
}

/** Asks for the value `request` describes; resolves `undefined` when the user presses Esc. */
export async function askInput(request: InputRequest): Promise<string | undefined> {
  const message = oneLine(String(request.description), 300);
  const signal = request.signal;
  if (request.options !== undefined) {
    const options = request.options.map((option) =>
      typeof option === 'string'
        ? { value: option, label: oneLine(option, 80) }
        : { value: String(option.value), label: oneLine(option.label ?? String(option.value), 80) },
    );
    if (options.length === 0) throw new TypeError(`the input "${message}" offers no options to pick from`);
    const initial = options.find((option) => option.value === request.default)?.value;
    const outcome = await ask(
      (clack, streams) =>
        clack.select<string>({
          ...streams,
          message,
          options,
          ...(initial !== undefined ? { initialValue: initial } : {}),
          showInstructions: false,
        }),
      { signal },
    );
    return outcome.kind === 'answer' ? outcome.value : undefined;
  }
  const outcome = await ask(
    (clack, streams) =>
      request.password === true
        ? clack.password({
            ...streams,
            message: request.default !== undefined ? `${message} (empty: the default)` : message,
          })
        : clack.text({ ...streams, message, initialValue: request.default ?? '' }),
    { signal },
  );
  // A password prompt has no field to fill in: an empty answer takes the default.
  if (outcome.kind !== 'answer') return undefined;
  const value = outcome.value ?? '';
  return value === '' && request.password === true && request.default !== undefined ? request.default : value;
}
