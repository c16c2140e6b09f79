// The runtime-neutral entry points bundle for a page or a Worker as they are published: each one,
// with the dependencies it loads, holds no Node builtin, so a Worker needs no `nodejs_compat` and
// a page no shims. esbuild, told the platform is the browser, refuses any `node:` import it meets
// (static or dynamic), which is what a Worker's or a page's bundler does.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';

const ROOT = fileURLToPath(new URL('../../../', import.meta.url));
const NEUTRAL = ['index', 'server', 'client', 'http', 'testing', 'auth', 'hono', 'app', 'app-host'];

describe('the runtime-neutral entry points, bundled for the browser platform', () => {
  for (const entry of NEUTRAL) {
    it(`${entry === 'index' ? 'mcpkit' : `mcpkit/${entry}`} reaches no Node builtin`, async () => {
      const result = await build({
        stdin: { contents: `export * from './dist/${entry}.js';`, resolveDir: ROOT },
        bundle: true,
        platform: 'browser',
        format: 'esm',
        write: false,
        logLevel: 'silent',
      }).catch((error: { errors?: { text: string }[] }) => error);
      const errors = 'errors' in result ? (result.errors ?? []).map((e) => e.text) : [];
      assert.deepEqual(errors, [], `bundling dist/${entry}.js for the browser`);
    });
  }
});
