/**
 * Inbound params checked against the spec's shapes, by method, with the hand-written guards.
 * Methods without a guard (custom ones) pass: their handlers check their own input.
 * @module
 */
import { notificationParamsGuards, requestParamsGuards, resultGuards } from '../types/guards/index.js';
import { at } from '../types/guards/kit.js';

/** `undefined` when valid, else an issue naming the field (`params.name: expected string`). */
export function validateRequestParams(method: string, params: Record<string, unknown> | undefined): string | undefined {
  const guard = Object.hasOwn(requestParamsGuards, method) ? requestParamsGuards[method] : undefined;
  const issue = guard?.(params);
  return issue === undefined ? undefined : at('params', issue);
}

export function validateNotificationParams(method: string, params: Record<string, unknown> | undefined): string | undefined {
  const guard = Object.hasOwn(notificationParamsGuards, method) ? notificationParamsGuards[method] : undefined;
  const issue = guard?.(params);
  return issue === undefined ? undefined : at('params', issue);
}

export function validateResult(method: string, result: Record<string, unknown>): string | undefined {
  const guard = Object.hasOwn(resultGuards, method) ? resultGuards[method] : undefined;
  const issue = guard?.(result);
  return issue === undefined ? undefined : at('result', issue);
}
