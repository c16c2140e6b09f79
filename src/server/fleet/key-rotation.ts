/**
 * When the fleet's `requestState` key changes: keys are named by the period they seal in
 * (`k<n>`, the n-th period since the epoch), so every process agrees on the current one
 * without talking to the others, and a key is accepted until the last state it sealed has
 * expired.
 * @module
 */
import type { Clock } from '../../jsonrpc/clock.js';
import { DEFAULT_REQUEST_STATE_TTL_MS } from '../multi-round-trip/request-state.js';

/** How often the keys that seal a fleet's `requestState` change. */
export interface KeyRotationOptions {
  /** How long one key seals before the next takes over. Default 24 hours. */
  keyRotationMs?: number;
  /** The longest a `requestState` lives (the servers' `requestState.ttlMs`). Default 10 minutes. */
  requestStateTtlMs?: number;
}

/** Default of `keyRotationMs`: a day. */
export const DEFAULT_KEY_ROTATION_MS = 24 * 60 * 60_000;

export class KeyRotation {
  readonly periodMs: number;
  readonly ttlMs: number;
  readonly #clock: Clock;

  constructor(options: KeyRotationOptions, clock: Clock) {
    this.periodMs = options.keyRotationMs ?? DEFAULT_KEY_ROTATION_MS;
    this.ttlMs = options.requestStateTtlMs ?? DEFAULT_REQUEST_STATE_TTL_MS;
    if (!(this.periodMs > 0) || !Number.isFinite(this.periodMs))
      throw new RangeError(`keyRotationMs must be a positive number, got ${this.periodMs}`);
    if (!(this.ttlMs > 0) || !Number.isFinite(this.ttlMs))
      throw new RangeError(`requestStateTtlMs must be a positive number, got ${this.ttlMs}`);
    this.#clock = clock;
  }

  /** The id of the key that seals now. */
  currentId(): string {
    return `k${Math.floor(this.#clock.now() / this.periodMs)}`;
  }

  /** Whether a state sealed by key `id` may still be valid: its period ended less than a state's life ago. */
  accepts(id: string): boolean {
    const period = /^k(\d{1,15})$/.exec(id)?.[1];
    if (period === undefined) return false;
    const endsAt = (Number(period) + 1) * this.periodMs;
    const now = this.#clock.now();
    return Number(period) * this.periodMs <= now && now < endsAt + this.ttlMs;
  }

  /** How long a key must be kept from now: the rest of its period plus a state's life. */
  keepMs(id: string): number {
    const period = Number(id.slice(1));
    return (period + 1) * this.periodMs + this.ttlMs - this.#clock.now();
  }
}
