/**
 * `subscriptions/listen` (2026-07-28), serving side: the open notification streams of every
 * session, stdio and HTTP alike, and the fan-out of list changes and resource updates to the
 * streams that asked for them. A stream is a request that stays in flight: its messages go
 * out tied to it (on HTTP, on its own response), and it ends with its result (the server ends
 * it), or without one (the client cancelled or went away).
 * @module
 */
import type { RequestId } from '../jsonrpc/message.js';
import { sessionAccess, type RequestHandler, type Session } from '../protocol/session.js';
import { META } from '../types/meta.js';
import type { SubscriptionFilter } from '../types/subscriptions.js';
import type { ServerCapabilities } from '../types/capabilities.js';
import type { ServerContext } from './context.js';
import type { ServerFeature } from './feature.js';
import { acknowledgedFilter } from './subscription-filter.js';

/** The lists whose changes a stream can carry. */
export type ListKind = 'tools' | 'resources' | 'prompts';

const LIST_CHANGED: Readonly<Record<ListKind, { method: string; key: keyof SubscriptionFilter }>> = {
  tools: { method: 'notifications/tools/list_changed', key: 'toolsListChanged' },
  resources: { method: 'notifications/resources/list_changed', key: 'resourcesListChanged' },
  prompts: { method: 'notifications/prompts/list_changed', key: 'promptsListChanged' },
};

/**
 * Which of the tasks a `subscriptions/listen` request names its client may hear of (its own);
 * refuses a client that did not declare the tasks extension.
 */
export type TaskListening = (taskIds: readonly string[], ctx: ServerContext) => Promise<string[]>;

/** One open stream. */
interface Stream {
  readonly id: RequestId;
  readonly session: Session;
  /** `{ _meta: { subscriptionId } }`, built once: the whole params of its list_changed notifications. */
  readonly tagged: { readonly _meta: Readonly<Record<string, RequestId>> };
  readonly uris: readonly string[];
  readonly taskIds: readonly string[];
  /** Answers the listen request (the graceful end). */
  readonly complete: () => void;
}

/** The open `subscriptions/listen` streams of one server. */
export class SubscriptionStreams implements ServerFeature {
  readonly #all = new Set<Stream>();
  readonly #byList: Readonly<Record<ListKind, Set<Stream>>> = {
    tools: new Set(),
    resources: new Set(),
    prompts: new Set(),
  };
  readonly #byUri = new Map<string, Set<Stream>>();
  readonly #byTask = new Map<string, Set<Stream>>();
  readonly #tasks: TaskListening | undefined;

  /** `tasks` decides which tasks a stream may hear of (the tasks extension). */
  constructor(tasks?: TaskListening) {
    this.#tasks = tasks;
  }

  /** The handler of `subscriptions/listen`. */
  readonly handlers: Readonly<Record<string, RequestHandler<ServerContext>>> = {
    'subscriptions/listen': (params, ctx) => {
      const requested = params.notifications as SubscriptionFilter;
      if (requested.taskIds === undefined || requested.taskIds.length === 0 || !this.#tasks)
        return this.#open(requested, ctx, []);
      return this.#tasks(requested.taskIds, ctx).then((taskIds) => this.#open(requested, ctx, taskIds));
    },
  };

  /** Declares nothing of its own: a stream carries what the server's other capabilities announce. */
  capabilities(): ServerCapabilities {
    return {};
  }

  /** Sends `notifications/tasks` (the task, detailed) on every stream that asked for the task. */
  taskChanged(taskId: string, task: Record<string, unknown>): void {
    const streams = this.#byTask.get(taskId);
    if (!streams) return;
    for (const stream of streams) void send(stream, 'notifications/tasks', { ...task, _meta: stream.tagged._meta });
  }

  /** Streams open now. */
  get size(): number {
    return this.#all.size;
  }

  /** Sends `notifications/<kind>/list_changed` on every stream that asked for it. */
  listChanged(kinds: Iterable<ListKind>): void {
    for (const kind of kinds) {
      const { method } = LIST_CHANGED[kind];
      for (const stream of this.#byList[kind]) void send(stream, method, stream.tagged);
    }
  }

  /** Sends `notifications/resources/updated` on every stream that asked for `uri`. */
  async resourceUpdated(uri: string): Promise<void> {
    const streams = this.#byUri.get(uri);
    if (!streams) return;
    const sends: Promise<void>[] = [];
    for (const stream of streams)
      sends.push(send(stream, 'notifications/resources/updated', { uri, _meta: stream.tagged._meta }));
    await Promise.all(sends);
  }

  /**
   * Ends streams gracefully: each gets its result (the subscription id in `_meta`), then its
   * HTTP response ends. All of them, or those of one session. Resolves once the results have
   * been handed to the transports.
   */
  async end(session?: Session): Promise<void> {
    let ended = 0;
    for (const stream of [...this.#all]) {
      if (session !== undefined && stream.session !== session) continue;
      stream.complete();
      ended++;
    }
    // A result travels from the handler's promise to the transport through promise callbacks
    // only, so every one of them has been sent once the current macrotask is over.
    if (ended > 0) await new Promise<void>((resolve) => setTimeout(resolve, 0));
  }

  #open(requested: SubscriptionFilter, ctx: ServerContext, taskIds: string[]): Promise<Record<string, unknown>> {
    const id = ctx.requestId;
    const session = ctx.session;
    const filter = acknowledgedFilter(requested, sessionAccess.declaredCapabilities(session));
    if (taskIds.length > 0) filter.taskIds = taskIds;
    const tagged = { _meta: { [META.subscriptionId]: id } };
    // First on the stream, before the stream can be found by any change.
    void send({ id, session }, 'notifications/subscriptions/acknowledged', {
      _meta: tagged._meta,
      notifications: filter,
    });
    return new Promise((resolve) => {
      const stream: Stream = {
        id,
        session,
        tagged,
        uris: filter.resourceSubscriptions ?? [],
        taskIds,
        complete: () => {
          this.#remove(stream);
          resolve({ _meta: { [META.subscriptionId]: id } });
        },
      };
      // Cancelled, or the session ended: no result goes out (the session drops it), the stream is forgotten.
      const signal = ctx.signal;
      if (signal.aborted) return resolve({});
      signal.addEventListener(
        'abort',
        () => {
          this.#remove(stream);
          resolve({});
        },
        { once: true },
      );
      this.#add(stream, filter);
    });
  }

  #add(stream: Stream, filter: SubscriptionFilter): void {
    this.#all.add(stream);
    for (const kind of Object.keys(LIST_CHANGED) as ListKind[]) {
      if (filter[LIST_CHANGED[kind].key] === true) this.#byList[kind].add(stream);
    }
    for (const uri of stream.uris) {
      let streams = this.#byUri.get(uri);
      if (!streams) this.#byUri.set(uri, (streams = new Set()));
      streams.add(stream);
    }
    for (const taskId of stream.taskIds) {
      let streams = this.#byTask.get(taskId);
      if (!streams) this.#byTask.set(taskId, (streams = new Set()));
      streams.add(stream);
    }
  }

  #remove(stream: Stream): void {
    if (!this.#all.delete(stream)) return;
    for (const streams of Object.values(this.#byList)) streams.delete(stream);
    for (const uri of stream.uris) {
      const streams = this.#byUri.get(uri);
      streams?.delete(stream);
      if (streams?.size === 0) this.#byUri.delete(uri);
    }
    for (const taskId of stream.taskIds) {
      const streams = this.#byTask.get(taskId);
      streams?.delete(stream);
      if (streams?.size === 0) this.#byTask.delete(taskId);
    }
  }
}

/**
 * Sends a message of a stream, tied to its request (on HTTP it goes on that request's
 * response). Straight to the connection: the stream's messages belong to the revision of its
 * request, whatever a handshake on the same connection negotiated.
 */
function send(
  stream: { id: RequestId; session: Session },
  method: string,
  params: Record<string, unknown>,
): Promise<void> {
  if (stream.session.closed) return Promise.resolve();
  return sessionAccess.notifyUnchecked(stream.session, method, params, { relatedRequestId: stream.id }).catch(() => {
    // The session is ending; its streams end with it.
  });
}
