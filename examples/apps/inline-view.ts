/**
 * A view's page made one self-contained HTML document, as a host's sandbox needs it (inline
 * scripts and styles only, nothing fetched): each `<link rel="stylesheet" href="./x.css">`
 * becomes a `<style>`, and each `<script type="module" src="./x.ts">` becomes an inline module
 * bundled with esbuild, `mcpkit/app` and all. The server does this once, at start-up.
 * @module
 */
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { build, type Plugin } from 'esbuild';

const STYLESHEET = /<link rel="stylesheet" href="\.\/([\w.-]+\.css)"\s*\/?>/g;
const MODULE_SCRIPT = /<script type="module" src="\.\/([\w.-]+\.ts)"><\/script>/g;

/** `mcpkit/app` as the package built it (dist/app.js): the browser bundle of the view library. */
const viewLibrary: Plugin = {
  name: 'mcpkit-app',
  setup(b) {
    const path = fileURLToPath(import.meta.resolve('mcpkit/app'));
    b.onResolve({ filter: /^mcpkit\/app$/ }, () => ({ path }));
  },
};

/** The page `file` of the folder `folder`, with its stylesheets and module scripts inlined. */
export async function inlineView(folder: string, file: string): Promise<string> {
  let html = await readFile(join(folder, file), 'utf8');
  html = await replaceEach(
    html,
    STYLESHEET,
    async (name) => `<style>\n${await readFile(join(folder, name), 'utf8')}</style>`,
  );
  html = await replaceEach(
    html,
    MODULE_SCRIPT,
    async (name) => `<script type="module">${await bundle(join(folder, name))}</script>`,
  );
  // What was not inlined would be fetched, and the sandbox fetches nothing: say so now, not in the host.
  const left = /<(?:script|link|img|iframe)\b[^>]*\s(?:src|href)=/i.exec(html);
  if (left) throw new Error(`${file}: ${left[0]}... is not inlined; a view is one self-contained document`);
  return html;
}

/** The module `entry` (TypeScript) and everything it imports, as one minified browser module. */
async function bundle(entry: string): Promise<string> {
  const { outputFiles } = await build({
    entryPoints: [entry],
    bundle: true,
    format: 'esm',
    platform: 'browser',
    target: 'es2022',
    write: false,
    minify: true,
    legalComments: 'none',
    logLevel: 'silent',
    plugins: [viewLibrary],
  });
  const code = outputFiles[0]?.text ?? '';
  // `</script` inside the code (in a string) would end the element early; `<\/` means the same to JavaScript.
  return code.replace(/<\/(script)/gi, '<\\/$1');
}

/** `text` with each match of `pattern` replaced by what `replace` makes of its first group. */
async function replaceEach(
  text: string,
  pattern: RegExp,
  replace: (group: string) => Promise<string>,
): Promise<string> {
  const matches = [...text.matchAll(pattern)];
  const replacements = await Promise.all(matches.map((m) => replace(m[1] ?? '')));
  let out = '';
  let at = 0;
  matches.forEach((m, i) => {
    out += text.slice(at, m.index) + replacements[i];
    at = m.index + m[0].length;
  });
  return out + text.slice(at);
}
