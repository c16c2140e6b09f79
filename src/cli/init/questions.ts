/**
 * What `mcpkit init` asks in a terminal: where the project goes, its name, and whether to add it
 * to a folder that holds other files. Each resolves `undefined` on Esc; Ctrl-C rejects with an
 * `InterruptedError`, as every prompt of the command line does.
 * @module
 */
import { ask, clack } from '../terminal/prompt.js';
import { packageNameProblem } from './package-name.js';

/** The first line of the questions, drawn on stderr. */
export async function startQuestions(): Promise<void> {
  (await clack()).intro('mcpkit init: a new MCP server project', { output: process.stderr });
}

/** The folder to make the project in, relative to the working directory; `initial` is filled in. */
export async function askDirectory(initial: string): Promise<string | undefined> {
  const outcome = await ask((library, streams) =>
    library.text({
      ...streams,
      message: 'Where should the project go? (a new or empty folder; . for this one)',
      initialValue: initial,
      validate: (value) => (value === undefined || value.trim() === '' ? 'Type a folder' : undefined),
    }),
  );
  return outcome.kind === 'answer' ? outcome.value.trim() : undefined;
}

/** The package's name, checked as npm checks it; `initial` is filled in. */
export async function askName(initial: string): Promise<string | undefined> {
  const outcome = await ask((library, streams) =>
    library.text({
      ...streams,
      message: 'Its npm package name (the MCP server takes it too)',
      initialValue: initial,
      validate: (value) => {
        const problem = packageNameProblem(value ?? '');
        return problem === undefined ? undefined : `Not a valid npm package name: ${problem}`;
      },
    }),
  );
  return outcome.kind === 'answer' ? outcome.value : undefined;
}

/** Whether to add the project beside the `count` entries `dir` holds; starts on No. */
export async function askAddBeside(dir: string, count: number): Promise<boolean> {
  const outcome = await ask((library, streams) =>
    library.confirm({
      ...streams,
      message: `${dir} is not empty (${count} ${count === 1 ? 'entry' : 'entries'}). Add the project beside ${count === 1 ? 'it' : 'them'}? No file is overwritten.`,
      initialValue: false,
    }),
  );
  return outcome.kind === 'answer' && outcome.value;
}

/** The last line of the questions. */
export async function endQuestions(message: string): Promise<void> {
  (await clack()).outro(message, { output: process.stderr });
}

/** The last line when the user cancelled at a question. */
export async function cancelQuestions(message: string): Promise<void> {
  (await clack()).cancel(message, { output: process.stderr });
}
