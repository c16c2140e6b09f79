/**
 * `mcpkit init [dir] [--name NAME] [--yes] [--force]`: a new MCP server project in `dir` (default
 * this folder): TypeScript, a server with one tool and one resource, served over stdio and
 * Streamable HTTP, its tests, and a README that says how clients start it. In a terminal it asks
 * what it was not told; with `--yes`, or with no terminal, it takes the defaults. It never
 * overwrites a file, and adds to a folder that holds other files only with `--force` (or a yes).
 */
import { basename, isAbsolute, relative, resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { EXIT } from '../exit-codes.js';
import { packageNameFrom, packageNameProblem } from '../init/package-name.js';
import { projectFiles, type ProjectFile } from '../init/project-files.js';
import {
  askAddBeside,
  askDirectory,
  askName,
  cancelQuestions,
  endQuestions,
  startQuestions,
} from '../init/questions.js';
import { entriesOf, filesInTheWay, writeProject } from '../init/scaffold.js';
import { UsageError } from '../server-target.js';
import { canAsk } from '../terminal/index.js';
import { VERSION } from '../version.js';

/** The folder suggested when this one is taken. */
const SUGGESTED_DIR = 'my-mcp-server';

interface InitOptions {
  dir: string | undefined;
  name: string | undefined;
  force: boolean;
  /** Whether questions may be asked: a terminal, and no `--yes`. */
  interactive: boolean;
}

/** What will be written, and where. */
interface Plan {
  dir: string;
  name: string;
  files: ProjectFile[];
}

export async function runInit(args: string[]): Promise<number> {
  const { positionals, values } = parseArgs({
    args,
    allowPositionals: true,
    options: {
      name: { type: 'string' },
      yes: { type: 'boolean', short: 'y', default: false },
      force: { type: 'boolean', default: false },
    },
  });
  if (positionals.length > 1) throw new UsageError(`unexpected arguments: ${positionals.slice(1).join(' ')}`);
  const interactive = !values.yes && canAsk();
  if (interactive) await startQuestions();
  const plan = await choose({ dir: positionals[0], name: values.name, force: values.force, interactive }).catch(
    async (error: unknown) => {
      // After the questions, a refusal ends their guide, as a cancel does, then is reported.
      if (interactive) await cancelQuestions('Nothing was written.');
      throw error;
    },
  );
  if (plan === undefined) {
    const message = 'Cancelled: nothing was written.';
    if (interactive) await cancelQuestions(message);
    else console.error(`mcpkit init: ${message}`);
    return EXIT.toolError;
  }
  writeProject(plan.dir, plan.files);
  if (interactive) await endQuestions(`${plan.files.length} files written`);
  console.log(nextSteps(plan));
  return EXIT.ok;
}

/** Where the project goes and what it is called, asked or checked; `undefined` when the user cancelled. */
async function choose(options: InitOptions): Promise<Plan | undefined> {
  const { interactive } = options;
  let dirText = options.dir;
  if (dirText === undefined && interactive && occupied(entriesOf(process.cwd()))) {
    dirText = await askDirectory(SUGGESTED_DIR);
    if (dirText === undefined) return undefined;
  }
  const dir = resolve(dirText ?? '.');
  const entries = entriesOf(dir);
  const name = options.name ?? (interactive ? await askName(packageNameFrom(basename(dir)) ?? '') : basename(dir));
  if (name === undefined) return undefined;
  checkName(name, options.name === undefined);
  const files = projectFiles({ name, dir, mcpkitVersion: VERSION });
  const inTheWay = entries === undefined ? [] : filesInTheWay(dir, files);
  if (inTheWay.length > 0)
    throw new UsageError(
      `${dir} has ${inTheWay.join(', ')} already, which init would write: nothing was written (init never overwrites a file). Move ${inTheWay.length === 1 ? 'it' : 'them'} away, or choose another directory.`,
    );
  if (occupied(entries) && !options.force) {
    if (!interactive)
      throw new UsageError(
        `${dir} is not empty: nothing was written. Choose a new or empty directory, or give --force to add the project beside what is there (no file is overwritten).`,
      );
    if (!(await askAddBeside(dir, entries!.filter(counted).length))) return undefined;
  }
  return { dir, name, files };
}

/** Refuses a name npm would refuse, saying how to give another. */
function checkName(name: string, fromFolder: boolean): void {
  const problem = packageNameProblem(name);
  if (problem === undefined) return;
  const suggestion = fromFolder ? packageNameFrom(name) : undefined;
  const how = fromFolder
    ? ` It comes from the folder's name: give one with --name${suggestion === undefined ? '' : ` (such as --name ${suggestion})`}.`
    : '';
  throw new UsageError(`${JSON.stringify(name)} is not a valid npm package name: ${problem}.${how}`);
}

/** Whether a folder holds anything but a Git repository (`git init` often comes first). */
function occupied(entries: readonly string[] | undefined): boolean {
  return entries !== undefined && entries.some(counted);
}

function counted(entry: string): boolean {
  return entry !== '.git';
}

/** What was made, and the commands to run next. */
function nextSteps({ dir, name, files }: Plan): string {
  // A folder under this one by its relative path; one elsewhere by its own.
  const below = relative(process.cwd(), dir);
  const from = below.startsWith('..') || isAbsolute(below) ? dir : below;
  const cd = from === '' ? [] : [`  cd ${/^[\w./-]+$/.test(from) ? from : JSON.stringify(from)}`];
  return [
    `Made ${name} in ${dir} (${files.length} files: the server in src/server.ts, its tests in test/).`,
    '',
    'Next:',
    ...cd,
    '  npm install',
    '  npm test           # compiles it (tsc) and runs its tests',
    '  npm start          # serves it over stdio (npm run start:http: over HTTP)',
    "  npm run inspect    # opens it in mcpkit's web inspector",
    '',
    'README.md says how to add it to Claude Desktop, Cursor and VS Code.',
  ].join('\n');
}
