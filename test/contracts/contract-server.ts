// The two ends of the transport contract: a server whose tools exercise every kind of traffic,
// and a client that answers its questions.
import { Client } from '../../src/client/index.js';
import { Server } from '../../src/server/index.js';

/** Builds the server side of the contract: tools that exercise every kind of traffic. */
export function contractServer(): Server {
  const server = new Server({ name: 'contract', version: '1' });
  server.tool('echo', { inputSchema: { type: 'object', properties: { text: { type: 'string' } } } }, ({ text }) => ({
    content: [{ type: 'text', text: String(text) }],
  }));
  server.tool('steps', {}, async (_args, ctx) => {
    for (let i = 1; i <= 3; i++) await ctx.progress(i, 3);
    return { content: [{ type: 'text', text: 'done' }] };
  });
  server.tool('wait', {}, (_args, ctx) => new Promise((resolve) => {
    ctx.signal.addEventListener('abort', () => resolve({ content: [{ type: 'text', text: 'aborted' }] }));
  }));
  server.tool('ask', {}, async (_args, ctx) => {
    const answer = await ctx.elicit({ message: 'Name?', requestedSchema: { type: 'object', properties: { name: { type: 'string' } } } });
    return { content: [{ type: 'text', text: String(answer.content?.name) }] };
  });
  server.tool('grow', {}, () => {
    server.tool(`grown-${Date.now()}-${Math.random()}`, {}, () => ({ content: [] }));
    return { content: [] };
  });
  return server;
}

export function contractClient(): Client {
  return new Client({ name: 'contract-client', version: '1' }, { elicitation: { form: () => ({ action: 'accept', content: { name: 'Ada' } }) } });
}
