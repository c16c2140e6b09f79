// What the model bridge tests share: reading a stream whole, and waiting for a rejection
// within a bound.
import assert from 'node:assert/strict';
import type { ModelEvent } from '../../src/host/index.js';

/** Every event of `stream`, in order; `seen` receives them as they come, for a stream that fails. */
export async function collect(stream: AsyncIterable<ModelEvent>, seen: ModelEvent[] = []): Promise<ModelEvent[]> {
  for await (const event of stream) seen.push(event);
  return seen;
}

/** The error `promise` rejects with, failing the test if it resolves or takes more than `ms`. */
export async function rejectsWithin(promise: Promise<unknown>, ms = 5_000): Promise<unknown> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`no rejection within ${ms} ms`)), ms);
  });
  try {
    await Promise.race([promise, timeout]);
  } catch (error) {
    if (error instanceof Error && error.message === `no rejection within ${ms} ms`) throw error;
    return error;
  } finally {
    clearTimeout(timer);
  }
  assert.fail('expected a rejection, but the stream ended normally');
}
