/**
 * Starts the typed-tools server (server.ts) over stdio, shows the JSON Schema its Zod schemas
 * became, and calls `split_bill`: once with the tip left to its default, once with arguments the
 * schema refuses. Run: `npm run example -- typed-tools`.
 */
import { fileURLToPath } from 'node:url';
import { Client } from 'mcpkit/client';
import { CommandTransport } from 'mcpkit/stdio';

const serverFile = fileURLToPath(new URL('server.js', import.meta.url));
const session = await new Client({ name: 'typed-tools-example', version: '1.0.0' }).connect(
  new CommandTransport({ command: process.execPath, args: [serverFile] }),
);
for await (const tool of session.tools())
  console.log(`${tool.name} takes ${JSON.stringify(tool.inputSchema.properties)}`);
const split = await session.callTool({ name: 'split_bill', arguments: { total: 90, people: 3 } });
console.log('split_bill ->', JSON.stringify(split.structuredContent));
const refused = await session.callTool({ name: 'split_bill', arguments: { total: -5, people: 0 } });
console.log(`split_bill refused: ${refused.isError === true}`);
await session.close();
