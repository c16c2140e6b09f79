/**
 * `mcpkit list`: what servers offer: tools, resources, resource templates and prompts; of one
 * server given directly, or of every server of a configuration (or those named), grouped by
 * server, with the names the catalog gives tools and prompts.
 */
import type { Host } from 'mcpkit/host';
import type { ClientSession } from 'mcpkit/client';
import { withConfigHost } from '../config-host.js';
import { EXIT } from '../exit-codes.js';
import { withSession } from '../connect.js';
import { parseCommand } from '../options.js';
import { columns, describeParams } from '../render.js';
import { UsageError } from '../server-target.js';

type Item = Record<string, unknown>;

/** What one server offers, tools and prompts under the names to call them by. */
interface Offer {
  tools: Item[];
  resources: Item[];
  resourceTemplates: Item[];
  prompts: Item[];
}

export async function runList(args: string[]): Promise<number> {
  const { options, positionals, target, config } = parseCommand('list', args);
  if (config !== undefined) {
    return withConfigHost(config, options, async (host) => {
      const offers = await configOffers(host, positionals);
      if (options.json) {
        console.log(JSON.stringify({ servers: offers }, null, 2));
        return 0;
      }
      let first = true;
      for (const [name, offer] of Object.entries(offers)) {
        const status = host.servers.find((s) => s.name === name)!;
        if (!first) console.log('');
        first = false;
        const info = status.serverInfo;
        const about = info
          ? `${String(info.title ?? info.name)} ${info.version} (protocol ${status.protocolVersion})`
          : `${status.state}${status.error ? `: ${status.error}` : ''}`;
        console.log(`${name}: ${about}`);
        if (offer) printOffer(offer, '  ');
      }
      // A server that could not be listed is shown failed; the command fails with it.
      const failed = host.servers.some((s) => s.name in offers && s.state === 'failed');
      return failed ? EXIT.connection : EXIT.ok;
    });
  }
  if (positionals.length > 0) throw new UsageError(`unexpected arguments: ${positionals.join(' ')}`);
  return withSession(target!, options, async (session) => {
    const offer = await readOffer(session);
    if (options.json) {
      console.log(JSON.stringify(offer, null, 2));
      return 0;
    }
    const info = session.serverInfo;
    console.log(`${String(info.title ?? info.name)} ${info.version} (protocol ${session.protocolVersion})`);
    printOffer(offer, '');
    return 0;
  });
}

/** Each server's offer (or `null` when it could not be reached), in the configuration's order. */
async function configOffers(host: Host, only: string[]): Promise<Record<string, Offer | null>> {
  const known = host.servers.map((s) => s.name);
  for (const name of only)
    if (!known.includes(name))
      throw new UsageError(`no server named ${JSON.stringify(name)} in the configuration (${known.join(', ')})`);
  const servers = only.length > 0 ? only : known;
  const scope = { servers };
  const [tools, resources, templates, prompts] = await Promise.all([
    host.tools(scope),
    host.resources(scope),
    host.resourceTemplates(scope),
    host.prompts(scope),
  ]);
  const offers: Record<string, Offer | null> = {};
  for (const name of servers) {
    const state = host.servers.find((s) => s.name === name)?.state;
    offers[name] =
      state !== 'ready'
        ? null
        : {
            tools: tools.filter((t) => t.server === name).map((t) => ({ ...t.tool, name: t.name })),
            resources: resources.filter((r) => r.server === name).map((r) => r.resource),
            resourceTemplates: templates.filter((t) => t.server === name).map((t) => t.template),
            prompts: prompts.filter((p) => p.server === name).map((p) => ({ ...p.prompt, name: p.name })),
          };
  }
  return offers;
}

function printOffer(offer: Offer, indent: string): void {
  const section = (title: string, items: Item[], row: (item: Item) => [string, string]) => {
    if (items.length === 0) return;
    console.log(`\n${indent}${title} (${items.length})`);
    for (const line of columns(items.map(row), `${indent}  `)) console.log(line);
  };
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

function text(value: unknown): string {
  return typeof value === 'string' ? value : '';
}

function promptArgs(args: unknown): string {
  if (!Array.isArray(args)) return '';
  return args.map((a: Item) => `${String(a.name)}${a.required ? '' : '?'}`).join(', ');
}
