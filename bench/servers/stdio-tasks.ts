// mcpkit's workload `echo` over stdio twice: as a plain tool, and as `echo_task`, whose calls
// run as tasks when the client asks (2025-11-25), told to poll at once. The benchmark's line
// client sets a task beside a plain call of the same handler.
import { Server } from 'mcpkit/server';
import { StdioServerTransport } from 'mcpkit/stdio';
import { ECHO_INPUT_SCHEMA, SERVER_INFO } from '../workload.js';

const server = new Server(SERVER_INFO, { tasks: { pollIntervalMs: 1, maxActive: 1_000_000 } });
const echo = ({ text }: Record<string, unknown>) => ({ content: [{ type: 'text' as const, text: String(text) }] });
server.tool('echo', { description: 'Echoes the text', inputSchema: ECHO_INPUT_SCHEMA }, echo);
server.tool(
  'echo_task',
  { description: 'Echoes the text, as a task', inputSchema: ECHO_INPUT_SCHEMA, task: 'optional' },
  echo,
);
await server.connect(new StdioServerTransport());
