// Interoperability of MCP Apps: the official v2 client (@modelcontextprotocol/client 2.4.0) reads
// an mcpkit server's app tools and views over Streamable HTTP on a real socket, in 2025-11-25
// (the handshake) and 2026-07-28 (pinned), and finds them with the official ext-apps 2.0.4
// helpers: a tool's view by getToolUiResourceUri, the view's document of the view's type with
// its _meta.ui, each tool's visibility kept; and the mcpkit server's rendersApps sees the
// extension the official client declares, and only when it declares it.
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { Client as SdkClient, StreamableHTTPClientTransport } from '@modelcontextprotocol/client';
import {
  getToolUiResourceUri,
  isToolVisibilityAppOnly,
  isToolVisibilityModelOnly,
  RESOURCE_MIME_TYPE,
} from '@modelcontextprotocol/ext-apps/app-bridge';
import { EXTENSION_ID } from '@modelcontextprotocol/ext-apps/server';
import { listen, type ListeningServer } from 'mcpkit/node';
import { LISTED_UI, LISTED_URI, VIEW_HTML, VIEW_UI, VIEW_URI, weatherAppsServer } from '../helpers/apps-weather.js';

const MODES = [
  { version: '2025-11-25', mode: 'legacy' as const },
  { version: '2026-07-28', mode: { pin: '2026-07-28' } as const },
];

describe('the official v2 client reads an mcpkit server’s apps', () => {
  let http: ListeningServer;
  before(async () => {
    http = await listen(weatherAppsServer(), { port: 0, host: '127.0.0.1' });
  });
  after(async () => {
    await http.close();
  });

  async function connect(
    mode: (typeof MODES)[number]['mode'],
    declares: boolean,
  ): Promise<SdkClient & { [Symbol.asyncDispose](): Promise<void> }> {
    const client = new SdkClient(
      { name: 'sdk-apps-host', version: '1.0.0' },
      {
        versionNegotiation: { mode },
        ...(declares && { capabilities: { extensions: { [EXTENSION_ID]: { mimeTypes: [RESOURCE_MIME_TYPE] } } } }),
      },
    );
    await client.connect(new StreamableHTTPClientTransport(new URL(http.url)));
    return Object.assign(client, { [Symbol.asyncDispose]: () => client.close() });
  }

  for (const { version, mode } of MODES) {
    it(`finds each tool’s view and visibility with the ext-apps helpers, in ${version}`, async () => {
      await using client = await connect(mode, true);
      assert.equal(client.getNegotiatedProtocolVersion(), version);
      const { tools } = await client.listTools();
      const tool = (name: string) => tools.find((t) => t.name === name)!;
      assert.equal(getToolUiResourceUri(tool('forecast')), VIEW_URI);
      assert.equal(getToolUiResourceUri(tool('outlook')), LISTED_URI);
      assert.equal(getToolUiResourceUri(tool('plain')), undefined);
      assert.equal(getToolUiResourceUri(tool('refresh')), undefined);
      assert.equal(isToolVisibilityAppOnly(tool('refresh')), true);
      assert.equal(isToolVisibilityModelOnly(tool('report')), true);
      assert.equal(getToolUiResourceUri(tool('report')), VIEW_URI);
      assert.equal(isToolVisibilityAppOnly(tool('forecast')) || isToolVisibilityModelOnly(tool('forecast')), false);
      // The flat key older hosts read, beside the nested one.
      assert.equal(tool('forecast')._meta?.['ui/resourceUri'], VIEW_URI);
      // A view named wrong: the official helper refuses it as mcpkit's host does.
      assert.throws(() => getToolUiResourceUri(tool('broken')), /Invalid UI resource URI/);
    });

    it(`reads a view of the view’s type, with its _meta.ui on the content and the listing, in ${version}`, async () => {
      await using client = await connect(mode, true);
      const read = await client.readResource({ uri: VIEW_URI });
      assert.equal(read.contents.length, 1);
      const [content] = read.contents as { uri: string; mimeType?: string; text?: string; _meta?: unknown }[];
      assert.equal(content!.uri, VIEW_URI);
      assert.equal(content!.mimeType, RESOURCE_MIME_TYPE);
      assert.equal(content!.text, VIEW_HTML);
      assert.deepEqual((content!._meta as { ui?: unknown }).ui, VIEW_UI);

      const { resources } = await client.listResources();
      const listed = (uri: string) => resources.find((r) => r.uri === uri);
      assert.equal(listed(VIEW_URI)?.mimeType, RESOURCE_MIME_TYPE);
      assert.deepEqual(listed(VIEW_URI)?._meta?.ui, VIEW_UI);
      assert.deepEqual(listed(LISTED_URI)?._meta?.ui, LISTED_UI);
    });

    it(`lets the mcpkit server see the extension the official client declares, in ${version}`, async () => {
      const answer = async (declares: boolean) => {
        await using client = await connect(mode, declares);
        const result = await client.callTool({ name: 'capability', arguments: {} });
        const [block] = result.content as { type: string; text: string }[];
        return JSON.parse(block!.text) as { renders: boolean; declared: unknown };
      };
      assert.deepEqual(await answer(true), { renders: true, declared: { mimeTypes: [RESOURCE_MIME_TYPE] } });
      assert.deepEqual(await answer(false), { renders: false, declared: null });
    });
  }
});
