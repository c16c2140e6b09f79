/**
 * What a server tells a client without being asked (list changes, resource updates, log
 * messages, finished URL elicitations), delivered to listeners registered on the session.
 * A plain listener table rather than Node's EventEmitter, so the client runs on any runtime.
 * @module
 */
import { Listeners } from '../internal/listeners.js';
import type { NotificationHandler } from '../protocol/session.js';
import type { ElicitationCompleteNotificationParams } from '../types/elicitation.js';
import type { LoggingMessageNotificationParams } from '../types/logging.js';
import type { ListChangedNotificationParams } from '../types/notifications.js';
import type { ResourceUpdatedNotificationParams } from '../types/resources.js';
import type { TaskStatusNotificationParams } from '../types/tasks.js';
import { SubscriptionRouter } from './subscription-router.js';

/** The events of a `ClientSession`, by name, with what each listener receives. */
export interface ClientSessionEventMap {
  /** `notifications/tools/list_changed`: list the tools again to see the change. */
  toolsListChanged: ListChangedNotificationParams;
  /** `notifications/resources/list_changed`. */
  resourcesListChanged: ListChangedNotificationParams;
  /** `notifications/prompts/list_changed`. */
  promptsListChanged: ListChangedNotificationParams;
  /**
   * `notifications/resources/updated`: a subscribed resource (or one below it) changed. These
   * four also fire for notifications of `subscriptions/listen` streams (2026-07-28), once per
   * notification: two subscriptions asking for the same change raise it twice.
   */
  resourceUpdated: ResourceUpdatedNotificationParams;
  /** `notifications/message`: a log message at or above the level set with `setLoggingLevel`. */
  log: LoggingMessageNotificationParams;
  /**
   * `notifications/elicitation/complete` (2025-11-25): the out-of-band interaction of a URL
   * elicitation finished. Only for elicitations this session knows and that are not finished
   * yet: ones the URL handler accepted, or ones a -32042 error asked for.
   */
  elicitationComplete: ElicitationCompleteNotificationParams;
  /**
   * `notifications/tasks/status` (2025-11-25): a task of the server's changed state. Optional
   * for servers to send, so a task is still polled; `ToolTask.result()` does.
   */
  taskStatus: TaskStatusNotificationParams;
}

/** The name of a `ClientSession` event. */
export type ClientSessionEvent = keyof ClientSessionEventMap;

/** A listener for one event. */
export type ClientSessionListener<E extends ClientSessionEvent> = (event: ClientSessionEventMap[E]) => void;

const EVENT_OF_NOTIFICATION: Readonly<Record<string, ClientSessionEvent>> = {
  'notifications/tools/list_changed': 'toolsListChanged',
  'notifications/resources/list_changed': 'resourcesListChanged',
  'notifications/prompts/list_changed': 'promptsListChanged',
  'notifications/resources/updated': 'resourceUpdated',
  'notifications/message': 'log',
  'notifications/elicitation/complete': 'elicitationComplete',
  'notifications/tasks/status': 'taskStatus',
};

/**
 * The listeners of one session, and the notification handlers that feed them. Created before
 * the connection starts so that the session's handler table can route to it from the first
 * message on.
 */
export class SessionEvents {
  readonly #listeners: Listeners<ClientSessionEventMap>;
  /** URL elicitations whose completion may still be announced. */
  readonly #awaitingCompletion = new Set<string>();
  /** The `subscriptions/listen` streams of the session, and what their messages belong to. */
  readonly subscriptions: SubscriptionRouter;

  constructor(onError?: (error: Error) => void) {
    this.#listeners = new Listeners(onError);
    this.subscriptions = new SubscriptionRouter(onError);
  }

  /** Adds a listener; returns the function that removes it. */
  on<E extends ClientSessionEvent>(event: E, listener: ClientSessionListener<E>): () => void {
    return this.#listeners.on(event, listener);
  }

  /** Calls every listener of `event`; a listener that throws is reported, not propagated. */
  emit<E extends ClientSessionEvent>(event: E, payload: ClientSessionEventMap[E]): void {
    this.#listeners.emit(event, payload);
  }

  /** Remembers a URL elicitation so that its completion notification is delivered. */
  expectCompletion(elicitationId: string): void {
    this.#awaitingCompletion.add(elicitationId);
  }

  /** Forgets a URL elicitation the user declined or cancelled: no completion will follow. */
  forgetCompletion(elicitationId: string): void {
    this.#awaitingCompletion.delete(elicitationId);
  }

  /** The handler for a server notification, for the session's handler table. */
  handler(method: string): NotificationHandler | undefined {
    const streamOnly = this.subscriptions.handler(method);
    if (streamOnly) return streamOnly;
    const event = Object.hasOwn(EVENT_OF_NOTIFICATION, method) ? EVENT_OF_NOTIFICATION[method] : undefined;
    if (event === undefined) return undefined;
    if (event === 'elicitationComplete')
      return (params) => this.#complete(params as ElicitationCompleteNotificationParams);
    if (event === 'log' || event === 'taskStatus') return (params) => this.emit(event, params as never);
    return (params) => {
      if (this.subscriptions.route(event, params)) this.emit(event, params as never);
    };
  }

  /** The spec has clients ignore completions of unknown or already completed elicitations. */
  #complete(params: ElicitationCompleteNotificationParams): void {
    if (this.#awaitingCompletion.delete(params.elicitationId)) this.emit('elicitationComplete', params);
  }
}
