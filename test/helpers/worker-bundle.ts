// A Worker script bundled as a Workers user's bundler does it (wrangler's esbuild): the browser
// platform, the `workerd` and `worker` conditions, one ES module. `mcpkit/*` resolves to the
// built dist/ through the package's `exports`, as the package is published, never to src/.
import { readFileSync } from 'node:fs';
import { build, type Plugin } from 'esbuild';
import { fileURLToPath } from 'node:url';

const ROOT = fileURLToPath(new URL('../../../', import.meta.url));

/** The bundle of `entry` (a path from the repository's root), or of `source` resolved there. */
export async function bundleForWorkers(input: { entry: string } | { source: string }): Promise<string> {
  const result = await build({
    ...('entry' in input
      ? { entryPoints: [ROOT + input.entry] }
      : { stdin: { contents: input.source, resolveDir: ROOT, loader: 'ts' } }),
    bundle: true,
    platform: 'browser',
    conditions: ['workerd', 'worker', 'browser'],
    format: 'esm',
    write: false,
    logLevel: 'silent',
    // The repository's tsconfig maps `mcpkit/*` to src/: a user's project has no such paths.
    tsconfigRaw: {},
    plugins: [publishedMcpkit()],
  });
  const [output] = result.outputFiles;
  if (output === undefined) throw new Error('esbuild wrote no bundle');
  return output.text;
}

/** Resolves `mcpkit` and `mcpkit/<entry>` by the `exports` of package.json, to dist/. */
function publishedMcpkit(): Plugin {
  const exportsMap = (
    JSON.parse(readFileSync(ROOT + 'package.json', 'utf8')) as {
      exports: Record<string, { default: string } | string>;
    }
  ).exports;
  return {
    name: 'published-mcpkit',
    setup(b) {
      b.onResolve({ filter: /^mcpkit(\/|$)/ }, (args) => {
        const target = exportsMap[`.${args.path.slice('mcpkit'.length)}`];
        if (target === undefined || typeof target === 'string') return { errors: [{ text: `no export ${args.path}` }] };
        return { path: ROOT + target.default.slice(2) };
      });
    },
  };
}
