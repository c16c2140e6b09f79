// The TypeScript blocks of a Markdown file, as modules to compile. Each ```ts block is a module
// of its own, unless the line before its fence is `<!-- continued -->`: then it is appended to
// the module of the block before it, so a fragment (the HTTP lines that serve the quick start's
// `server`) compiles with what it builds on and the README need not repeat it.

/** One module made of README blocks, with where each of its lines came from. */
export interface BlockModule {
  /** The module's text. */
  text: string;
  /** For each line of `text` (0-based), the 1-based line of the Markdown file it came from. */
  sourceLines: number[];
}

const FENCE_OPEN = /^```(?:ts|typescript)\s*$/;
const CONTINUED = /^<!--\s*continued\s*-->\s*$/;

/**
 * Every TypeScript module the Markdown's blocks make, in order. Throws on an unclosed block or a
 * lone `<!-- continued -->`.
 */
export function typeScriptModules(markdown: string): BlockModule[] {
  const lines = markdown.split('\n');
  const modules: BlockModule[] = [];
  let fenced = false;
  for (let i = 0; i < lines.length; i++) {
    const line = lines[i]!;
    if (!fenced && line.startsWith('```') && !FENCE_OPEN.test(line)) {
      fenced = true; // a block in another language: skip to its end
      continue;
    }
    if (fenced) {
      if (line.trimEnd() === '```') fenced = false;
      continue;
    }
    if (!FENCE_OPEN.test(line)) continue;
    const end = lines.indexOf('```', i + 1);
    if (end === -1) throw new Error(`line ${i + 1}: the TypeScript block is not closed`);
    const body = lines.slice(i + 1, end);
    const numbers = body.map((_, k) => i + 2 + k);
    if (CONTINUED.test(lines[i - 1] ?? '')) {
      const previous = modules.at(-1);
      if (!previous) throw new Error(`line ${i}: <!-- continued --> with no TypeScript block before it`);
      previous.text += `\n${body.join('\n')}`;
      previous.sourceLines.push(...numbers);
    } else {
      modules.push({ text: body.join('\n'), sourceLines: numbers });
    }
    i = end;
  }
  return modules;
}
