/**
 * The context a server-side handler receives.
 * @module
 */
import { RequestContext } from '../protocol/request-context.js';

/** A request being served: signal, metadata, progress, and who is asking. */
export class ServerContext extends RequestContext {
  /** The client's declared capabilities. */
  get clientCapabilities(): Record<string, unknown> {
    return this.session.peer?.capabilities ?? {};
  }

  /** The client's name and version, as it introduced itself. */
  get clientInfo(): Record<string, unknown> | undefined {
    return this.session.peer?.info;
  }
}
