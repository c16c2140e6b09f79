/**
 * A chat with a model that uses MCP tools: a host with the notes server (mcp.json beside this
 * file), its LLM bridge to the model the environment names (model.ts), and one question
 * answered, the tool calls shown as they happen. Run:
 * `OPENAI_API_KEY=... npm run example -- chat ["your question"]`.
 */
import { fileURLToPath } from 'node:url';
import { Host, readConfig } from 'mcpkit/host';
import { modelFromEnvironment } from './model.js';

const model = modelFromEnvironment();
if (typeof model === 'string') {
  console.error(`No model: ${model}.`);
  process.exit(2);
}
const question = process.argv[2] ?? 'Which of my notes mention milk?';
const { servers } = await readConfig(fileURLToPath(new URL('../../../examples/chat/mcp.json', import.meta.url)));
// The trusted notes server's read-only tool runs unasked. Without a consent hook, any other
// call is refused, and the model reads why; a real app asks its user in `consent`.
const host = new Host({ servers, model });
try {
  console.log(`you: ${question}`);
  for await (const event of host.chat([{ role: 'user', content: question }])) {
    if (event.type === 'text')
      process.stdout.write(event.text); // streamed as it comes
    else if (event.type === 'tool_call')
      console.log(`[calls ${event.call.name} ${JSON.stringify(event.call.arguments)}]`);
    else if (event.type === 'tool_result')
      console.log(
        `[${event.call.name} answered: ${event.result.content.map((b) => ('text' in b ? b.text : '')).join('')}]`,
      );
    else if (event.type === 'tool_error') console.log(`[${event.call.name} failed: ${event.error.message}]`);
    else if (event.type === 'done') console.log(`\n(${event.steps} model calls, ended by ${event.stopReason})`);
  }
} finally {
  await host.close();
}
