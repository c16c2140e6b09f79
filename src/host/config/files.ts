/**
 * The configuration's files on disk: finding the one a directory holds, and reading one with a
 * reason fit for a message when it cannot be read.
 * @module
 */
import { readFile, stat } from 'node:fs/promises';
import { join, resolve } from 'node:path';

/** Where the tools that share this format keep a project's configuration, in the order looked at. */
const CANDIDATES = ['.mcp.json', join('.vscode', 'mcp.json'), join('.cursor', 'mcp.json'), 'mcp.json'];

/**
 * The configuration file of the directory `dir` (default `process.cwd()`): the first of
 * `.mcp.json` (Claude Code), `.vscode/mcp.json` (VS Code), `.cursor/mcp.json` (Cursor) and
 * `mcp.json` that exists there, as an absolute path; undefined when there is none. Parent
 * directories are not searched.
 */
export async function findConfig(dir: string = process.cwd()): Promise<string | undefined> {
  for (const candidate of CANDIDATES) {
    const path = resolve(dir, candidate);
    const found = await stat(path).then(
      (s) => s.isFile(),
      () => false,
    );
    if (found) return path;
  }
  return undefined;
}

/** A file's text, or why it could not be read (`no such file`, `permission denied`...). */
export async function readText(path: string): Promise<{ text: string } | { reason: string }> {
  try {
    return { text: await readFile(path, 'utf8') };
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    if (code === 'ENOENT') return { reason: 'no such file' };
    if (code === 'EACCES' || code === 'EPERM') return { reason: 'permission denied' };
    if (code === 'EISDIR') return { reason: 'it is a directory' };
    return { reason: (error as Error).message };
  }
}
