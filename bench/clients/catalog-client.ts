// One measurement of the catalog figure, in a process of its own: connect to every server of
// the fleet and list all their tools, the way each implementation would, and print
// {"ms", "tools", "errors"} as the last line. All speak 2025-11-25 (sessions) so the work on
// the wire is the same: initialize, initialized, tools/list.
//   node catalog-client.js <impl> <urls.json>
import { readFileSync } from 'node:fs';
import type { Implementation } from '../figure.js';
import { CLIENT_INFO } from '../workload.js';

const LEGACY = '2025-11-25';

/** The hand-written baseline: fetch, JSON or an event stream back, no library. */
async function raw(urls: readonly string[]): Promise<number> {
  const post = async (url: string, body: object, session?: string) => {
    const response = await fetch(url, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        accept: 'application/json, text/event-stream',
        'mcp-protocol-version': LEGACY,
        ...(session && { 'mcp-session-id': session }),
      },
      body: JSON.stringify(body),
    });
    const text = await response.text();
    const json = response.headers.get('content-type')?.includes('text/event-stream')
      ? text
          .split('\n')
          .filter((line) => line.startsWith('data:'))
          .map((line) => line.slice(5))
          .join('')
      : text;
    return { session: response.headers.get('mcp-session-id') ?? session, json: json ? JSON.parse(json) : undefined };
  };
  const counts = await Promise.all(
    urls.map(async (url) => {
      const init = await post(url, {
        jsonrpc: '2.0',
        id: 1,
        method: 'initialize',
        params: { protocolVersion: LEGACY, capabilities: {}, clientInfo: CLIENT_INFO },
      });
      await post(url, { jsonrpc: '2.0', method: 'notifications/initialized' }, init.session!);
      let tools = 0;
      let cursor: string | undefined;
      let id = 2;
      do {
        const page = await post(
          url,
          { jsonrpc: '2.0', id: id++, method: 'tools/list', params: cursor ? { cursor } : {} },
          init.session!,
        );
        tools += page.json.result.tools.length;
        cursor = page.json.result.nextCursor;
      } while (cursor);
      return tools;
    }),
  );
  return counts.reduce((a, b) => a + b, 0);
}

async function mcpkit(urls: readonly string[]): Promise<number> {
  const { Host } = await import('mcpkit/host');
  const host = new Host({
    servers: Object.fromEntries(urls.map((url, i) => [`s${i}`, { type: 'http' as const, url }])),
    clientInfo: CLIENT_INFO,
    era: 'legacy',
    eraCache: false,
  });
  const tools = await host.tools();
  await host.close();
  return tools.length;
}

/** What an application writes with an SDK's `Client`: every server at once, every page of tools. */
interface SdkClient {
  connect(transport: never): Promise<void>;
  listTools(params: { cursor?: string }): Promise<{ tools: unknown[]; nextCursor?: string }>;
  close(): Promise<void>;
}

async function listWithSdk(
  urls: readonly string[],
  open: (url: URL) => { client: SdkClient; transport: unknown },
): Promise<number> {
  const counts = await Promise.all(
    urls.map(async (url) => {
      const { client, transport } = open(new URL(url));
      await client.connect(transport as never);
      let tools = 0;
      let cursor: string | undefined;
      do {
        const page = await client.listTools(cursor ? { cursor } : {});
        tools += page.tools.length;
        cursor = page.nextCursor;
      } while (cursor);
      await client.close();
      return tools;
    }),
  );
  return counts.reduce((a, b) => a + b, 0);
}

async function sdkV1(urls: readonly string[]): Promise<number> {
  const { Client } = await import('@modelcontextprotocol/sdk/client/index.js');
  const { StreamableHTTPClientTransport } = await import('@modelcontextprotocol/sdk/client/streamableHttp.js');
  return listWithSdk(urls, (url) => ({
    client: new Client(CLIENT_INFO) as unknown as SdkClient,
    transport: new StreamableHTTPClientTransport(url),
  }));
}

async function sdkV2(urls: readonly string[]): Promise<number> {
  const { Client, StreamableHTTPClientTransport } = await import('@modelcontextprotocol/client');
  return listWithSdk(urls, (url) => ({
    client: new Client(CLIENT_INFO, { versionNegotiation: { mode: 'legacy' } }) as unknown as SdkClient,
    transport: new StreamableHTTPClientTransport(url),
  }));
}

const LIST: Record<Implementation, (urls: readonly string[]) => Promise<number>> = {
  raw,
  mcpkit,
  'sdk-v1': sdkV1,
  'sdk-v2': sdkV2,
};

const [impl, urlsFile] = process.argv.slice(2) as [Implementation, string];
const urls = JSON.parse(readFileSync(urlsFile, 'utf8')) as string[];
// The libraries are loaded before the clock starts: the figure is the listing, not the import.
await LIST[impl]([]);
const start = performance.now();
const tools = await LIST[impl](urls);
const ms = performance.now() - start;
process.stdout.write(`${JSON.stringify({ ms, tools, errors: 0 })}\n`);
