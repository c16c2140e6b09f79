/**
 * The MCP data model of every revision, the per-revision differences, and the structural guards.
 * @module
 */
export type * from './base.js';
export type * from './capabilities.js';
export type * from './completion.js';
export type * from './content.js';
export type * from './elicitation.js';
export * from './errors.js';
export type * from './lifecycle.js';
export * from './logging.js';
export type * from './messages.js';
export * from './meta.js';
export * from './methods.js';
export * from './multi-round-trip.js';
export type * from './notifications.js';
export type * from './prompts.js';
export type * from './resources.js';
export * from './revisions.js';
export type * from './roots.js';
export type * from './sampling.js';
export type * from './subscriptions.js';
export * from './tasks.js';
export type * from './tools.js';
export { errorDataGuards, GUARDS, type Guard } from './guards/index.js';
