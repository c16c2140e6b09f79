/** The package's version and peer ranges, read from the nearest package.json (the layout differs between builds). */
import { existsSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

interface Manifest {
  name?: string;
  version?: string;
  peerDependencies?: Record<string, string>;
}

function readManifest(): Manifest | undefined {
  let dir = dirname(fileURLToPath(import.meta.url));
  for (;;) {
    const file = join(dir, 'package.json');
    if (existsSync(file)) {
      const pkg = JSON.parse(readFileSync(file, 'utf8')) as Manifest;
      if (pkg.name === 'mcpkit' && pkg.version) return pkg;
    }
    const parent = dirname(dir);
    if (parent === dir) return undefined;
    dir = parent;
  }
}

const MANIFEST = readManifest();

export const VERSION: string = MANIFEST?.version ?? '0.0.0';

/**
 * `name@range` for an optional peer dependency, to tell a user what to install: the newest
 * release may be one this version does not run with.
 */
export function peerSpec(name: string): string {
  const range = MANIFEST?.peerDependencies?.[name];
  return range === undefined ? name : `${name}@${range}`;
}
