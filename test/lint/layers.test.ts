// The layer order of src/ holds by rule: the project's own ESLint configuration, run through
// ESLint's API on deliberate violations placed (as text) where they would do harm, reports each
// one, and reports nothing on the tree as it is.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { oneRule } from '../helpers/one-rule.js';

const { eslint, errors: layerErrors } = oneRule('mcpkit/layers');

describe('the layer order of src/', () => {
  it('refuses an import of a layer above, which would bring back the jsonrpc/transports cycle', async () => {
    const errors = await layerErrors(
      'src/jsonrpc/violation.ts',
      "import { LineSplitter } from '../transports/ndjson.js';\nexport { LineSplitter };\n",
    );
    assert.equal(errors.length, 1);
    assert.match(
      errors[0]!,
      /^1: src\/jsonrpc may not import src\/transports: a layer imports only the layers below it \(internal < jsonrpc < types, schema, transports, auth < protocol, app, app-host < /,
    );
  });

  it('refuses imports between folders of one layer, and of HTTP by the features', async () => {
    const code =
      "import { Client } from '../client/client.js';\nexport * from '../http/mcp-headers.js';\nexport { Client };\n";
    const errors = await layerErrors('src/server/violation.ts', code);
    assert.deepEqual(
      errors.map((e) => e.replace(/: a layer imports.*/, '')),
      ['1: src/server may not import src/client', '2: src/server may not import src/http'],
    );
  });

  it('refuses node:* and bare builtins outside src/node/, src/dev-auth-server/, src/redis/, src/host/ and src/cli/, in every form of import', async () => {
    const code = [
      "import { randomUUID } from 'node:crypto';",
      "import { readFileSync } from 'fs';",
      "export type Http = typeof import('node:http');",
      "export const load = () => import('node:child_process');",
      'export { randomUUID, readFileSync };',
    ].join('\n');
    const errors = await layerErrors('src/protocol/violation.ts', code);
    assert.deepEqual(errors, [
      "1: 'node:crypto' only in src/node/ and src/dev-auth-server/ and src/redis/ and src/host/ and src/cli/: the rest of the library runs on any runtime.",
      "2: 'fs' only in src/node/ and src/dev-auth-server/ and src/redis/ and src/host/ and src/cli/: the rest of the library runs on any runtime.",
      "3: 'node:http' only in src/node/ and src/dev-auth-server/ and src/redis/ and src/host/ and src/cli/: the rest of the library runs on any runtime.",
      "4: 'node:child_process' only in src/node/ and src/dev-auth-server/ and src/redis/ and src/host/ and src/cli/: the rest of the library runs on any runtime.",
    ]);
    assert.deepEqual(await layerErrors('src/node/allowed.ts', code), []);
    assert.deepEqual(await layerErrors('src/dev-auth-server/allowed.ts', code), []);
    assert.deepEqual(await layerErrors('src/redis/allowed.ts', code), []);
  });

  it('keeps the command line on the public entry points', async () => {
    const code = [
      "import { Client } from 'mcpkit/client';",
      "import { Session } from '../protocol/session.js';",
      "import { Server } from 'mcpkit/src/server/index.js';",
      "import { UsageError } from './server-target.js';",
      'export { Client, Session, Server, UsageError };',
    ].join('\n');
    const errors = await layerErrors('src/cli/violation.ts', code);
    assert.equal(errors.length, 2);
    assert.match(
      errors[0]!,
      /^2: src\/cli uses the library only through its entry points \(mcpkit, mcpkit\/server, .*\): '\.\.\/protocol\/session\.js' reaches into src\/protocol\.$/,
    );
    assert.match(errors[1]!, /^3: 'mcpkit\/src\/server\/index\.js' is not an entry point of the package/);
  });

  it('refuses what is not part of the package, and the package by its own name', async () => {
    const code = [
      "import { createEverythingServer } from '../../examples/client/main.js';",
      "import { ScriptedTransport } from '../../test/helpers/scripted-transport.js';",
      "import { run } from '../../bench/run.js';",
      "import { Server } from 'mcpkit/server';",
      'export { createEverythingServer, ScriptedTransport, run, Server };',
    ].join('\n');
    const errors = await layerErrors('src/http/violation.ts', code);
    assert.deepEqual(errors, [
      "1: src/ imports nothing outside it: '../../examples/client/main.js' is examples/client/main.js, which is not part of the package.",
      "2: src/ imports nothing outside it: '../../test/helpers/scripted-transport.js' is test/helpers/scripted-transport.js, which is not part of the package.",
      "3: src/ imports nothing outside it: '../../bench/run.js' is bench/run.js, which is not part of the package.",
      "4: Inside the library, import by relative path: 'mcpkit/server' would load the published copy beside this one.",
    ]);
  });

  it('refuses a package that package.json does not declare, a development one too', async () => {
    const code = [
      "import { z } from 'zod';",
      "import type { Ajv } from 'ajv';",
      "export const load = () => import('@modelcontextprotocol/sdk/client/index.js');",
      'export { z, type Ajv };',
    ].join('\n');
    const errors = await layerErrors('src/server/violation.ts', code);
    assert.deepEqual(errors, [
      "1: 'zod' is not declared in package.json: add zod to dependencies (or as an optional peer dependency) and say why in DEPENDENCIES.md.",
      "3: '@modelcontextprotocol/sdk/client/index.js' is not declared in package.json: add @modelcontextprotocol/sdk to dependencies (or as an optional peer dependency) and say why in DEPENDENCIES.md.",
    ]);
  });

  it('asks a new folder for its place in the order', async () => {
    const errors = await layerErrors(
      'src/tasks/violation.ts',
      "import { Session } from '../protocol/session.js';\nexport { Session };\n",
    );
    assert.deepEqual(errors, [
      '1: src/tasks is in no layer: give it its place in the layer order of eslint.config.js and docs/design.md.',
    ]);
  });

  it('finds nothing against the order in src/ as it is', async () => {
    const results = await eslint.lintFiles(['src']);
    assert.ok(results.length > 100, `linted ${results.length} files of src/`);
    assert.deepEqual(
      results.flatMap((r) => r.messages.map((m) => `${r.filePath}:${m.line}: ${m.message}`)),
      [],
    );
  });
});
