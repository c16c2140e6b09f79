// The Markdown of the repository: the README, the notes beside the code, the docs. Walked from
// the disk rather than asked of git, so a copy without history is checked the same.
import { readdirSync } from 'node:fs';
import { join, relative, sep } from 'node:path';

/** Folders that hold no Markdown of the project's own: installed, built or generated. */
const SKIPPED = new Set(['node_modules', 'build', 'dist', '.git', '.tools', 'coverage']);

/** Every `*.md` under `root`, as paths relative to it with `/` between folders, sorted. */
export function markdownFiles(root: string, dir = root, out: string[] = []): string[] {
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    if (entry.isDirectory()) {
      if (!SKIPPED.has(entry.name)) markdownFiles(root, join(dir, entry.name), out);
    } else if (entry.name.endsWith('.md')) {
      out.push(relative(root, join(dir, entry.name)).split(sep).join('/'));
    }
  }
  return out.sort();
}

/**
 * The backticked paths of `markdown` that name a file or folder of `src/` or `test/`, with the
 * line each is on. A path ends at a `#`, `:` or space (an anchor, a line number, a note after
 * it); one with a wildcard or a placeholder (`*`, `<`, `{`, `…`) names no one file and is left out.
 */
export function repositoryPaths(markdown: string): { path: string; line: number }[] {
  const found: { path: string; line: number }[] = [];
  markdown.split('\n').forEach((text, index) => {
    for (const [, quoted] of text.matchAll(/`((?:src|test)\/[^`]*)`/g)) {
      const path = quoted!.split(/[#: ]/)[0]!.replace(/\/$/, '');
      if (!/[*<{…]|\.\.\./.test(path)) found.push({ path, line: index + 1 });
    }
  });
  return found;
}
