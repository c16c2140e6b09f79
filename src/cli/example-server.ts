/**
 * The example server that `mcpkit example-server` runs: a few tools that show calls,
 * progress, cancellation and tool errors.
 * @module
 */
import { Server } from '../server/index.js';

export function createExampleServer(): Server {
  const server = new Server(
    { name: 'mcpkit-example', version: '0.1.0', title: 'mcpkit example server' },
    { instructions: 'Example tools: echo text, add numbers, count slowly with progress, fail on purpose.' },
  );

  server.tool(
    'echo',
    {
      description: 'Echoes the given text back.',
      inputSchema: { type: 'object', properties: { text: { type: 'string', description: 'Text to echo' } }, required: ['text'] },
    },
    ({ text }) => ({ content: [{ type: 'text', text: String(text) }] }),
  );

  server.tool(
    'add',
    {
      description: 'Adds two numbers.',
      inputSchema: { type: 'object', properties: { a: { type: 'number' }, b: { type: 'number' } }, required: ['a', 'b'] },
    },
    ({ a, b }) => {
      if (typeof a !== 'number' || typeof b !== 'number') throw new Error('a and b must be numbers');
      return { content: [{ type: 'text', text: String(a + b) }] };
    },
  );

  server.tool(
    'count',
    {
      description: 'Counts to n, one step every `delayMs` milliseconds, reporting progress. Stops when cancelled.',
      inputSchema: {
        type: 'object',
        properties: { n: { type: 'integer', minimum: 1, maximum: 1000 }, delayMs: { type: 'integer', minimum: 0, maximum: 60000 } },
        required: ['n'],
      },
    },
    async (args, ctx) => {
      const n = Number(args.n);
      const delayMs = args.delayMs === undefined ? 100 : Number(args.delayMs);
      for (let i = 1; i <= n; i++) {
        await sleep(delayMs, ctx.signal);
        if (ctx.signal.aborted) return { content: [{ type: 'text', text: `cancelled at ${i - 1}` }], isError: true };
        await ctx.progress(i, n, `counted ${i} of ${n}`);
      }
      return { content: [{ type: 'text', text: `counted to ${n}` }] };
    },
  );

  server.tool('fail', { description: 'Always fails, to show how tool errors look.' }, () => {
    throw new Error('This tool fails on purpose.');
  });

  return server;
}

function sleep(ms: number, signal: AbortSignal): Promise<void> {
  return new Promise((resolve) => {
    if (signal.aborted) return resolve();
    const timer = setTimeout(done, ms);
    function done() {
      clearTimeout(timer);
      signal.removeEventListener('abort', done);
      resolve();
    }
    signal.addEventListener('abort', done, { once: true });
  });
}
