/**
 * A host: the application side of MCP, with many servers. It reads an `mcpServers` file (the
 * format of Claude Desktop, Cursor and `.mcp.json`; mcp.json beside this file by default),
 * starts each server when first needed, lists every tool in one catalog (named
 * `<server>__<tool>`) and calls tools of two servers, asking consent where the file's rules say
 * to. Run: `npm run example -- host [config.json]`.
 */
import { fileURLToPath } from 'node:url';
import { Host, readConfig, type ConsentAnswer } from 'mcpkit/host';

// From build/examples/host/ to the file beside the source.
const file = process.argv[2] ?? fileURLToPath(new URL('../../../examples/host/mcp.json', import.meta.url));
const { servers } = await readConfig(file); // every mistake in it named with its server and field
const host = new Host({
  servers,
  // Asked when no rule of the configuration decides (and the server is not a trusted one whose
  // tool is read-only). A real app asks its user; this one allows and says so.
  consent: async (request): Promise<ConsentAnswer> => {
    if (request.kind === 'tool') console.log(`consent asked for ${request.name}: allowed`);
    return 'allow';
  },
});
try {
  const tools = await host.tools(); // starts every server and reads its tools
  console.log(`${tools.length} tools: ${tools.map((tool) => tool.name).join(', ')}`);
  for (const status of host.servers) console.log(`server ${status.name}: ${status.state}, ${status.protocolVersion}`);

  const calls: [string, Record<string, unknown>][] = [
    ['notes__search_notes', { word: 'milk' }], // trusted and read-only: runs unasked
    ['notes__add_note', { text: 'Water the plants' }], // not read-only: consent is asked
    ['example__add', { a: 2, b: 40 }], // the configuration allows it
  ];
  for (const [name, args] of calls) {
    const result = await host.callTool(name, args);
    const text = result.content.map((block) => ('text' in block ? block.text : '')).join('');
    console.log(`${name} -> ${result.structuredContent ? JSON.stringify(result.structuredContent) : text}`);
  }
} finally {
  await host.close(); // stops every server it started
}
