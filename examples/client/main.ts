/**
 * A client that starts a server as a child process, answers its sampling, elicitation and
 * roots requests, walks its tools and calls one. Run: `npm run example -- client` (it starts
 * the example server with `mcpkit example-server`).
 */
import { fileURLToPath } from 'node:url';
import { Client } from 'mcpkit/client';
import { CommandTransport } from 'mcpkit/stdio';

// The built package's command line (dist/cli.js, what `npx mcpkit` runs), from build/examples/client/.
const cli = fileURLToPath(new URL('../../../dist/cli.js', import.meta.url));

const client = new Client(
  { name: 'my-app', version: '1.0.0' },
  {
    // Declaring a handler declares the capability.
    sampling: async () => ({
      role: 'assistant',
      content: { type: 'text', text: 'Leaves fall, code compiles.' },
      model: 'local',
    }),
    elicitation: { form: async () => ({ action: 'accept', content: { name: 'Ada' } }) },
    roots: [{ uri: 'file:///home/me/project', name: 'project' }],
  },
);
const session = await client.connect(
  new CommandTransport({ command: process.execPath, args: [cli, 'example-server'] }),
);

for await (const tool of session.tools()) console.log(tool.name); // walks every page
const result = await session.callTool(
  { name: 'count', arguments: { n: 2, delayMs: 10 } },
  { timeoutMs: 10_000, onprogress: (p) => console.log('progress', p.progress, p.total) },
);
console.log(result.content);
for (const name of ['ask_name', 'haiku', 'roots']) {
  const answer = await session.callTool({ name, arguments: { topic: 'autumn' } });
  console.log(name, '->', answer.content);
}
session.on('toolsListChanged', () => console.log('tools changed'));
await session.close(); // closes stdin, waits, then SIGTERM, then SIGKILL
