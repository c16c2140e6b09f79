/**
 * How a server tells its clients of changes: a list changed (`notifications/<kind>/list_changed`,
 * the changes of one tick told once) or a resource was updated (`notifications/resources/updated`).
 * Alone, a process tells the sessions and listen streams it holds; in a fleet a change goes through
 * the fleet, which tells every process (this one too) and the sessions the fleet shares.
 * @module
 */
import { methodAllowed } from '../protocol/methods.js';
import { sessionAccess } from '../protocol/session.js';
import type { ServerCapabilities } from '../types/capabilities.js';
import type { FailureLog } from './failure-log.js';
import type { LocalDelivery, ServerFleet } from './fleet/server-fleet.js';
import type { ServerSession } from './server-session.js';
import type { ListKind, SubscriptionStreams } from './subscriptions.js';

export class ChangeDelivery implements LocalDelivery {
  /** Every session the server holds, listed or not. */
  readonly #sessions: Iterable<ServerSession>;
  readonly #streams: SubscriptionStreams;
  readonly #failures: FailureLog;
  /** What the server declares now: a fleet's shared sessions hear of a list only if it declares `listChanged`. */
  readonly #declared: () => ServerCapabilities;
  readonly #pendingLists = new Set<ListKind>();
  /** The fleet the server is a process of, once it is one. */
  #fleet: ServerFleet | undefined;

  constructor(
    sessions: Iterable<ServerSession>,
    streams: SubscriptionStreams,
    failures: FailureLog,
    declared: () => ServerCapabilities,
  ) {
    this.#sessions = sessions;
    this.#streams = streams;
    this.#failures = failures;
    this.#declared = declared;
  }

  /** From now on a change goes through `fleet`, which tells every process of it, this one too. */
  join(fleet: ServerFleet): void {
    this.#fleet = fleet;
  }

  /** Coalesces changes made in one tick into one notification per list per session. */
  listChanged(kind: ListKind): void {
    if (this.#pendingLists.size === 0) queueMicrotask(() => this.#flushListChanges());
    this.#pendingLists.add(kind);
  }

  /** Tells every client subscribed to `uri` that the resource changed. */
  async resourceUpdated(uri: string): Promise<void> {
    if (this.#fleet) return this.#fleet.resourceUpdated(uri);
    return this.deliverResourceUpdated(uri);
  }

  #flushListChanges(): void {
    const kinds = [...this.#pendingLists];
    this.#pendingLists.clear();
    if (!this.#fleet) return this.deliverListChanges(kinds);
    const declared = this.#declared();
    const announced = kinds.filter((kind) => (declared[kind] as { listChanged?: boolean } | undefined)?.listChanged);
    this.#fleet
      .listChanged(kinds, announced)
      .catch((error: unknown) => this.#failures.serverBug(error instanceof Error ? error : new Error(String(error))));
  }

  /** Tells the clients this process holds (not the fleet's shared sessions) that lists changed. */
  deliverListChanges(kinds: readonly ListKind[]): void {
    this.#streams.listChanged(kinds);
    for (const session of this.#sessions) {
      const version = session.protocolVersion;
      if (version === undefined || session.closed || this.#fleet?.shares(session)) continue;
      for (const kind of kinds) {
        const declared = sessionAccess.declaredCapabilities(session)[kind] as { listChanged?: boolean } | undefined;
        const method = `notifications/${kind}/list_changed`;
        if (!declared?.listChanged || !methodAllowed(method, version, 'server', 'notification')) continue;
        session.notify(method).catch(() => {});
      }
    }
  }

  /**
   * Tells the clients this process holds (not the fleet's shared sessions) that `uri` changed:
   * sessions that used `resources/subscribe`, and `subscriptions/listen` streams that asked for it.
   */
  async deliverResourceUpdated(uri: string): Promise<void> {
    const sends: Promise<void>[] = [this.#streams.resourceUpdated(uri)];
    for (const s of this.#sessions) {
      if (s.subscribedTo(uri) && !s.closed && !this.#fleet?.shares(s))
        sends.push(s.notify('notifications/resources/updated', { uri }).catch(() => {}));
    }
    await Promise.all(sends);
  }
}
