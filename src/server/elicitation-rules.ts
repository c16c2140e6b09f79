/**
 * Checks a form elicitation's schema before it is sent: the restricted JSON Schema of the spec
 * (a flat object of string, number, boolean and enum properties).
 * @module
 */
import { invalidParams } from '../protocol/errors.js';
import { GUARDS } from '../types/guards/index.js';

export function checkElicitationSchema(schema: unknown): void {
  const issue = GUARDS.ElicitRequestFormParams?.({ message: '', requestedSchema: schema });
  if (issue !== undefined) {
    throw invalidParams(`Invalid elicitation schema (only a flat object of primitive properties is allowed): ${issue}`);
  }
}
