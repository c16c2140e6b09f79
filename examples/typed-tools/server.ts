/**
 * Tools described with Zod: the handler's arguments and the structured result are typed from
 * the schemas, and clients see the JSON Schema Zod derives. Over stdio: `main.ts` starts it, or
 * `npx mcpkit call split_bill total=90 people=3 -- node build/examples/typed-tools/server.js`.
 */
import { z } from 'zod';
import { Server } from 'mcpkit/server';
import { StdioServerTransport } from 'mcpkit/stdio';

const server = new Server({ name: 'typed-tools', version: '1.0.0' });

server.tool(
  'split_bill',
  {
    description: 'Splits a bill between people, with a tip.',
    inputSchema: z.object({
      total: z.number().positive().describe('The bill, before tip'),
      people: z.number().int().min(1),
      tipPercent: z.number().min(0).max(100).default(15),
    }),
    outputSchema: z.object({ each: z.number(), tip: z.number() }),
  },
  ({ total, people, tipPercent }) => {
    // `total`, `people` and `tipPercent` are numbers here: typed from the schema.
    const tip = (total * tipPercent) / 100;
    return { structuredContent: { each: Math.round(((total + tip) / people) * 100) / 100, tip } };
  },
);

const session = await server.connect(new StdioServerTransport());
await session.finished;
