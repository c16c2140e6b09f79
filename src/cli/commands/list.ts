/** `mcpkit list`: what a server offers: tools, resources, resource templates and prompts. */
import type { ClientSession } from 'mcpkit/client';
import { withSession } from '../connect.js';
import { parseCommand } from '../options.js';
import { columns, describeParams } from '../render.js';
import { UsageError } from '../server-target.js';

type Item = Record<string, unknown>;

interface Offer {
  tools: Item[];
  resources: Item[];
  resourceTemplates: Item[];
  prompts: Item[];
}

export async function runList(args: string[]): Promise<number> {
  const { options, positionals, target } = parseCommand('list', args);
  if (positionals.length > 0) throw new UsageError(`unexpected arguments: ${positionals.join(' ')}`);
  return withSession(target, options, async (session) => {
    const offer = await readOffer(session);
    if (options.json) {
      console.log(JSON.stringify(offer, null, 2));
      return 0;
    }
    const info = session.serverInfo;
    console.log(`${String(info.title ?? info.name)} ${info.version} (protocol ${session.protocolVersion})`);
    section('Tools', offer.tools, (t) => [`${String(t.name)}(${describeParams(t.inputSchema)})`, text(t.description)]);
    section('Resources', offer.resources, (r) => [
      String(r.uri),
      [text(r.title ?? r.name), r.mimeType ? `(${String(r.mimeType)})` : ''].join(' '),
    ]);
    section('Resource templates', offer.resourceTemplates, (r) => [
      String(r.uriTemplate),
      text(r.description ?? r.title ?? r.name),
    ]);
    section('Prompts', offer.prompts, (p) => [`${String(p.name)}(${promptArgs(p.arguments)})`, text(p.description)]);
    return 0;
  });
}

/** Everything the server declares, every page of it. */
async function readOffer(session: ClientSession): Promise<Offer> {
  const caps = session.serverCapabilities;
  return {
    tools: caps.tools ? await all(session, 'tools/list', 'tools') : [],
    resources: caps.resources ? await all(session, 'resources/list', 'resources') : [],
    resourceTemplates: caps.resources ? await all(session, 'resources/templates/list', 'resourceTemplates') : [],
    prompts: caps.prompts ? await all(session, 'prompts/list', 'prompts') : [],
  };
}

async function all(session: ClientSession, method: string, key: string): Promise<Item[]> {
  const items: Item[] = [];
  const seen = new Set<string>();
  let cursor: string | undefined;
  do {
    const page = await session.request(method, cursor === undefined ? {} : { cursor });
    items.push(...((page[key] as Item[] | undefined) ?? []));
    cursor = typeof page.nextCursor === 'string' ? page.nextCursor : undefined;
    if (cursor !== undefined && seen.has(cursor)) throw new Error(`${method}: the server repeated cursor ${cursor}`);
    if (cursor !== undefined) seen.add(cursor);
  } while (cursor !== undefined);
  return items;
}

function section(title: string, items: Item[], row: (item: Item) => [string, string]): void {
  if (items.length === 0) return;
  console.log(`\n${title} (${items.length})`);
  for (const line of columns(items.map(row))) console.log(line);
}

function text(value: unknown): string {
  return typeof value === 'string' ? value : '';
}

function promptArgs(args: unknown): string {
  if (!Array.isArray(args)) return '';
  return args.map((a: Item) => `${String(a.name)}${a.required ? '' : '?'}`).join(', ');
}
