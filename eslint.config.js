// Lint rules that catch real bugs in asynchronous protocol code, and the layer order of src/;
// style is left to the formatter.
import tseslint from 'typescript-eslint';
import layers from './scripts/eslint-layers.mjs';

// The layers of src/, bottom first (docs/design.md, "Layers"). A folder imports its own files
// and the folders of the lines above its own; folders on one line do not import each other.
const LAYERS = [
  ['internal'], // small helpers any layer may use
  ['jsonrpc'], // JSON-RPC 2.0, the transport contract, Connection
  // the spec's types; schema validation; framing and the in-memory pair; OAuth for HTTP, both sides
  ['types', 'schema', 'transports', 'auth'],
  // MCP sessions, without features; the page inside an MCP App's view (browser only), and what
  // a host of views needs (their policy)
  ['protocol', 'app', 'app-host'],
  ['server', 'client'], // the features of each side
  ['http'], // Streamable HTTP and HTTP+SSE, on any runtime
  // Node's adapters, the development authorization server, the fleet's store in Redis, the test
  // helpers, the `mcpkit` entry point
  ['node', 'dev-auth-server', 'redis', 'otel', 'testing', 'index.ts'],
  // a Server inside an Express, Fastify or Hono app: the Node front, or the fetch front for Hono
  ['express', 'fastify', 'hono'],
];

export default tseslint.config(
  { ignores: ['build/', 'dist/', 'node_modules/', 'bench/vendor/'] },
  // A disable comment that disables nothing is a rule forgotten, not a rule kept.
  { linterOptions: { reportUnusedDisableDirectives: 'error' } },
  ...tseslint.configs.recommended,
  {
    files: ['**/*.ts', '**/*.tsx'],
    languageOptions: {
      parserOptions: { projectService: true, tsconfigRootDir: import.meta.dirname },
    },
    rules: {
      '@typescript-eslint/no-floating-promises': [
        'error',
        // node:test's describe/it return promises the runner itself tracks.
        {
          allowForKnownSafeCalls: [
            { from: 'package', package: 'node:test', name: ['describe', 'it', 'test', 'suite'] },
          ],
        },
      ],
      '@typescript-eslint/no-misused-promises': ['error', { checksVoidReturn: false }],
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/no-explicit-any': 'error',
      '@typescript-eslint/consistent-type-imports': 'error',
      'no-console': ['error', { allow: ['error', 'warn'] }],
    },
  },
  {
    files: ['src/cli/**/*.ts', 'test/**/*.ts', 'scripts/**', 'examples/**/*.ts'],
    rules: { 'no-console': 'off' },
  },
  {
    // The library as published; the unit tests beside it are not part of it.
    files: ['src/**/*.ts', 'src/**/*.tsx'],
    ignores: ['src/**/*.test.ts'],
    plugins: { mcpkit: layers },
    rules: {
      'mcpkit/layers': [
        'error',
        {
          root: import.meta.dirname,
          layers: LAYERS,
          // The host and the command line use the library as an app does: through the entry points alone.
          publicOnly: ['host', 'cli'],
          // Only these may need Node itself; the rest runs on Bun, Deno and Workers too.
          nodeBuiltins: ['node', 'dev-auth-server', 'redis', 'host', 'cli'],
          // The inspector's page is built into dist/inspector/ with its UI library in it.
          bundled: [{ under: 'src/cli/inspect/page/', packages: ['preact', 'micromark'] }],
        },
      ],
    },
  },
  {
    // The budgets of CONTRIBUTING.md: a file or a function past them is doing more than one job.
    files: ['src/**/*.ts', 'src/**/*.tsx'],
    rules: {
      'max-lines': ['error', { max: 600 }],
      'max-lines-per-function': ['error', { max: 80, skipBlankLines: true, skipComments: true }],
    },
  },
  {
    // One style of private member: JavaScript's own, private at run time as well as in the types.
    // And one seam through it: a class gives other modules of the library access to its #
    // members through one `/** @internal */ export const <name>Access` object, filled in its
    // `static {}` block, never through `export let` functions assigned there. (Both in one rule:
    // a later configuration's `no-restricted-syntax` would replace this one for these files.)
    files: ['src/**/*.ts', 'src/**/*.tsx'],
    rules: {
      'no-restricted-syntax': [
        'error',
        {
          // A constructor may stay `private`: there is no `#constructor`.
          selector: [
            'PropertyDefinition[accessibility="private"]',
            'AccessorProperty[accessibility="private"]',
            'MethodDefinition[accessibility="private"][kind!="constructor"]',
            'TSParameterProperty[accessibility="private"]',
          ].join(', '),
          message:
            'Use a #private member, not the `private` keyword: one style of private member, private at run time too.',
        },
        {
          selector: "ExportNamedDeclaration > VariableDeclaration[kind='let']",
          message:
            'Do not export a `let`: give other modules access to a class through one `/** @internal */ export const <name>Access` object filled in its `static {}` block (see `sessionAccess`), and a mutable value through functions.',
        },
      ],
    },
  },
);
