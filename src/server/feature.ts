/**
 * The contract between the server and each of its features (tools, resources, prompts, ...):
 * a feature answers some methods and says what to declare for itself.
 * @module
 */
import type { RequestHandler } from '../protocol/session.js';
import type { ServerCapabilities } from '../types/capabilities.js';
import type { ServerContext } from './context.js';

/**
 * A part of a server's behaviour (tools, resources, ...): the requests it answers and the
 * capabilities it declares. The built-in features fill it; `Server.addFeature` plugs in one of the
 * application's.
 */
export interface ServerFeature {
  /** The requests this feature answers, by method. */
  readonly handlers: Readonly<Record<string, RequestHandler<ServerContext>>>;
  /** The capabilities to declare for it; empty when it has nothing to offer yet. */
  capabilities(): ServerCapabilities;
  /**
   * Its handlers answer multi round-trip requests themselves (they return input-required
   * results and read `requestState` as they choose). By default the server runs them in
   * rounds, so `ctx.elicit()` and friends work in modern requests.
   */
  readonly rawInputRounds?: boolean;
}

/** What every feature is told by the server that owns it. */
export interface FeatureHost {
  /** Items per page of a list result; `Infinity` lists everything at once. */
  readonly pageSize: number;
  /** Tells every session that can hear it that a list changed. Coalesced per tick. */
  listChanged(kind: 'tools' | 'resources' | 'prompts'): void;
  /** A bug on the server's side that the client only sees as -32603 (a result that breaks its own schema). */
  reportError?(error: Error): void;
}
