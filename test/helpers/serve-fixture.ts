// How a server fixture that can be reached both ways serves, once the test has spawned it.
import process from 'node:process';
import { listen } from '../../src/node/http.js';
import { StdioServerTransport } from '../../src/node/stdio-server.js';
import type { Server } from '../../src/server/index.js';

/**
 * With `--http` among the process's arguments, serves `server` over Streamable HTTP on
 * 127.0.0.1 and a free port, its URL the first line of stdout; else over stdio until stdin
 * ends.
 */
export async function serveStdioOrHttp(server: Server): Promise<void> {
  if (process.argv.includes('--http')) {
    const running = await listen(server);
    console.log(running.url);
  } else {
    const session = await server.connect(new StdioServerTransport());
    await session.finished;
  }
}
