/**
 * Watching a folder tree for changes, debounced: `fs.watch` with `recursive` where the platform
 * has it, else one watcher per folder, renewed after each change. Changes under hidden entries
 * (`.git/`) are ignored. The watchers never keep the process alive on their own.
 * @module
 */
import { watch, type FSWatcher } from 'node:fs';
import { readdir } from 'node:fs/promises';
import { join } from 'node:path';

/** Whether a path the watcher names (relative, either separator) passes through a hidden entry. */
function hidden(filename: string | Buffer | null | undefined): boolean {
  return typeof filename === 'string' && filename.split(/[\\/]/).some((s) => s.startsWith('.'));
}

/** The folders under `root` (itself included), hidden ones and symlinks left out. */
async function foldersUnder(root: string): Promise<string[]> {
  const found = [root];
  for (let i = 0; i < found.length; i++) {
    const entries = await readdir(found[i]!, { withFileTypes: true }).catch(() => []);
    for (const e of entries) if (e.isDirectory() && !e.name.startsWith('.')) found.push(join(found[i]!, e.name));
  }
  return found;
}

/**
 * Calls `changed` once things settle, `debounceMs` after the last change under `root`; returns
 * the function that stops watching.
 */
export function watchFolder(root: string, debounceMs: number, changed: () => void): () => void {
  let timer: ReturnType<typeof setTimeout> | undefined;
  let watchers: FSWatcher[] = [];
  let stopped = false;
  /** Without recursive watching: one watcher per folder, renewed once changes settle. */
  let perFolder = false;
  const settled = () => {
    if (stopped) return;
    if (perFolder) void renew();
    changed();
  };
  const settle = () => {
    clearTimeout(timer);
    timer = setTimeout(settled, debounceMs);
    timer.unref();
  };
  const onEvent = (_event: string, filename: string | Buffer | null) => {
    if (!hidden(filename)) settle();
  };
  const keep = (watcher: FSWatcher) => {
    watcher.unref();
    // A folder that went away, or a watch the system refused: load again, which says what failed.
    watcher.on('error', settle);
    watchers.push(watcher);
  };
  const renew = async () => {
    const folders = await foldersUnder(root);
    if (stopped) return;
    for (const w of watchers) w.close();
    watchers = [];
    for (const folder of folders) {
      try {
        keep(watch(folder, onEvent));
      } catch {
        // Gone since it was listed: its parent's watcher saw that.
      }
    }
  };
  try {
    keep(watch(root, { recursive: true }, onEvent));
  } catch {
    perFolder = true;
    void renew();
  }
  return () => {
    stopped = true;
    clearTimeout(timer);
    for (const w of watchers) w.close();
  };
}
