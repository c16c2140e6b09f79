/**
 * Starts the greeter (server.ts) on a free port of 127.0.0.1 and calls it twice at the same URL:
 * as a 2025-11-25 client, which opens a session, and as a 2026-07-28 client, which needs none.
 * Run: `npm run example -- http-server`.
 */
import { fileURLToPath } from 'node:url';
import { Client } from 'mcpkit/client';
import { connectHttp } from 'mcpkit/http';
import { startServing } from '../shared/serving.js';

const server = await startServing(process.execPath, [fileURLToPath(new URL('server.js', import.meta.url)), '0']);
try {
  console.log(`server at ${server.url}`);
  for (const era of ['legacy', 'modern'] as const) {
    const { session, transport } = await connectHttp(
      new Client({ name: `${era}-client`, version: '1.0.0' }),
      server.url,
      {
        era,
      },
    );
    const result = await session.callTool({ name: 'greet', arguments: { name: 'Ada' } });
    const text = result.content.map((block) => ('text' in block ? block.text : '')).join('');
    const sessionId = 'sessionId' in transport ? transport.sessionId : undefined;
    console.log(`${session.protocolVersion}: ${text} (session ${sessionId ?? 'none'})`);
    await session.close();
  }
} finally {
  await server.stop();
}
