#!/usr/bin/env node
// The API reference (docs/reference/): one Markdown page per entry point, made by TypeDoc from
// the doc comments. The entry points are read from package.json `exports` and the sources they
// come from from tsconfig.base.json `paths`, so a new entry point gets its page by itself.
// The build fails on any warning: an exported name without a doc comment, a `{@link}` that
// resolves to nothing, a relative link to a file that does not exist.
//   node scripts/docs.mjs              writes docs/reference/ (npm run docs)
//   node scripts/docs.mjs --out DIR    writes DIR instead (the test compares it with the committed copy)
//   node scripts/docs.mjs --root DIR   documents the package in DIR (the test's small one that must fail)
import { existsSync, readFileSync, rmSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { parseArgs } from 'node:util';
import ts from 'typescript';
import { Application, Converter, ReflectionKind } from 'typedoc';

let options;
try {
  options = parseArgs({ options: { out: { type: 'string' }, root: { type: 'string' } } }).values;
} catch (error) {
  console.error(`${error.message}\nusage: node scripts/docs.mjs [--out DIR] [--root DIR]`);
  process.exit(2);
}
const root = resolve(options.root ?? join(import.meta.dirname, '..'));
const out = resolve(options.out ?? join(root, 'docs', 'reference'));
const README = join(root, 'scripts', 'docs-readme.md');

/** Each entry point of package.json `exports` (`mcpkit/server`) and its source, from tsconfig's `paths`. */
function entryPoints() {
  const pkg = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8'));
  const tsconfig = ts.readConfigFile(join(root, 'tsconfig.base.json'), ts.sys.readFile);
  if (tsconfig.error) throw new Error(ts.flattenDiagnosticMessageText(tsconfig.error.messageText, '\n'));
  const paths = tsconfig.config.compilerOptions.paths;
  const entries = new Map();
  for (const key of Object.keys(pkg.exports)) {
    if (key === './package.json') continue;
    const specifier = key === '.' ? pkg.name : `${pkg.name}/${key.slice(2)}`;
    const source = paths[specifier]?.[0];
    if (source === undefined) {
      throw new Error(`package.json exports "${key}", but tsconfig.base.json has no paths entry for "${specifier}"`);
    }
    entries.set(resolve(root, source), specifier);
  }
  return entries;
}

const entries = entryPoints();
const app = await Application.bootstrapWithPlugins({
  entryPoints: [...entries.keys()],
  tsconfig: join(root, 'tsconfig.build.json'),
  plugin: ['typedoc-plugin-markdown'],
  out,
  // `tsc` type-checks the sources; TypeDoc only reads them.
  skipErrorChecking: true,
  readme: existsSync(README) ? README : 'none',
  mergeReadme: true,
  router: 'module',
  // Line numbers would change the committed copy on every edit of a file.
  disableSources: true,
  hidePageHeader: true,
  excludeInternal: true,
  excludePrivate: true,
  sort: ['kind', 'alphabetical'],
  validation: { notExported: false, invalidLink: true, invalidPath: true, rewrittenLink: true, notDocumented: true },
  treatWarningsAsErrors: true,
  treatValidationWarningsAsErrors: true,
  logLevel: 'Warn',
});
// The program holds the entry points and what they import, not every file of src/ (the command
// line and the inspector's page are most of it and are no API).
app.options.setCompilerOptions([...entries.keys()], app.options.getCompilerOptions(), undefined);

/** Constants: variables, and those an entry point exports as types only (`export type { METHODS }`). */
const constants = new Set();
app.converter.on(Converter.EVENT_RESOLVE_BEGIN, (context) => {
  // A module is named as an app imports it (`mcpkit/server`), not by its file (`server/index`).
  for (const module of context.project.getChildrenByKind(ReflectionKind.Module)) {
    const file = context.getSymbolFromReflection(module)?.declarations?.[0]?.getSourceFile().fileName;
    const specifier = file && entries.get(resolve(file));
    if (specifier) module.name = specifier;
  }
  for (const reflection of context.project.getReflectionsByKind(ReflectionKind.Variable | ReflectionKind.TypeAlias)) {
    const declaration = context.getSymbolFromReflection(reflection)?.valueDeclaration;
    if (reflection.kindOf(ReflectionKind.Variable) || (declaration && ts.isVariableDeclaration(declaration))) {
      constants.add(reflection);
    }
  }
});

/**
 * Names whose value documents them, which TypeDoc would ask a comment of: the members of a
 * constant's inferred type (each key of each row of `METHODS`), and tags, properties whose type
 * is one literal (`kind: 'tool'`, `jsonrpc: '2.0'`), which tell the members of a union apart.
 */
function documentedByValue(project) {
  const inConstant = (reflection) => {
    for (let at = reflection.parent; at; at = at.parent) {
      if (constants.has(at)) return true;
      if (!at.kindOf(ReflectionKind.Property | ReflectionKind.TypeLiteral)) return false;
    }
    return false;
  };
  // TypeDoc asks nothing of the members of a parameter's type, and would call them listed for nothing.
  const inParameter = (reflection) => {
    for (let at = reflection.parent; at; at = at.parent) if (at.kindOf(ReflectionKind.Parameter)) return true;
    return false;
  };
  const names = project
    .getReflectionsByKind(ReflectionKind.Property)
    .filter((reflection) => !reflection.hasComment() && !inParameter(reflection))
    .filter((reflection) => inConstant(reflection) || reflection.type?.type === 'literal')
    .map((reflection) => reflection.getFriendlyFullName());
  return [...new Set(names)];
}

const project = await app.convert();
if (!project) process.exit(1);
app.options.setValue('intentionallyNotDocumented', documentedByValue(project));
app.validate(project);
if (app.logger.hasErrors() || app.logger.hasWarnings()) {
  console.error('docs: the reference was not written; fix the warnings above');
  process.exit(1);
}
rmSync(out, { recursive: true, force: true });
await app.generateOutputs(project);
if (app.logger.hasErrors() || app.logger.hasWarnings()) process.exit(1);
