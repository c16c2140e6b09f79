/**
 * Inbound params and results checked against the spec's shapes, by method, with the guards of
 * the method table. Methods outside it (custom ones) pass: their handlers check their own input.
 * @module
 */
import { at } from '../types/guards/kit.js';
import { methodInfo } from '../types/methods.js';

/** `undefined` when valid, else an issue naming the field (`params.name: expected string`). */
export function validateRequestParams(method: string, params: Record<string, unknown> | undefined): string | undefined {
  const info = methodInfo(method);
  const issue = info?.kind === 'request' ? info.params(params) : undefined;
  return issue === undefined ? undefined : at('params', issue);
}

export function validateNotificationParams(
  method: string,
  params: Record<string, unknown> | undefined,
): string | undefined {
  const info = methodInfo(method);
  const issue = info?.kind === 'notification' ? info.params(params) : undefined;
  return issue === undefined ? undefined : at('params', issue);
}

export function validateResult(method: string, result: Record<string, unknown>): string | undefined {
  const issue = methodInfo(method)?.result?.(result);
  return issue === undefined ? undefined : at('result', issue);
}
