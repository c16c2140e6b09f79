// The import cycles of a set of TypeScript files, read with the compiler's parser: which files
// import which (relative specifiers only), and whether each import brings values or types only.
// A cycle whose every import brings a value stays a cycle at run time: it decides the order
// modules start in, so one of them runs against the other's half-made exports. An import of
// types alone is erased, so a loop that one of them closes costs nothing at run time.
import { dirname, join, normalize } from 'node:path';
import ts from 'typescript';

/** One import of a file: the file it names, and whether it brings any value. */
interface Edge {
  readonly to: string;
  readonly value: boolean;
}

/** A cycle that carries a value: its files, sorted, and the imports that close it. */
export interface ValueCycle {
  readonly files: readonly string[];
  readonly valueImports: readonly string[];
}

/** The imports of `text` (the file `path`) of files in `known`, static ones only (a dynamic import starts nothing). */
function edgesOf(path: string, text: string, known: ReadonlySet<string>): Edge[] {
  const source = ts.createSourceFile(path, text, ts.ScriptTarget.Latest, false, ts.ScriptKind.TS);
  const edges: Edge[] = [];
  for (const statement of source.statements) {
    let specifier: ts.Expression | undefined;
    let value: boolean;
    if (ts.isImportDeclaration(statement)) {
      specifier = statement.moduleSpecifier;
      value = importsValue(statement.importClause);
    } else if (ts.isExportDeclaration(statement) && statement.moduleSpecifier) {
      specifier = statement.moduleSpecifier;
      value = exportsValue(statement);
    } else continue;
    if (!ts.isStringLiteral(specifier) || !specifier.text.startsWith('.')) continue;
    const to = resolve(path, specifier.text, known);
    if (to !== undefined) edges.push({ to, value });
  }
  return edges;
}

/** Whether an import brings a value: anything but `import type` or named imports that are all `type`. */
function importsValue(clause: ts.ImportClause | undefined): boolean {
  if (clause === undefined) return true; // `import './x.js'` runs the module
  if (clause.isTypeOnly) return false;
  if (clause.name) return true;
  const bindings = clause.namedBindings;
  if (bindings === undefined || ts.isNamespaceImport(bindings)) return true;
  return bindings.elements.length === 0 || bindings.elements.some((element) => !element.isTypeOnly);
}

function exportsValue(declaration: ts.ExportDeclaration): boolean {
  if (declaration.isTypeOnly) return false;
  const clause = declaration.exportClause;
  if (clause === undefined || ts.isNamespaceExport(clause)) return true;
  return clause.elements.length === 0 || clause.elements.some((element) => !element.isTypeOnly);
}

/** The file a relative specifier names (`./x.js` is `./x.ts`, or `./x/index.ts`), if it is one of `known`. */
function resolve(from: string, specifier: string, known: ReadonlySet<string>): string | undefined {
  const base = normalize(join(dirname(from), specifier));
  for (const candidate of [base.replace(/\.js$/, '.ts'), base, `${base}.ts`, join(base, 'index.ts')]) {
    if (known.has(candidate)) return candidate;
  }
  return undefined;
}

/**
 * The cycles among `files` (path to text) that carry a value: each group of files that import
 * one another round by imports that bring values (a strongly connected component of those
 * imports, Tarjan's).
 */
export function valueCycles(files: ReadonlyMap<string, string>): ValueCycle[] {
  const known = new Set(files.keys());
  const graph = new Map<string, Edge[]>();
  for (const [path, text] of files)
    graph.set(
      path,
      edgesOf(path, text, known).filter((edge) => edge.value),
    );
  const cycles: ValueCycle[] = [];
  for (const component of components(graph)) {
    if (component.length < 2) continue;
    const members = new Set(component);
    const valueImports = component.flatMap((from) =>
      (graph.get(from) ?? []).filter((edge) => members.has(edge.to)).map((edge) => `${from} → ${edge.to}`),
    );
    cycles.push({ files: [...component].sort(), valueImports: valueImports.sort() });
  }
  return cycles.sort((a, b) => a.files[0]!.localeCompare(b.files[0]!));
}

/** The strongly connected components of `graph`, without recursion (a long chain must not overflow). */
function components(graph: ReadonlyMap<string, readonly Edge[]>): string[][] {
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const onStack = new Set<string>();
  const stack: string[] = [];
  const found: string[][] = [];
  let next = 0;
  for (const start of graph.keys()) {
    if (index.has(start)) continue;
    // Each frame: a file and how many of its imports were followed.
    const frames: [string, number][] = [[start, 0]];
    index.set(start, next);
    low.set(start, next++);
    stack.push(start);
    onStack.add(start);
    while (frames.length > 0) {
      const frame = frames[frames.length - 1]!;
      const [node, at] = frame;
      const edges = graph.get(node) ?? [];
      if (at < edges.length) {
        frame[1]++;
        const to = edges[at]!.to;
        if (!index.has(to)) {
          index.set(to, next);
          low.set(to, next++);
          stack.push(to);
          onStack.add(to);
          frames.push([to, 0]);
        } else if (onStack.has(to)) low.set(node, Math.min(low.get(node)!, index.get(to)!));
        continue;
      }
      frames.pop();
      const parent = frames[frames.length - 1];
      if (parent) low.set(parent[0], Math.min(low.get(parent[0])!, low.get(node)!));
      if (low.get(node) !== index.get(node)) continue;
      const component: string[] = [];
      let member: string;
      do {
        member = stack.pop()!;
        onStack.delete(member);
        component.push(member);
      } while (member !== node);
      found.push(component);
    }
  }
  return found;
}
