/**
 * Starts the notes server (server.ts) as a child process, as any MCP client would, and uses
 * everything it offers: lists its tools, calls them (one with arguments its schema refuses),
 * reads its resource and gets its prompt. Run: `npm run example -- stdio-server`.
 */
import { fileURLToPath } from 'node:url';
import { Client } from 'mcpkit/client';
import { CommandTransport } from 'mcpkit/stdio';

const serverFile = fileURLToPath(new URL('server.js', import.meta.url));
const client = new Client({ name: 'stdio-example', version: '1.0.0' });
const session = await client.connect(new CommandTransport({ command: process.execPath, args: [serverFile] }));

for await (const tool of session.tools()) console.log(`tool ${tool.name}: ${tool.description}`);

const added = await session.callTool({ name: 'add_note', arguments: { text: 'Call Ada about the launch' } });
console.log('add_note ->', JSON.stringify(added.structuredContent));
const found = await session.callTool({ name: 'search_notes', arguments: { word: 'ada' } });
console.log('search_notes ->', textOf(found.content));
// Arguments the schema refuses come back as an error the model can read, not as an exception.
const refused = await session.callTool({ name: 'add_note', arguments: { text: 42 } });
console.log(`add_note with a number -> isError ${refused.isError === true}: ${textOf(refused.content)}`);

const resource = await session.readResource({ uri: 'notes://all' });
const first = resource.contents[0];
console.log('notes://all ->', first && 'text' in first ? JSON.stringify(first.text) : '(no text)');
const prompt = await session.getPrompt({ name: 'summarize_notes', arguments: { style: 'one line' } });
console.log('summarize_notes ->', textOf(prompt.messages.map((message) => message.content)));

await session.close();

function textOf(content: readonly { type: string }[]): string {
  return content.map((block) => ('text' in block ? String(block.text) : `[${block.type}]`)).join(' ');
}
