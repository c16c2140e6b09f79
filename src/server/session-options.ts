/**
 * What every session of a server is served with: one options object for all of them, so
 * nothing is built per session; its handlers reach their session through their arguments.
 * @module
 */
import type { JsonRpcRequest } from '../jsonrpc/message.js';
import type { AuthInfo } from '../auth/auth-info.js';
import type { ModernServing } from '../protocol/modern-serving.js';
import type { HandlerTable, SessionOptions } from '../protocol/session.js';
import { ServerContext } from './context.js';
import type { FailureLog } from './failure-log.js';
import type { OpenSessions } from './open-sessions.js';
import type { ServerOptions } from './server-options.js';
import type { ServerSession } from './server-session.js';
import type { SubscriptionStreams } from './subscriptions.js';

/** The parts of a server its sessions use. */
export interface ServedBy {
  readonly handlers: HandlerTable;
  readonly failures: FailureLog;
  /** Serves modern requests beside the handshake; none when the server serves only the handshake. */
  readonly modern: ModernServing | undefined;
  readonly streams: SubscriptionStreams;
  /** A session leaves them as it closes. */
  readonly sessions: OpenSessions;
}

export function serverSessionOptions(options: ServerOptions, server: ServedBy): SessionOptions {
  return {
    role: 'server',
    handlers: server.handlers,
    // Calls to the client from a legacy session's handlers are real requests on it.
    createContext: (s, request: JsonRpcRequest, version, envelope, info): ServerContext =>
      new ServerContext(
        s as ServerSession,
        request.id,
        request.method,
        request.params ?? {},
        version,
        envelope,
        info?.auth as AuthInfo | undefined,
        info?.clientKey,
      ),
    ...(options.requestTimeoutMs !== undefined && { defaultTimeoutMs: options.requestTimeoutMs }),
    ...(options.drainTimeoutMs !== undefined && { drainTimeoutMs: options.drainTimeoutMs }),
    ...(options.clock && { clock: options.clock }),
    ...(options.onError && { onError: options.onError }),
    onRequestFailure: (request, error) => server.failures.handlerFailed(request, error),
    onSendFailure: (error) => server.failures.serverBug(error),
    onClose: (s) => server.sessions.delete(s),
    // Input over (stdin's end): streams end with their result so the session can finish.
    onInputEnd: (s) => void server.streams.end(s),
    ...(server.modern && { modern: server.modern }),
    ...(options.telemetry !== undefined && { telemetry: options.telemetry }),
  };
}
