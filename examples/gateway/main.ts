/**
 * A gateway: `mcpkit serve --config mcp.json --http` puts the two stdio servers of mcp.json
 * behind one Streamable HTTP endpoint, their tools named `<server>__<tool>`. This starts it on
 * a free port of 127.0.0.1, connects to it as any MCP client would, lists what it offers and
 * calls a tool of each server through it. Run: `npm run example -- gateway`.
 */
import { fileURLToPath } from 'node:url';
import { Client } from 'mcpkit/client';
import { connectHttp } from 'mcpkit/http';
import { startServing } from '../shared/serving.js';

// The package's command line (what `npx mcpkit` runs) and the configuration beside the source.
const cli = fileURLToPath(new URL('../../../dist/cli.js', import.meta.url));
const config = fileURLToPath(new URL('../../../examples/gateway/mcp.json', import.meta.url));

const gateway = await startServing(process.execPath, [cli, 'serve', '--config', config, '--http', '--port', '0']);
try {
  console.log(`gateway at ${gateway.url}`);
  const { session } = await connectHttp(new Client({ name: 'gateway-example', version: '1.0.0' }), gateway.url);
  console.log(`serverInfo: ${session.serverInfo?.name}`);
  const names: string[] = [];
  for await (const tool of session.tools()) names.push(tool.name);
  console.log(`tools: ${names.join(', ')}`);
  const found = await session.callTool({ name: 'notes__search_notes', arguments: { word: 'milk' } });
  console.log('notes__search_notes ->', found.content.map((block) => ('text' in block ? block.text : '')).join(''));
  const split = await session.callTool({ name: 'bills__split_bill', arguments: { total: 90, people: 3 } });
  console.log('bills__split_bill ->', JSON.stringify(split.structuredContent));
  await session.close();
} finally {
  await gateway.stop();
}
