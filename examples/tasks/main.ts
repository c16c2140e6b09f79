/**
 * Starts the reports server (server.ts) over stdio, calls its slow tool as a task, polls the
 * task's state until it ends, then collects its result. Run: `npm run example -- tasks`.
 */
import { setTimeout as sleep } from 'node:timers/promises';
import { fileURLToPath } from 'node:url';
import { Client, ToolTask } from 'mcpkit/client';
import { CommandTransport } from 'mcpkit/stdio';

const serverFile = fileURLToPath(new URL('server.js', import.meta.url));
const session = await new Client({ name: 'tasks-example', version: '1.0.0' }).connect(
  new CommandTransport({ command: process.execPath, args: [serverFile] }),
);

const started = await session.callToolAsTask({ name: 'build_report', arguments: { sections: 3 } });
if (!(started instanceof ToolTask)) throw new Error('the server answered at once rather than with a task');
console.log(`task ${started.taskId} created`); // keep the id: session.task(id) finds it again

// Poll by hand, at the interval the server asks for (`started.result()` would do this itself).
let state = await started.status();
let shown = '';
while (state.status === 'working' || state.status === 'input_required') {
  const line = `status: ${state.status}${state.statusMessage ? ` (${state.statusMessage})` : ''}`;
  if (line !== shown) console.log((shown = line)); // each change once
  await sleep(state.pollIntervalMs ?? 1000);
  state = await started.status();
}
console.log(`status: ${state.status}`);
const result = await started.result(); // the outcome of a task that ended
console.log('result:', result.content.map((block) => ('text' in block ? block.text : '')).join(''));
await session.close();
