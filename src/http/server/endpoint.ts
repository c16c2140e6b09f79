/**
 * The Streamable HTTP endpoint, for every revision it serves: the sessions of 2025-03-26,
 * 2025-06-18 and 2025-11-25, and the requests of 2026-07-28 (`handle-modern-post.ts`). It is
 * written against the small exchange interface, and what it makes is the endpoint's core, the
 * handler every runtime front calls. One `Server` serves every session; a request only looks
 * its session up.
 * @module
 */
import { ErrorCode } from '../../jsonrpc/errors.js';
import type { Server } from '../../server/server.js';
import type { HttpExchangeHandler, HttpResponseSink, HttpStreamWriter } from './exchange.js';
import { hostOriginRejection } from './host-origin-check.js';
import { handleDelete, handleGet } from './handle-get-delete.js';
import { handlePost } from './handle-post.js';
import { resolveOptions, type StreamableHttpOptions } from './options.js';
import { refuse, TransportErrorCode } from './replies.js';
import { SessionTable } from './session-table.js';
import { authorizeRequest, serveMetadata, type Authorized } from './authorization.js';
import { isThenable } from '../../internal/maybe-async.js';
import { refuseRepeatedHeader } from './single-headers.js';

/** The endpoint: an exchange handler that also knows its sessions. */
export interface StreamableHttpCore extends HttpExchangeHandler {
  /** Sessions open now. */
  readonly sessionCount: number;
  /** Ends every session; their streams close and their ids answer 404 from then on. */
  close(): Promise<void>;
}

/**
 * Creates the Streamable HTTP endpoint for `server`. It answers any path: mount it where the
 * MCP endpoint should be. Hosts and origins other than loopback ones are refused unless
 * allowed in `options`.
 */
export function createStreamableHttpCore(server: Server, options: StreamableHttpOptions = {}): StreamableHttpCore {
  const config = resolveOptions(options);
  const sessions = new SessionTable(server, config);

  const handle: HttpExchangeHandler = async (request, response) => {
    const sink = new RecordingSink(response);
    const resourceServer = config.resourceServer;
    try {
      // Which of two values was meant is not for the endpoint to guess: nothing is read, checked
      // or looked up for such a request.
      const repeated = request.repeatedHeader;
      if (repeated !== undefined) return refuseRepeatedHeader(repeated, request, sink, resourceServer);
      // A process of a fleet serves once it hears the fleet.
      if (config.store) await sessions.ready;
      const rejection = hostOriginRejection(request, config);
      if (rejection !== undefined) return refuse(sink, 403, TransportErrorCode.BadRequest, `Forbidden: ${rejection}`);
      // With `auth`, the metadata is public and everything else needs a token, checked before
      // anything is read or looked up. Every request here is one to the MCP endpoint, whose URL
      // is the resource.
      let authorized: Authorized | undefined;
      if (resourceServer !== undefined) {
        if (serveMetadata(resourceServer, request, sink, server)) return;
        const outcome = authorizeRequest(resourceServer, request, resourceServer.resource, sink, config.onError);
        authorized = isThenable(outcome) ? await outcome : outcome;
        if (authorized === undefined) return;
      }
      switch (request.method) {
        case 'POST':
          return await handlePost(request, sink, sessions, config, authorized);
        case 'GET':
          return await handleGet(request, sink, sessions, config, authorized);
        case 'DELETE':
          return await handleDelete(request, sink, sessions, authorized);
        default:
          return refuse(sink, 405, TransportErrorCode.BadRequest, 'Method Not Allowed', { allow: 'GET, POST, DELETE' });
      }
    } catch (error) {
      config.onError(error instanceof Error ? error : new Error(String(error)));
      if (!sink.used) refuse(sink, 500, ErrorCode.InternalError, 'Internal error');
    }
  };

  return Object.defineProperties(handle, {
    sessionCount: { get: () => sessions.size, enumerable: true },
    close: { value: () => sessions.closeAll(), enumerable: true },
  }) as StreamableHttpCore;
}

/** The sink, remembering whether a response was started, so a failure can still be answered. */
class RecordingSink implements HttpResponseSink {
  used = false;
  constructor(readonly sink: HttpResponseSink) {}

  send(status: number, headers: Readonly<Record<string, string>>, body?: string): void {
    this.used = true;
    this.sink.send(status, headers, body);
  }

  stream(status: number, headers: Readonly<Record<string, string>>): HttpStreamWriter {
    this.used = true;
    return this.sink.stream(status, headers);
  }
}
