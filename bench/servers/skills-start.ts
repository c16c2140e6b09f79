// One start of the skills figure, in a process of its own: serve the skills of a folder and list
// them all, and print {"ms", "skills", "errors"} as the last line. The clock runs from before the
// server is built (mcpkit loads the skills once built; the official SDK loads them before) to
// the last page of `skills/list`, asked by the same hand-written JSON-RPC client over each
// library's own in-memory transport: initialize, initialized, then `skills/list` until no
// `nextCursor`. Raw has no server: it walks the folder, reads every file, hashes it and builds
// the entries and their pages, the least any server of these skills does.
//   node skills-start.js <impl> <dir>
import { createHash } from 'node:crypto';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { LEGACY_VERSION } from '../drivers/line-client.js';
import { CLIENT_INFO, SERVER_INFO } from '../workload.js';

const PAGE = 100;

interface Listed {
  skills: number;
  errors: number;
}

type Message = { id?: number; result?: Record<string, unknown>; error?: unknown };

/** A minimal JSON-RPC client over `send`; `receive` is what the transport delivers to. */
function rawClient(send: (message: object) => Promise<void>) {
  const waiting = new Map<number, (message: Message) => void>();
  let next = 1;
  const receive = (message: unknown) => {
    const { id } = message as Message;
    if (typeof id === 'number') waiting.get(id)?.(message as Message);
    waiting.delete(id as number);
  };
  const request = async (method: string, params: object): Promise<Record<string, unknown>> => {
    const id = next++;
    const answer = new Promise<Message>((resolve) => waiting.set(id, resolve));
    await send({ jsonrpc: '2.0', id, method, params });
    const message = await answer;
    if (message.result === undefined) throw new Error(`${method}: ${JSON.stringify(message.error)}`);
    return message.result;
  };
  return { receive, request, notify: (method: string) => send({ jsonrpc: '2.0', method }) };
}

/** How many entries name the folder their SKILL.md is in, as a valid entry does. */
function countValid(skills: readonly { uri: string; frontmatter: { name: string } }[]): number {
  return skills.filter((skill) => skill.uri.endsWith(`/${skill.frontmatter.name}/SKILL.md`)).length;
}

/** Initializes a 2025-11-25 session, then lists every skill, page by page. */
async function listAll(client: ReturnType<typeof rawClient>): Promise<Listed> {
  await client.request('initialize', { protocolVersion: LEGACY_VERSION, capabilities: {}, clientInfo: CLIENT_INFO });
  await client.notify('notifications/initialized');
  let skills = 0;
  let cursor: string | undefined;
  do {
    const page = await client.request('skills/list', cursor === undefined ? {} : { cursor });
    skills += countValid(page.skills as Parameters<typeof countValid>[0]);
    cursor = page.nextCursor as string | undefined;
  } while (cursor !== undefined);
  return { skills, errors: 0 };
}

type Start = (dir: string) => Promise<Listed>;

async function mcpkit(): Promise<Start> {
  const [{ Server }, { folderSkills }, { createInMemoryPair }] = await Promise.all([
    import('mcpkit/server'),
    import('mcpkit/node'),
    import('mcpkit/testing'),
  ]);
  return async (dir) => {
    let errors = 0;
    const server = new Server(SERVER_INFO, { skills: folderSkills(dir), onError: () => errors++ });
    // Messages handed over as they are, as the SDK's in-memory transport does.
    const [serverEnd, clientEnd] = createInMemoryPair({ clone: false });
    const client = rawClient((message) => clientEnd.send(message as never));
    const ignore = () => {};
    await clientEnd.start({ onTransportMessage: client.receive, onTransportError: ignore, onTransportClose: ignore });
    const session = await server.connect(serverEnd);
    const listed = await listAll(client);
    await session.close();
    return { ...listed, errors: listed.errors + errors };
  };
}

async function sdkV2(): Promise<Start> {
  const [{ McpServer, InMemoryTransport }, { SkillCatalog }, { nodeSkillFiles }] = await Promise.all([
    import('@modelcontextprotocol/server'),
    import('@modelcontextprotocol/server/ext/skills'),
    import('@modelcontextprotocol/server/ext/skills/node'),
  ]);
  return async (dir) => {
    let errors = 0;
    const catalog = await SkillCatalog.load(nodeSkillFiles(dir), { onWarning: () => errors++ });
    const mcp = new McpServer(SERVER_INFO);
    catalog.attach(mcp);
    const [clientEnd, serverEnd] = InMemoryTransport.createLinkedPair();
    const client = rawClient((message) => clientEnd.send(message as never));
    clientEnd.onmessage = client.receive;
    await clientEnd.start();
    await mcp.connect(serverEnd);
    const listed = await listAll(client);
    await mcp.close();
    return { ...listed, errors: listed.errors + errors };
  };
}

/** The skills under `dir`: each folder with a SKILL.md, and every file under it (relative paths). */
function walk(dir: string, prefix: string, skills: Map<string, string[]>): void {
  const entries = readdirSync(join(dir, prefix), { withFileTypes: true });
  if (prefix !== '' && entries.some((e) => e.isFile() && e.name === 'SKILL.md')) {
    skills.set(prefix, filesUnder(dir, prefix));
    return;
  }
  for (const entry of entries) {
    if (entry.isDirectory()) walk(dir, prefix === '' ? entry.name : `${prefix}/${entry.name}`, skills);
  }
}

function filesUnder(dir: string, prefix: string): string[] {
  return readdirSync(join(dir, prefix), { withFileTypes: true }).flatMap((entry) => {
    const path = `${prefix}/${entry.name}`;
    return entry.isDirectory() ? filesUnder(dir, path) : entry.isFile() ? [path] : [];
  });
}

/** `key: value` lines between the first two `---` lines, split at the first colon. */
function frontMatter(text: string): Record<string, string> {
  const fields: Record<string, string> = {};
  const [, head = ''] = text.split(/^---$/m, 2);
  for (const line of head.split('\n')) {
    const colon = line.indexOf(':');
    if (colon > 0) fields[line.slice(0, colon).trim()] = line.slice(colon + 1).trim();
  }
  return fields;
}

/** Walks the folder, reads and hashes every file, builds the entries and their pages as JSON. */
async function raw(dir: string): Promise<Listed> {
  const found = new Map<string, string[]>();
  walk(dir, '', found);
  const entries = [...found.keys()].sort().map((skill) => {
    let frontmatter: Record<string, string> = {};
    const resources = found.get(skill)!.map((file) => {
      const bytes = readFileSync(join(dir, file));
      if (file === `${skill}/SKILL.md`) frontmatter = frontMatter(bytes.toString('utf8'));
      const digest = `sha256:${createHash('sha256').update(bytes).digest('hex')}`;
      return { uri: `skill://${file}`, digest, size: bytes.length };
    });
    return { uri: `skill://${skill}/SKILL.md`, frontmatter, resources };
  });
  let skills = 0;
  for (let at = 0; at < entries.length; at += PAGE) {
    const page = JSON.parse(JSON.stringify({ skills: entries.slice(at, at + PAGE) })) as { skills: never[] };
    skills += countValid(page.skills);
  }
  return { skills, errors: 0 };
}

const PREPARE: Record<string, () => Promise<Start>> = { raw: async () => raw, mcpkit, 'sdk-v2': sdkV2 };

const [impl, dir] = process.argv.slice(2) as [string, string];
const prepare = PREPARE[impl];
if (prepare === undefined) throw new Error(`skills-start: no start for ${impl}`);
// The libraries are loaded before the clock starts: the figure is the start, not the import.
const start = await prepare();
const started = performance.now();
const listed = await start(dir);
const ms = performance.now() - started;
process.stdout.write(`${JSON.stringify({ ms, ...listed })}\n`);
