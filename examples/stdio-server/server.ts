/**
 * A server over stdio: two tools whose arguments are checked against a Zod schema, a resource
 * and a prompt. A client starts it as a child process and speaks on its stdin and stdout; what
 * it logs goes to stderr, which stays free for people. Any client runs it:
 * `npx mcpkit list -- node build/examples/stdio-server/server.js`, or Claude Desktop with
 * `{"command": "node", "args": ["<path>/build/examples/stdio-server/server.js"]}`.
 */
import { z } from 'zod';
import { Server } from 'mcpkit/server';
import { StdioServerTransport } from 'mcpkit/stdio';

const server = new Server({ name: 'notes', version: '1.0.0' });
const notes: string[] = ['Buy milk'];

server.tool(
  'add_note',
  {
    description: 'Adds a note to the list.',
    inputSchema: z.object({ text: z.string().min(1).describe('What to remember') }),
    outputSchema: z.object({ count: z.number().int() }),
  },
  ({ text }) => {
    notes.push(text);
    return { structuredContent: { count: notes.length } };
  },
);

server.tool(
  'search_notes',
  {
    description: 'The notes that contain a word.',
    inputSchema: z.object({ word: z.string() }),
    annotations: { readOnlyHint: true },
  },
  ({ word }) => {
    const found = notes.filter((note) => note.toLowerCase().includes(word.toLowerCase()));
    return { content: [{ type: 'text', text: found.length > 0 ? found.join('\n') : `No note mentions ${word}.` }] };
  },
);

server.resource('notes://all', { name: 'all notes', mimeType: 'text/plain' }, () => notes.join('\n'));

server.prompt('summarize_notes', { arguments: [{ name: 'style' }] }, ({ style }) => ({
  messages: [
    {
      role: 'user',
      content: { type: 'text', text: `Summarize these notes${style ? ` (${style})` : ''}:\n${notes.join('\n')}` },
    },
  ],
}));

const session = await server.connect(new StdioServerTransport());
await session.finished;
