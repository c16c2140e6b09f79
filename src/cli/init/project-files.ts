/**
 * The files of a new project. Its TypeScript is the template's: real files
 * (`template/src/*.ts`, `template/test/*.ts`), compiled and linted with mcpkit's own sources, and
 * copied by the build into `dist/init-template/`. The rest is made here for the project at hand:
 * `package.json` (its name, this mcpkit's version), `tsconfig.json`, `.gitignore` and the README.
 * @module
 */
import { existsSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { projectReadme } from './project-readme.js';

/** What a project is made from. */
export interface Project {
  /** Its npm package name, which its MCP server takes too. */
  name: string;
  /** Its absolute path: the client configurations in its README name it. */
  dir: string;
  /** The version of mcpkit that makes it, which it depends on (`^version`). */
  mcpkitVersion: string;
}

/** One file to write, by its path in the project (with `/`). */
export interface ProjectFile {
  path: string;
  text: string;
}

/** The template's files, by their path in the project (and in the template's folder). */
export const TEMPLATE_SOURCES = ['src/server.ts', 'src/stdio.ts', 'src/http.ts', 'test/server.test.ts'] as const;

/** The server's name in the template's `src/server.ts`, replaced by the project's. */
const TEMPLATE_SERVER_NAME = "name: 'my-mcp-server'";

/**
 * The compiler and Node's types: the majors mcpkit itself is built with. TypeScript 6 runs on
 * any Node mcpkit runs on; Node's types are those of its oldest release mcpkit supports (20), so
 * the compiler refuses what that release lacks.
 */
const DEV_DEPENDENCIES = { '@types/node': '^20.19.0', typescript: '^6.0.3' };

/** Every file of a new project, in the order they are written. */
export function projectFiles(project: Project, templateDir = findTemplate()): ProjectFile[] {
  const sources = TEMPLATE_SOURCES.map((path) => {
    const text = readFileSync(join(templateDir, path), 'utf8');
    if (path !== 'src/server.ts') return { path, text };
    if (!text.includes(TEMPLATE_SERVER_NAME)) throw new Error(`the template's ${path} names no server to rename`);
    return { path, text: text.replace(TEMPLATE_SERVER_NAME, `name: ${quoted(project.name)}`) };
  });
  return [
    { path: 'package.json', text: json(packageJson(project)) },
    { path: 'tsconfig.json', text: json(TSCONFIG) },
    { path: '.gitignore', text: 'node_modules/\ndist/\n' },
    { path: 'README.md', text: projectReadme(project) },
    ...sources,
  ];
}

function packageJson({ name, mcpkitVersion }: Project): object {
  return {
    name,
    version: '0.1.0',
    description: 'An MCP server made with mcpkit.',
    type: 'module',
    engines: { node: '>=20.19' },
    scripts: {
      build: 'tsc',
      // The shell expands the pattern (Node 22 would too; Node 20 needs the files named).
      test: 'tsc && node --test dist/test/*.test.js',
      start: 'node dist/src/stdio.js',
      'start:http': 'node dist/src/http.js',
      inspect: 'tsc && mcpkit inspect -- node dist/src/stdio.js',
    },
    dependencies: { mcpkit: `^${mcpkitVersion}` },
    devDependencies: DEV_DEPENDENCIES,
  };
}

/** What a user starts with: ES modules resolved as Node does, strict; the tests compiled beside the server. */
const TSCONFIG = {
  compilerOptions: {
    target: 'es2022',
    module: 'nodenext',
    moduleResolution: 'nodenext',
    types: ['node'],
    strict: true,
    noUncheckedIndexedAccess: true,
    verbatimModuleSyntax: true,
    skipLibCheck: true,
    sourceMap: true,
    rootDir: '.',
    outDir: 'dist',
  },
  include: ['src', 'test'],
};

function json(value: object): string {
  return `${JSON.stringify(value, null, 2)}\n`;
}

/** `name` as a TypeScript string literal (a package name holds no quote, but the template should not rely on it). */
function quoted(name: string): string {
  return `'${name.replaceAll('\\', '\\\\').replaceAll("'", "\\'")}'`;
}

/**
 * The template's folder: `init-template/` beside the bundled command line (`dist/cli.js`), or
 * beside its chunks' folder.
 */
export function findTemplate(): string {
  const here = dirname(fileURLToPath(import.meta.url));
  const candidates = [join(here, 'init-template'), join(here, '..', 'init-template')];
  const found = candidates.find((dir) => existsSync(join(dir, TEMPLATE_SOURCES[0])));
  if (found === undefined) throw new Error(`the project template is missing from this mcpkit: no ${candidates[0]}`);
  return found;
}
