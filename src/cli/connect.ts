/**
 * Opening a client session to the server a command names, and closing it on the way out.
 * @module
 */
import { Client, type ClientSession } from '../client/index.js';
import type { CommonOptions } from './options.js';
import { openTarget, type ServerTarget } from './server-target.js';
import { VERSION } from './version.js';

export async function withSession<T>(target: ServerTarget, options: CommonOptions, use: (session: ClientSession) => Promise<T>): Promise<T> {
  const transport = openTarget(target, { quiet: options.quiet });
  const client = new Client({ name: 'mcpkit-cli', version: VERSION }, options.timeoutMs ? { requestTimeoutMs: options.timeoutMs } : {});
  const session = await client.connect(transport);
  try {
    return await use(session);
  } finally {
    await session.close();
  }
}
