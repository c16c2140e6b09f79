/**
 * Opening a client session to the server a command names, and closing it on the way out.
 * @module
 */
import { Client, type ClientSession } from '../client/index.js';
import { connectHttp } from '../http/client/connect.js';
import type { CommonOptions } from './options.js';
import { isUrlTarget, openTarget, type ServerTarget } from './server-target.js';
import { VERSION } from './version.js';

/** Runs `use` with a session to `target` (spawned, or reached by URL), closing it afterwards. */
export async function withSession<T>(target: ServerTarget, options: CommonOptions, use: (session: ClientSession) => Promise<T>): Promise<T> {
  const client = new Client({ name: 'mcpkit-cli', version: VERSION }, options.timeoutMs ? { requestTimeoutMs: options.timeoutMs } : {});
  const session = isUrlTarget(target)
    ? (await connectHttp(client, target.url, { headers: options.headers, ...(options.timeoutMs && { timeoutMs: options.timeoutMs }) })).session
    : await client.connect(openTarget(target, { quiet: options.quiet }));
  try {
    return await use(session);
  } finally {
    await session.close();
  }
}
