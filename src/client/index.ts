/**
 * The MCP client.
 * @module
 */
export { Client, type ClientOptions, type ConnectOptions } from './client.js';
export { MemoryEraCache, processEraCache, type Era, type EraCache, type EraRecord } from '../protocol/era-cache.js';
export type { EraChoice } from '../protocol/era-selection.js';
export {
  ClientSession,
  type CachedRequestOptions,
  type CallOptions,
  type ListParams,
  type ReadOptions,
  type RequestOptions,
} from './client-session.js';
export {
  InputRequestNotSupportedError,
  InputRoundsExceededError,
  type InputRequiredHook,
  type MultiRoundTripOptions,
  type InputRound,
} from './multi-round-trip.js';
export type { ClientSessionEvent, ClientSessionEventMap, ClientSessionListener } from './events.js';
export { ToolTask, type TaskState, type TaskWaitOptions } from './tool-task.js';
export { ToolOutputError } from './tool-output.js';
export { InterpretingValidator, JsonSchemaValidator } from '../schema/index.js';
export type { ValidateFunction, ValidationResult, Validator } from '../schema/index.js';
export {
  Subscription,
  type SubscriptionOptions,
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
} from './handlers.js';
export { SessionSkills, type ListSkillsOptions } from './skills.js';
export { SkillVerificationError, type SkillFile, type SkillVerificationReason } from './skill-verify.js';
