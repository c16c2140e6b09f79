/**
 * A server with a long-running tool run as a task: the call is answered at once with a task,
 * the work goes on, and the client polls it and collects the result when it ends. Over stdio;
 * the same tool serves the tasks of 2025-11-25 and the tasks extension of 2026-07-28.
 */
import { setTimeout as sleep } from 'node:timers/promises';
import { z } from 'zod';
import { Server } from 'mcpkit/server';
import { StdioServerTransport } from 'mcpkit/stdio';

// Tasks are kept an hour, in memory; clients are told to poll every 250 ms.
const server = new Server({ name: 'reports', version: '1.0.0' }, { tasks: { ttlMs: 3_600_000, pollIntervalMs: 250 } });

server.tool(
  'build_report',
  {
    description: 'Builds a report, section by section (slow).',
    inputSchema: z.object({ sections: z.number().int().min(1).max(10) }),
    task: 'required', // every call runs as a task
  },
  async ({ sections }, ctx) => {
    for (let done = 1; done <= sections; done++) {
      await sleep(300, undefined, { signal: ctx.signal }); // the work; cancelling the task aborts it
      await ctx.progress(done, sections, `section ${done} of ${sections} written`); // the task's status message
    }
    return { content: [{ type: 'text', text: `The report has ${sections} sections.` }] };
  },
);

const session = await server.connect(new StdioServerTransport());
await session.finished;
