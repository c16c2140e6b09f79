/**
 * How the conformance client answers the server: as a user who submits a form untouched, so
 * every field the server gave a default comes back with that default.
 * @module
 */
import type { ElicitRequestFormParams, ElicitResult } from '../src/index.js';

export function acceptWithDefaults(params: ElicitRequestFormParams): ElicitResult {
  const content: Record<string, string | number | boolean | string[]> = {};
  for (const [field, schema] of Object.entries(params.requestedSchema.properties)) {
    if ('default' in schema && schema.default !== undefined) content[field] = schema.default;
  }
  return { action: 'accept', content };
}
