/**
 * The MCP client.
 * @module
 */
export { Client, type ClientOptions, type ConnectOptions } from './client.js';
export { ClientSession, type ListParams, type RequestOptions } from './client-session.js';
export type { ClientSessionEvent, ClientSessionEventMap, ClientSessionListener } from './client-events.js';
export {
  Subscription,
  type ListenOptions,
  type SubscriptionEnd,
  type SubscriptionEvent,
  type SubscriptionEventMap,
  type SubscriptionReconnectOptions,
  type SubscriptionState,
} from './subscription.js';
export type {
  ElicitationOptions,
  FormElicitationHandler,
  SamplingHandler,
  SamplingOptions,
  UrlElicitationHandler,
  UrlElicitationResult,
} from './client-handlers.js';
