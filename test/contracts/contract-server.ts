// The two ends of the transport contract: a server whose tools exercise every kind of traffic,
// and a client that answers its questions.
import { Client } from '../../src/client/index.js';
import { Server } from '../../src/server/index.js';
import { whenAborted } from '../helpers/abort.js';

const text = (value: string) => ({ content: [{ type: 'text' as const, text: value }] });

/** Builds the server side of the contract: tools that exercise every kind of traffic. */
export function contractServer(): Server {
  const server = new Server({ name: 'contract', version: '1' });
  // The reason each `wait` call was aborted with, by tag, and who waits to read it.
  const aborts = new Map<string, string>();
  const abortWaiters = new Map<string, (reason: string) => void>();

  server.tool(
    'echo',
    { inputSchema: { type: 'object', properties: { text: { type: 'string' } } } },
    ({ text: value }) => text(String(value)),
  );
  // Echoes, but only once `n` calls of it are running at once: they cannot have come one by one.
  const gathered: (() => void)[] = [];
  server.tool(
    'gather',
    {},
    (args) =>
      new Promise((resolve) => {
        gathered.push(() => resolve(text(String(args.text))));
        if (gathered.length >= Number(args.n)) for (const release of gathered.splice(0)) release();
      }),
  );
  server.tool('steps', {}, async (_args, ctx) => {
    for (let i = 1; i <= 3; i++) await ctx.progress(i, 3);
    return text('done');
  });
  // Reports progress once running (so the caller knows it arrived), then waits to be aborted.
  server.tool('wait', {}, async (args, ctx) => {
    const tag = String(args.tag ?? '');
    const signal = ctx.signal;
    const aborted = whenAborted(signal, (why) => {
      const reason = why instanceof Error ? why.message : String(why);
      aborts.set(tag, reason);
      abortWaiters.get(tag)?.(reason);
    });
    await ctx.progress(1);
    await aborted;
    return text('aborted');
  });
  // The reason the `wait` call tagged `tag` was aborted with, once it has been.
  server.tool('aborted', {}, async (args) => {
    const tag = String(args.tag ?? '');
    const reason = aborts.get(tag) ?? (await new Promise<string>((resolve) => abortWaiters.set(tag, resolve)));
    return text(reason);
  });
  server.tool('ask', {}, async (_args, ctx) => {
    const answer = await ctx.elicit({
      message: 'Name?',
      requestedSchema: { type: 'object', properties: { name: { type: 'string' } } },
    });
    return text(String(answer.content?.name));
  });
  server.tool('grow', {}, () => {
    server.tool(`grown-${Date.now()}-${Math.random()}`, {}, () => ({ content: [] }));
    return { content: [] };
  });
  return server;
}

export function contractClient(): Client {
  return new Client(
    { name: 'contract-client', version: '1' },
    { elicitation: { form: () => ({ action: 'accept', content: { name: 'Ada' } }) } },
  );
}
