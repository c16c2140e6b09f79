/**
 * Opening a client session to the server a command names, and closing it on the way out.
 * @module
 */
import { Client, type ClientSession, type ConnectOptions } from '../client/index.js';
import { connectHttp } from '../http/client/connect.js';
import { defaultEraCachePath, FileEraCache } from '../node/era-cache-file.js';
import type { CommonOptions } from './options.js';
import { isUrlTarget, openTarget, type ServerTarget } from './server-target.js';
import { VERSION } from './version.js';

/** Runs `use` with a session to `target` (spawned, or reached by URL), closing it afterwards. */
export async function withSession<T>(target: ServerTarget, options: CommonOptions, use: (session: ClientSession) => Promise<T>): Promise<T> {
  const client = new Client({ name: 'mcpkit-cli', version: VERSION }, options.timeoutMs ? { requestTimeoutMs: options.timeoutMs } : {});
  // Each run is a new process: the era of each server is remembered in a file, so one that
  // speaks only the handshake is not probed on every run.
  const connect: ConnectOptions = {
    era: options.era,
    eraCache: new FileEraCache(defaultEraCachePath()),
    ...(options.protocolVersion && { protocolVersion: options.protocolVersion }),
    ...(options.timeoutMs && { timeoutMs: options.timeoutMs }),
  };
  const session = isUrlTarget(target)
    ? (await connectHttp(client, target.url, { ...connect, headers: options.headers })).session
    : await client.connect(openTarget(target, { quiet: options.quiet }), connect);
  try {
    return await use(session);
  } finally {
    await session.close();
  }
}
