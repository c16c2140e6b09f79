/**
 * Serving modern requests (2026-07-28) beside the handshake, on any session of a server: one
 * object per server, shared by all its sessions. A request that names its revision in `_meta`
 * has its envelope read (or taken from the transport that already checked it), its method
 * admitted under that revision, and its result finished as the revision sends it.
 * @module
 */
import { NO_RESPONSE } from '../jsonrpc/connection.js';
import { isObject, type JsonRpcRequest } from '../jsonrpc/message.js';
import type { MessageInfo } from '../jsonrpc/transport.js';
import { admit } from './admission.js';
import { readEnvelope, RequestEnvelope } from './modern.js';

/** Puts on a result what every modern result carries: `resultType`, the server's identity, caching hints. */
export type ResultFinisher = (method: string, result: Record<string, unknown>) => Record<string, unknown>;

export class ModernServing {
  /** The modern revisions served; a request naming another is -32022. */
  readonly versions: readonly string[];
  readonly #finish: ResultFinisher;

  constructor(versions: readonly string[], finish: ResultFinisher) {
    this.versions = versions;
    this.#finish = finish;
  }

  /**
   * The request's envelope, once its method is admitted by the server's `declared` capabilities
   * under the revision it names. Throws the revision's own errors.
   */
  admit(request: JsonRpcRequest, declared: Record<string, unknown>, info: MessageInfo | undefined): RequestEnvelope {
    const known = info?.envelope;
    const envelope = known instanceof RequestEnvelope ? known : readEnvelope(request.params ?? {}, this.versions);
    admit(request.method, 'request', envelope.protocolVersion, 'server', declared);
    return envelope;
  }

  /** The handler's result as the revision sends it; nothing to finish when there is no answer. */
  finish(method: string, result: unknown): unknown {
    return result === NO_RESPONSE || !isObject(result) ? result : this.#finish(method, result);
  }
}
