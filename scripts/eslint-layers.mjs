// An ESLint plugin with one rule, `layers`: the imports of src/ follow the layer order that
// docs/design.md describes, so the shape holds by rule rather than by habit. eslint.config.js
// gives the order; this file knows how to read an import.
//
// What it checks, for each import, re-export, dynamic import and import type of a file in src/:
// - a relative import stays in src/ (nothing of examples/, test/ or bench/ is published);
// - a folder imports its own files and the layers below it, never a layer beside or above;
// - a folder that uses the library as an app does (the command line) imports it only through
//   the package's entry points (`mcpkit`, `mcpkit/client`, ...), and only from there;
// - `node:*` (or a bare builtin name) only in the folders that may depend on Node;
// - any other package only when package.json declares it (a dependency or a peer dependency):
//   a development dependency is not installed beside the published package.
import { builtinModules } from 'node:module';
import { readFileSync } from 'node:fs';
import { dirname, isAbsolute, join, relative, resolve, sep } from 'node:path';

const BUILTINS = new Set(builtinModules);

/**
 * The package's name, the specifiers of its entry points and the packages it declares it needs
 * (dependencies and peer dependencies), read from package.json.
 */
function packageEntries(root) {
  const pkg = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8'));
  const entries = Object.keys(pkg.exports ?? {})
    .filter((key) => key !== './package.json')
    .map((key) => (key === '.' ? pkg.name : `${pkg.name}/${key.slice(2)}`));
  const declared = new Set([...Object.keys(pkg.dependencies ?? {}), ...Object.keys(pkg.peerDependencies ?? {})]);
  return { name: pkg.name, entries: new Set(entries), declared };
}

/** The package a bare specifier names: `@scope/name` or `name`, without a path inside it. */
function packageOf(specifier) {
  const parts = specifier.split('/');
  return specifier.startsWith('@') ? parts.slice(0, 2).join('/') : parts[0];
}

/**
 * The folder of src/ a path lies in (`jsonrpc`, `http`, ...; `index.ts` for the root entry), or
 * undefined outside src/.
 */
function folderOf(srcDir, path) {
  const inside = relative(srcDir, path);
  if (inside === '' || inside.startsWith('..') || isAbsolute(inside)) return undefined;
  return inside.split(sep)[0];
}

/** `src/a/b.ts` for a path, with the compiled `.js` an import names read as its `.ts` source. */
function sourceName(root, path) {
  return relative(root, path).split(sep).join('/').replace(/\.js$/, '.ts');
}

const layers = {
  meta: {
    type: 'problem',
    docs: { description: 'Imports in src/ follow the layer order of docs/design.md' },
    schema: [
      {
        type: 'object',
        properties: {
          root: { type: 'string' },
          layers: { type: 'array', items: { type: 'array', items: { type: 'string' } } },
          publicOnly: { type: 'array', items: { type: 'string' } },
          nodeBuiltins: { type: 'array', items: { type: 'string' } },
          // Code built into a page at build time (under `under`) may import these development
          // dependencies: they are bundled into the page, not needed where the package runs.
          bundled: {
            type: 'array',
            items: {
              type: 'object',
              properties: { under: { type: 'string' }, packages: { type: 'array', items: { type: 'string' } } },
              required: ['under', 'packages'],
              additionalProperties: false,
            },
          },
          exceptions: {
            type: 'array',
            items: {
              type: 'object',
              properties: { from: { type: 'string' }, to: { type: 'string' } },
              required: ['from', 'to'],
              additionalProperties: false,
            },
          },
        },
        required: ['root', 'layers'],
        additionalProperties: false,
      },
    ],
    messages: {
      outside: "src/ imports nothing outside it: '{{specifier}}' is {{target}}, which is not part of the package.",
      layer:
        'src/{{from}} may not import src/{{to}}: a layer imports only the layers below it ({{order}}; docs/design.md, "Layers").',
      unplaced:
        'src/{{folder}} is in no layer: give it its place in the layer order of eslint.config.js and docs/design.md.',
      publicOnly:
        "src/{{from}} uses the library only through its entry points ({{entries}}): '{{specifier}}' reaches into src/{{to}}.",
      notEntry: "'{{specifier}}' is not an entry point of the package ({{entries}}).",
      selfImport:
        "Inside the library, import by relative path: '{{specifier}}' would load the published copy beside this one.",
      node: "'{{specifier}}' only in {{allowed}}: the rest of the library runs on any runtime.",
      undeclared:
        "'{{specifier}}' is not declared in package.json: add {{dependency}} to dependencies (or as an optional peer dependency) and say why in DEPENDENCIES.md.",
    },
  },
  create(context) {
    const options = context.options[0];
    const root = options.root;
    const srcDir = join(root, 'src');
    const from = folderOf(srcDir, context.filename);
    if (from === undefined) return {};
    const rank = new Map(options.layers.flatMap((folders, level) => folders.map((folder) => [folder, level])));
    const publicOnly = new Set(options.publicOnly ?? []);
    const nodeBuiltins = options.nodeBuiltins ?? [];
    // The folders that use only the entry points sit on top: nothing in the library imports them.
    const order = [...options.layers, [...publicOnly]]
      .filter((folders) => folders.length > 0)
      .map((folders) => folders.join(', '))
      .join(' < ');
    const { name, entries, declared } = packageEntries(root);
    const entryList = [...entries].join(', ');
    const excepted = new Set((options.exceptions ?? []).map((e) => `${e.from} -> ${e.to}`));
    const file = sourceName(root, context.filename);

    function check(source) {
      if (!source || typeof source.value !== 'string') return;
      const specifier = source.value;
      const report = (messageId, data = {}) =>
        context.report({ node: source, messageId, data: { specifier, ...data } });

      if (specifier.startsWith('.')) {
        const target = resolve(dirname(context.filename), specifier);
        const to = folderOf(srcDir, target);
        if (to === undefined) return report('outside', { target: relative(root, target).split(sep).join('/') });
        if (to === from) return;
        if (publicOnly.has(from)) return report('publicOnly', { from, to, entries: entryList });
        if (excepted.has(`${file} -> ${sourceName(root, target)}`)) return;
        if (publicOnly.has(to)) return report('layer', { from, to, order });
        // An unplaced importer is reported once, on its file.
        if (!rank.has(from)) return;
        if (!rank.has(to)) return report('unplaced', { folder: to });
        if (rank.get(to) >= rank.get(from)) report('layer', { from, to, order });
        return;
      }
      if (specifier.startsWith('node:') || BUILTINS.has(specifier.split('/')[0])) {
        if (!nodeBuiltins.includes(from))
          report('node', { allowed: nodeBuiltins.map((f) => `src/${f}/`).join(' and ') });
        return;
      }
      if (specifier === name || specifier.startsWith(`${name}/`)) {
        if (!publicOnly.has(from)) report('selfImport');
        else if (!entries.has(specifier)) report('notEntry', { entries: entryList });
        return;
      }
      const dependency = packageOf(specifier);
      const bundledHere = (options.bundled ?? []).some(
        (b) => file.startsWith(b.under) && b.packages.includes(dependency),
      );
      if (!declared.has(dependency) && !bundledHere) report('undeclared', { dependency });
    }

    return {
      Program: (node) => {
        if (!rank.has(from) && !publicOnly.has(from))
          context.report({ node, messageId: 'unplaced', data: { folder: from } });
      },
      ImportDeclaration: (node) => check(node.source),
      ExportNamedDeclaration: (node) => check(node.source),
      ExportAllDeclaration: (node) => check(node.source),
      ImportExpression: (node) => check(node.source),
      TSImportType: (node) => check(node.source),
    };
  },
};

export default { meta: { name: 'mcpkit-layers' }, rules: { layers } };
