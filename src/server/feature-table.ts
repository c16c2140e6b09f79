/**
 * The handler table every session of a server shares (so nothing is built per session): the
 * request handlers of the features plugged in, what the server hears from clients, and the
 * capabilities the features declare. A request that may ask the client for input is served in
 * multi round-trip rounds, unless its feature serves its rounds itself.
 * @module
 */
import type { HandlerTable, NotificationHandler, RequestHandler } from '../protocol/session.js';
import type { ServerCapabilities } from '../types/capabilities.js';
import type { ServerContext } from './context.js';
import type { ServerFeature } from './feature.js';
import { mayRequireInput } from './multi-round-trip/serve.js';

/** A handler, with its modern requests served as rounds of a multi round-trip request. */
type InRounds = (handler: RequestHandler<ServerContext>) => RequestHandler<ServerContext>;

export class FeatureTable implements HandlerTable {
  readonly #requests = new Map<string, RequestHandler<ServerContext>>();
  readonly #notifications: ReadonlyMap<string, NotificationHandler>;
  readonly #features: ServerFeature[] = [];
  readonly #inRounds: InRounds;

  /** `notifications`: what the server does when a client tells it something. */
  constructor(inRounds: InRounds, notifications: Record<string, NotificationHandler>) {
    this.#inRounds = inRounds;
    this.#notifications = new Map(Object.entries(notifications));
  }

  request(method: string): RequestHandler | undefined {
    return (this.#requests as Map<string, RequestHandler>).get(method);
  }

  notification(method: string): NotificationHandler | undefined {
    return this.#notifications.get(method);
  }

  /** Plugs `feature` in: its handlers answer from now on, over any an earlier one had for the same method. */
  add(feature: ServerFeature): void {
    for (const [method, handler] of Object.entries(feature.handlers)) {
      this.#requests.set(
        method,
        mayRequireInput(method) && feature.rawInputRounds !== true ? this.#inRounds(handler) : handler,
      );
    }
    this.#features.push(feature);
  }

  /** What the features declare, a later feature's over an earlier one's; their extensions side by side. */
  capabilities(): ServerCapabilities {
    const declared: ServerCapabilities = {};
    for (const feature of this.#features) {
      const own = feature.capabilities();
      const extensions = declared.extensions;
      Object.assign(declared, own);
      if (extensions !== undefined && own.extensions !== undefined) {
        declared.extensions = { ...extensions, ...own.extensions };
      }
    }
    return declared;
  }
}
