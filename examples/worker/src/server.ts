/**
 * The MCP server the Worker serves: two tools, a resource and a prompt. Its schemas are plain
 * JSON Schema, checked by an interpreting validator: a Worker refuses code generation.
 */
import { Server } from 'mcpkit/server';

/** A new server with the example's tools, resource and prompt. */
export function createServer(): Server {
  const server = new Server({ name: 'mcpkit-worker', version: '1.0.0' });

  server.tool(
    'add',
    {
      description: 'Adds two numbers.',
      inputSchema: {
        type: 'object',
        properties: { a: { type: 'number' }, b: { type: 'number' } },
        required: ['a', 'b'],
        additionalProperties: false,
      },
    },
    ({ a, b }) => ({ content: [{ type: 'text', text: String(Number(a) + Number(b)) }] }),
  );

  server.tool(
    'countdown',
    {
      description: 'Counts down from `from` to zero, reporting progress at each step.',
      inputSchema: {
        type: 'object',
        properties: { from: { type: 'integer', minimum: 1, maximum: 10 } },
        required: ['from'],
      },
    },
    async ({ from }, ctx) => {
      const total = Number(from);
      for (let step = 1; step <= total; step++) {
        await ctx.progress(step, total, `${total - step} to go`);
      }
      return { content: [{ type: 'text', text: 'liftoff' }] };
    },
  );

  server.resource(
    'info://worker',
    { name: 'worker', description: 'Where this server runs.', mimeType: 'text/plain' },
    () => `Served by mcpkit from ${typeof navigator === 'undefined' ? 'an unknown runtime' : navigator.userAgent}.`,
  );

  server.prompt(
    'summarize',
    { description: 'Asks for a summary of a text.', arguments: [{ name: 'text', required: true }] },
    ({ text }) => ({
      messages: [{ role: 'user', content: { type: 'text', text: `Summarize in one sentence:\n${text}` } }],
    }),
  );

  return server;
}
