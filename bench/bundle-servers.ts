// Each benchmark server as one file of its own code (bundled with esbuild), its packages left
// as they are published: mcpkit's dist/, the official SDKs' own builds. So every implementation
// is started the same way, and a cold start counts the library's loading, not the benchmark's.
import { readdirSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';
import { PROFILE_BANNER } from './profile.js';

const ROOT = fileURLToPath(new URL('../../', import.meta.url));
export const BUNDLED_DIR = fileURLToPath(new URL('../../build/bench/bundled/', import.meta.url));

/** Bundles the servers; with `profile`, each profiles itself (see profile.ts). */
export async function bundleServers(profile = false): Promise<void> {
  const servers = readdirSync(`${ROOT}bench/servers`).filter(
    (name) => /^(stdio|http)-[\w-]+\.ts$/.test(name) && name !== 'http-serving.ts',
  );
  await build({
    absWorkingDir: ROOT,
    entryPoints: servers.map((name) => `bench/servers/${name}`),
    outdir: BUNDLED_DIR,
    outExtension: { '.js': '.mjs' },
    bundle: true,
    format: 'esm',
    platform: 'node',
    target: 'node20',
    packages: 'external',
    // The tsconfig maps mcpkit's own names to its sources for type checking; here they must stay
    // imports of the package (its dist/), as a user's server makes them.
    external: ['mcpkit', 'mcpkit/*'],
    logLevel: 'warning',
    ...(profile ? { banner: { js: PROFILE_BANNER } } : {}),
  });
}
