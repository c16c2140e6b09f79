/**
 * How the host opens a session with one configured server: a child process over stdio, or a
 * URL over Streamable HTTP or HTTP+SSE (with its authorization), in the era and within the
 * time the host's options and the server's entry say. Apart from the host, which only calls it.
 * @module
 */
import { CommandTransport, getDefaultEnvironment } from 'mcpkit/node';
import { connectHttp } from 'mcpkit/http';
import type { HostOptions } from './host.js';
import type { SessionOpener } from './server-connection.js';
import type { ServerEntry } from './server-entry.js';

/** Opens sessions with `server` as its `entry` says, each within `timeoutMs`. */
export function sessionOpener(
  server: string,
  entry: ServerEntry,
  options: HostOptions,
  timeoutMs: number,
): SessionOpener {
  const connect = {
    timeoutMs,
    ...(options.era && { era: options.era }),
    ...(options.protocolVersion && { protocolVersion: options.protocolVersion }),
    ...(options.eraCache !== undefined && { eraCache: options.eraCache }),
  };
  if (entry.type === 'stdio') {
    return (client, signal) => {
      const base = options.environment === 'default' ? getDefaultEnvironment() : process.env;
      const transport = new CommandTransport({
        command: entry.command,
        args: entry.args ?? [],
        env: { ...base, ...entry.env },
        ...(entry.cwd !== undefined && { cwd: entry.cwd }),
        stderr: 'pipe',
      });
      const onStderr = options.onStderr;
      if (onStderr) {
        const decoder = new TextDecoder();
        transport.onstderr = (chunk) => onStderr(server, decoder.decode(chunk, { stream: true }));
      }
      return client.connect(transport, { ...connect, signal });
    };
  }
  return async (client, signal) => {
    const auth = await options.auth?.(server, entry.url);
    const connection = await connectHttp(client, entry.url, {
      ...connect,
      signal,
      ...(entry.headers && { headers: entry.headers }),
      ...(entry.type === 'sse' && { transport: 'sse' as const }),
      ...(auth && { auth }),
    });
    return connection.session;
  };
}
