#!/usr/bin/env node
// The published build: the library bundled into a few ES modules (dist/lib), each entry point a
// file re-exporting its names from them, and the command line bundled on its own; then the
// declarations, from tsc. A process that starts mcpkit (an MCP server a host spawns for every
// session) reads four small files rather than seventy, and one copy of each module serves
// every entry point, so classes and module state are shared among them. (Measured: one chunk
// per combination of entry points was slower to start, for its many files; one file holding
// everything was slower too, for its size.)
// The code is bundled but not minified: an uncaught error then shows the line that threw and a
// stack of readable names under plain `node`, at a cost of a few kilobytes and no measurable
// start-up time (a minified bundle is one line, which Node prints whole as the throw site).
//   node scripts/build.mjs             bundles and declarations, as published: no source maps
//   node scripts/build.mjs --bundle    bundles only, with source maps (fast: the test command checks them)
import { spawnSync } from 'node:child_process';
import { copyFileSync, cpSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { build } from 'esbuild';
import { pruneDeclarations } from './prune-declarations.mjs';

/** Entry points, by their file in dist/ (package.json `exports` points at them), and their source. */
const ENTRIES = {
  index: 'src/index.ts',
  server: 'src/server/index.ts',
  client: 'src/client/index.ts',
  http: 'src/http/index.ts',
  stdio: 'src/node/stdio-entry.ts',
  node: 'src/node/index.ts',
  testing: 'src/testing/index.ts',
  auth: 'src/auth/index.ts',
  host: 'src/host/index.ts',
  'dev-auth-server': 'src/dev-auth-server/index.ts',
  redis: 'src/redis/index.ts',
  otel: 'src/otel/index.ts',
  express: 'src/express/index.ts',
  hono: 'src/hono/index.ts',
  fastify: 'src/fastify/index.ts',
};

const pkg = JSON.parse(readFileSync('package.json', 'utf8'));
// Runtime and peer dependencies stay packages of their own: installed once, loaded only when needed.
const external = [
  ...Object.keys({ ...pkg.dependencies, ...pkg.peerDependencies }).flatMap((name) => [name, `${name}/*`]),
  // The host of MCP App views is its own module (dist/app-host.js, for the browser too): the
  // Node bundles import it rather than hold a copy, so its classes (ViewError) are one.
  'mcpkit/app-host',
];
const bundleOnly = process.argv.includes('--bundle');
// Source maps only for the working tree's builds (tests run with --enable-source-maps): the
// published code is readable as it is, and its maps would be most of the package's size.
const common = {
  bundle: true,
  format: 'esm',
  platform: 'node',
  target: 'node20',
  sourcemap: bundleOnly,
  external,
  logLevel: 'warning',
};

rmSync('dist', { recursive: true, force: true });
mkdirSync('dist', { recursive: true });

// The names each entry point exports, as esbuild sees them.
const { metafile } = await build({
  ...common,
  entryPoints: ENTRIES,
  outdir: join('dist', 'names'),
  write: false,
  metafile: true,
  sourcemap: false,
});
const exportsOf = Object.fromEntries(
  Object.entries(metafile.outputs)
    .filter(([, output]) => output.entryPoint)
    .map(([, output]) => [output.entryPoint, output.exports]),
);

// The library in parts that share what they have in common (split chunks). Each entry point
// re-exports its names from its part. The parts of runtime-neutral entry points (`core`, `web`)
// hold no Node builtin, so a Worker or a page bundles them without `nodejs_compat` or shims:
// what needs Node (stdio, `listen`, the host, the fleet's store in Redis) is in parts of its own,
// which those entry points never load.
const PARTS = {
  core: ['index', 'server'],
  stdio: ['stdio'],
  // Hono's middleware names Hono by types only: it runs wherever the fetch handler does.
  web: ['client', 'http', 'testing', 'auth', 'hono'],
  // The Redis store is small and shares the fleet's code with the server: a part of its own would
  // split what it loads into more files. node-redis itself is external, loaded when a store
  // connects.
  // Express's and Fastify's adapters are the Node front behind a framework, naming it by types only.
  node: ['node', 'host', 'redis', 'express', 'fastify'],
  // The development authorization server shares nothing with the rest: a part of its own.
  dev: ['dev-auth-server'],
  // Only this part loads OpenTelemetry's API (an optional peer dependency), and only when it is
  // installed: the other parts never load it.
  otel: ['otel'],
};
const partOf = Object.fromEntries(
  Object.entries(PARTS).flatMap(([part, entries]) => entries.map((entry) => [entry, part])),
);
const parts = {
  name: 'parts',
  setup(b) {
    b.onResolve({ filter: /^part:/ }, (args) => ({ path: args.path.slice('part:'.length), namespace: 'part' }));
    b.onLoad({ filter: /.*/, namespace: 'part' }, (args) => ({
      contents: PARTS[args.path].map((entry) => `export * from ${JSON.stringify(resolve(ENTRIES[entry]))};`).join('\n'),
      resolveDir: process.cwd(),
      loader: 'ts',
    }));
  },
};
await build({
  ...common,
  entryPoints: Object.fromEntries(Object.keys(PARTS).map((part) => [part, `part:${part}`])),
  outdir: join('dist', 'lib'),
  splitting: true,
  chunkNames: 'shared-[hash]',
  plugins: [parts],
});
for (const [name, source] of Object.entries(ENTRIES)) {
  const names = exportsOf[source];
  if (!names) throw new Error(`no exports found for ${source}`);
  writeFileSync(join('dist', `${name}.js`), `export { ${names.join(', ')} } from './lib/${partOf[name]}.js';\n`);
}

// The command line: a process of its own, bundled alone. It imports the library by the
// package's names (`mcpkit/host`), which stay imports: Node resolves them to the package itself
// (its `exports`), installed or in this repository, so the command line loads the parts above
// and the package holds one copy of the library, not two. (Measured: `mcpkit --version` takes
// 40 to 60 ms more CPU, and `mcpkit example-server` answers its first request 30 to 60 ms later,
// than with a tree-shaken copy of its own in five files: an app importing the same entry points
// pays it too. The package is a megabyte smaller unpacked, in half the files.) What it loads
// only on demand and that imports an optional peer dependency statically (the OpenTelemetry
// SDK, when OTEL_* asks for export) is a chunk of its own: bundled inline, its imports would be
// hoisted into cli.js and loaded on every run, or fail it where the packages are not installed.
await build({
  ...common,
  entryPoints: { cli: 'src/cli/main.ts' },
  external: [...external, 'mcpkit', 'mcpkit/*'],
  outdir: 'dist',
  splitting: true,
  chunkNames: 'cli-chunks/[name]-[hash]',
});

// The view library of MCP Apps runs in a browser page: one self-contained module for the
// browser, sharing nothing with the Node bundles (whose chunks may hold Node builtins).
await build({
  ...common,
  platform: 'browser',
  target: 'es2022',
  entryPoints: { app: 'src/app/index.ts', 'app-host': 'src/app-host/index.ts' },
  outdir: 'dist',
});

// The inspector's page (`mcpkit inspect`): built here, shipped in the package, served by the
// command from dist/inspector/, so nothing is fetched from the network when it runs. Preact
// and the rest of the page's code are bundled in: they are not dependencies of the package.
await build({
  ...common,
  platform: 'browser',
  target: 'es2022',
  entryPoints: { page: 'src/cli/inspect/page/main.tsx' },
  outdir: join('dist', 'inspector'),
  // Everything the page uses is in it, mcpkit/app-host too: a page has no packages to import.
  external: [],
  minify: true,
  jsx: 'automatic',
  jsxImportSource: 'preact',
});
copyFileSync(join('src', 'cli', 'inspect', 'page', 'index.html'), join('dist', 'inspector', 'index.html'));

// The project template of `mcpkit init`, its TypeScript as written: the command copies it.
cpSync(join('src', 'cli', 'init', 'template'), join('dist', 'init-template'), { recursive: true });

if (!bundleOnly) {
  const tsc = spawnSync(join('node_modules', '.bin', 'tsc'), ['-p', 'tsconfig.build.json'], { stdio: 'inherit' });
  if (tsc.status !== 0) process.exit(tsc.status ?? 1);
  // tsc declares all of src/; the package ships what the entry points' types reach.
  pruneDeclarations(join('dist', 'types'), pkg.exports);
}
