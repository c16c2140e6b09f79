/**
 * A server's tools as the Tools tab lists them: every page of `tools/list` fetched, the list
 * filtered by what the user types, a tool's annotations as words, and its icons split into
 * those the page may show (`data:` images, which its CSP allows) and those it only names.
 * Pure, apart from the fetch it is handed.
 * @module
 */

/** A tool, as `tools/list` describes it. */
export interface Tool {
  name: string;
  title?: string;
  description?: string;
  inputSchema?: unknown;
  outputSchema?: unknown;
  annotations?: Record<string, unknown>;
  icons?: unknown[];
  /** `taskSupport`: whether its calls may (`optional`), must (`required`) or may not be tasks. */
  execution?: { taskSupport?: unknown };
  _meta?: Record<string, unknown>;
}

/** Pages fetched at most: a server whose cursors never end is stopped here. */
export const MAX_PAGES = 100;

/** Every tool, following `nextCursor` until the last page; throws when the pages never end. */
export async function listAll(page: (cursor: string | undefined) => Promise<Record<string, unknown>>): Promise<Tool[]> {
  const tools: Tool[] = [];
  const seen = new Set<string>();
  let cursor: string | undefined;
  for (let pages = 0; pages < MAX_PAGES; pages++) {
    const listed = await page(cursor);
    if (Array.isArray(listed.tools)) tools.push(...listed.tools.filter(isTool));
    const next = listed.nextCursor;
    if (typeof next !== 'string' || next === '') return tools;
    if (seen.has(next)) throw new Error(`tools/list gave the cursor ${JSON.stringify(next)} twice`);
    seen.add(next);
    cursor = next;
  }
  throw new Error(`tools/list had more than ${MAX_PAGES} pages`);
}

function isTool(value: unknown): value is Tool {
  return typeof value === 'object' && value !== null && typeof (value as Tool).name === 'string';
}

/** The name to show: the title, else the annotations' title, else the name. */
export function toolTitle(tool: Tool): string | undefined {
  const title = tool.title ?? tool.annotations?.title;
  return typeof title === 'string' && title.trim() !== '' && title !== tool.name ? title : undefined;
}

/** The tools whose name, title or description holds every word of `query` (case ignored). */
export function filterTools(tools: Tool[], query: string): Tool[] {
  const words = query.toLowerCase().split(/\s+/).filter(Boolean);
  if (words.length === 0) return tools;
  return tools.filter((tool) => {
    const text = [tool.name, toolTitle(tool) ?? '', tool.description ?? ''].join('\n').toLowerCase();
    return words.every((word) => text.includes(word));
  });
}

/** The hints a tool's annotations state, in words (`read-only`, `destructive`, ...). */
export function hintWords(tool: Tool): string[] {
  const a = tool.annotations ?? {};
  const words: string[] = [];
  if (a.readOnlyHint === true) words.push('read-only');
  if (a.destructiveHint === true) words.push('destructive');
  if (a.destructiveHint === false) words.push('not destructive');
  if (a.idempotentHint === true) words.push('idempotent');
  if (a.openWorldHint === true) words.push('open world');
  if (a.openWorldHint === false) words.push('closed world');
  return words;
}

/** A tool's icons: the `data:` images shown, and the sources of the rest, named. */
export function toolIcons(tool: Tool): { shown: { src: string; sizes?: string }[]; named: string[] } {
  const shown: { src: string; sizes?: string }[] = [];
  const named: string[] = [];
  for (const icon of tool.icons ?? []) {
    const src = typeof icon === 'object' && icon !== null ? (icon as { src?: unknown }).src : undefined;
    if (typeof src !== 'string' || src === '') continue;
    const sizes = (icon as { sizes?: unknown }).sizes;
    if (/^data:image\//i.test(src))
      shown.push({ src, ...(Array.isArray(sizes) && sizes.length > 0 ? { sizes: sizes.join(' ') } : {}) });
    else named.push(src);
  }
  return { shown, named };
}

/**
 * Whether a call of `tool` is sent as a task (with `task`): in the stateful era, a tool whose
 * calls must be tasks refuses a call without one. In the stateless era the server decides.
 */
export function callsAsTask(tool: Tool, era: 'stateful' | 'stateless' | undefined): boolean {
  return era === 'stateful' && tool.execution?.taskSupport === 'required';
}

/** Whether a call of `tool` may be sent as a task, at the user's choice (stateful era, `optional`). */
export function offersTask(tool: Tool, era: 'stateful' | 'stateless' | undefined): boolean {
  return era === 'stateful' && tool.execution?.taskSupport === 'optional';
}
