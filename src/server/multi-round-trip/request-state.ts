/**
 * Sealing and opening `requestState`: the server's memory of a multi round-trip request, kept
 * by the client between rounds. Sealed with AES-256-GCM through WebCrypto, so the client can
 * neither read nor change it; each state carries its expiry and what it is bound to (method,
 * salient params, caller), all checked on the way back in, and is accepted once.
 * @module
 */
import { systemClock, type Clock } from '../../jsonrpc/clock.js';
import { jsonOfAnyDepth } from '../../internal/canonical-json.js';
import { invalidParams } from '../../protocol/errors.js';
import { fromBase64Url, toBase64Url } from '../../internal/base64.js';
import type { RequestBinding } from './binding.js';
import type { UsedStateStore } from './used-states.js';
import type { RequestStateKey, RequestStateKeys } from '../fleet/fleet-store.js';

/** A secret for sealing `requestState`: at least 32 bytes, as bytes or a string (its UTF-8). */
export type RequestStateSecret = string | Uint8Array;

/** How long a `requestState` stays valid by default: long enough for a person to fill in a form. */
export const DEFAULT_REQUEST_STATE_TTL_MS = 10 * 60_000;

const MIN_SECRET_BYTES = 32;
const FORMAT = 1;
/** The format byte, authenticated with the payload. */
const HEADER = new Uint8Array([FORMAT]);
/** The format of a state sealed by a fleet's rotating key: the key's id follows the format byte. */
const NAMED_FORMAT = 2;
/** Derived keys of a fleet's ring kept at once: a few periods' worth. */
const MAX_NAMED_KEYS = 8;
const IV_BYTES = 12;
const TAG_BYTES = 16;
const HKDF_INFO = new TextEncoder().encode('mcpkit requestState v1');

/** What one round leaves for the next. */
export interface RoundState {
  /** The answers the handler has used so far, by input key. */
  answers: Record<string, unknown>;
  /** The handler's own state, when it set one. */
  state?: unknown;
}

/** The sealed payload; short member names keep the state small. */
interface Payload {
  /** Method, params digest and principal digest (`null`: anonymous) the state is bound to. */
  m: string;
  d: string;
  p: string | null;
  /** Expiry, in ms since the epoch of the server's clock. */
  e: number;
  a: Record<string, unknown>;
  s?: unknown;
}

export interface RequestStateSealerOptions {
  /**
   * The first secret seals; every one of them opens, so a shared key can be rotated. Default:
   * random, this process only.
   */
  key?: RequestStateSecret | readonly RequestStateSecret[] | undefined;
  ttlMs?: number | undefined;
  clock?: Clock | undefined;
  /** Where accepted states are recorded, to refuse them the next time; none accepts them until they expire. */
  usedStates?: UsedStateStore | undefined;
}

export class RequestStateSealer {
  /** The secrets given; none means one random secret, made with the keys on first use. */
  readonly #secrets: readonly Uint8Array<ArrayBuffer>[];
  readonly #ttlMs: number;
  readonly #clock: Clock;
  #usedStates: UsedStateStore | undefined;
  #keys: Promise<CryptoKey[]> | undefined;
  /** A fleet's rotating keys, when the server shares them: they replace the secrets given. */
  #ring: RequestStateKeys | undefined;
  readonly #named = new Map<string, Promise<CryptoKey>>();

  constructor(options: RequestStateSealerOptions = {}) {
    const given =
      options.key === undefined
        ? []
        : typeof options.key === 'string' || options.key instanceof Uint8Array
          ? [options.key]
          : options.key;
    if (options.key !== undefined && given.length === 0)
      throw new TypeError('requestState.key: give at least one secret');
    // A random secret waits for the first seal or open: most servers never seal a requestState,
    // and reaching for the platform's crypto costs every process's start.
    this.#secrets = given.map(secretBytes);
    const ttlMs = options.ttlMs ?? DEFAULT_REQUEST_STATE_TTL_MS;
    if (!(ttlMs > 0) || !Number.isFinite(ttlMs))
      throw new TypeError(`requestState.ttlMs must be a positive number of milliseconds, got ${String(ttlMs)}`);
    this.#ttlMs = ttlMs;
    this.#clock = options.clock ?? systemClock;
    this.#usedStates = options.usedStates;
  }

  /**
   * Seals with a fleet's rotating keys from now on (each state names its key) and records used
   * states in the fleet's store, so any process opens what another sealed, once.
   */
  share(ring: RequestStateKeys | undefined, usedStates: UsedStateStore | undefined): void {
    if (ring) this.#ring = ring;
    this.#usedStates = usedStates;
  }

  async seal(round: RoundState, binding: RequestBinding): Promise<string> {
    const payload: Payload = {
      m: binding.method,
      d: binding.params,
      p: binding.principal ?? null,
      e: this.#clock.now() + this.#ttlMs,
      a: round.answers,
    };
    if (round.state !== undefined) payload.s = round.state;
    let header = HEADER;
    let key: CryptoKey;
    if (this.#ring) {
      const named = await this.#ring.current();
      header = namedHeader(named.id);
      key = await this.#namedKey(named);
    } else {
      [key] = (await this.#cryptoKeys()) as [CryptoKey];
    }
    const iv = globalThis.crypto.getRandomValues(new Uint8Array(IV_BYTES));
    // The answers are the client's: they may nest deeper than JSON.stringify can follow.
    const plain = new TextEncoder().encode(jsonOfAnyDepth(payload));
    const sealed = new Uint8Array(
      await globalThis.crypto.subtle.encrypt({ name: 'AES-GCM', iv, additionalData: header }, key, plain),
    );
    const out = new Uint8Array(header.length + IV_BYTES + sealed.length);
    out.set(header, 0);
    out.set(iv, header.length);
    out.set(sealed, header.length + IV_BYTES);
    return toBase64Url(out);
  }

  /**
   * The round state in `token`, after checking that this server sealed it, that it has not
   * expired, that it was issued for this request and this caller, and that it was not accepted
   * before (it is recorded as used now); -32602 otherwise.
   */
  async open(token: string, binding: RequestBinding): Promise<RoundState> {
    const bytes = fromBase64Url(token);
    const headerLength = bytes === undefined ? 0 : headerLengthOf(bytes);
    if (!bytes || headerLength === 0 || bytes.length < headerLength + IV_BYTES + TAG_BYTES) {
      throw invalidParams('Invalid requestState: it is not a state this server issued');
    }
    const payload = await this.#decrypt(bytes, headerLength);
    if (!payload)
      throw invalidParams(
        'Invalid requestState: the integrity check failed (it was altered, or sealed by a server with another key)',
      );
    if (this.#clock.now() > payload.e) {
      throw invalidParams(
        'Invalid requestState: it has expired; send the request again without requestState and inputResponses',
      );
    }
    if (payload.m !== binding.method)
      throw invalidParams(`Invalid requestState: it was issued for ${payload.m}, not ${binding.method}`);
    if (payload.d !== binding.params) {
      throw invalidParams(
        `Invalid requestState: it was issued for a different ${binding.method} request (the ${binding.method === 'resources/read' ? 'URI differs' : 'name or arguments differ'})`,
      );
    }
    if (payload.p !== (binding.principal ?? null))
      throw invalidParams('Invalid requestState: it was issued to a different caller');
    // Recorded only once every check passed, so a copy presented wrongly cannot spend it. The
    // random IV names the state: the key authenticates it with everything sealed.
    const name = toBase64Url(bytes.subarray(headerLength, headerLength + IV_BYTES));
    if (this.#usedStates && !(await this.#usedStates.add(name, payload.e))) {
      throw invalidParams(
        'Invalid requestState: it was used already (each is accepted once), or is too old for the server to tell; send the request again without requestState and inputResponses',
      );
    }
    return payload.s === undefined ? { answers: payload.a } : { answers: payload.a, state: payload.s };
  }

  async #decrypt(bytes: Uint8Array<ArrayBuffer>, headerLength: number): Promise<Payload | undefined> {
    const header = bytes.subarray(0, headerLength);
    const iv = bytes.subarray(headerLength, headerLength + IV_BYTES);
    const sealed = bytes.subarray(headerLength + IV_BYTES);
    let keys: CryptoKey[];
    if (bytes[0] === NAMED_FORMAT) {
      // A fleet's key, named in the state: one that is no longer accepted opens nothing.
      const named = await this.#ring?.find(new TextDecoder().decode(header.subarray(2)));
      keys = named ? [await this.#namedKey(named)] : [];
    } else {
      keys = await this.#cryptoKeys();
    }
    for (const key of keys) {
      let plain: ArrayBuffer;
      try {
        plain = await globalThis.crypto.subtle.decrypt({ name: 'AES-GCM', iv, additionalData: header }, key, sealed);
      } catch {
        continue; // sealed with another key, or altered
      }
      const payload: unknown = JSON.parse(new TextDecoder().decode(plain));
      return isPayload(payload) ? payload : undefined;
    }
    return undefined;
  }

  /** The AES-GCM key of a fleet's key, derived once while it is in use. */
  #namedKey(named: RequestStateKey): Promise<CryptoKey> {
    let key = this.#named.get(named.id);
    if (key === undefined) {
      if (this.#named.size >= MAX_NAMED_KEYS) this.#named.delete(this.#named.keys().next().value!);
      this.#named.set(named.id, (key = deriveKey(secretBytes(named.secret))));
    }
    return key;
  }

  /** The AES-GCM keys, derived from the secrets with HKDF on first use. */
  #cryptoKeys(): Promise<CryptoKey[]> {
    return (this.#keys ??= Promise.all(
      (this.#secrets.length > 0
        ? this.#secrets
        : [globalThis.crypto.getRandomValues(new Uint8Array(MIN_SECRET_BYTES))]
      ).map(deriveKey),
    ));
  }
}

/** The header of a state sealed by the fleet's key `id`: the format, the id's length, the id. */
function namedHeader(id: string): Uint8Array<ArrayBuffer> {
  const name = new TextEncoder().encode(id);
  if (name.length === 0 || name.length > 255)
    throw new TypeError(`A requestState key id must be 1 to 255 bytes: ${id}`);
  const header = new Uint8Array(2 + name.length);
  header[0] = NAMED_FORMAT;
  header[1] = name.length;
  header.set(name, 2);
  return header;
}

/** How many bytes the header of `bytes` takes; 0 when it is no format of ours. */
function headerLengthOf(bytes: Uint8Array): number {
  if (bytes[0] === FORMAT) return 1;
  if (bytes[0] === NAMED_FORMAT && bytes.length > 2 && bytes[1]! > 0) return 2 + bytes[1]!;
  return 0;
}

function secretBytes(secret: RequestStateSecret): Uint8Array<ArrayBuffer> {
  const bytes =
    typeof secret === 'string' ? new TextEncoder().encode(secret) : secret instanceof Uint8Array ? secret : undefined;
  if (!bytes) throw new TypeError('requestState.key: a secret is a string or a Uint8Array');
  if (bytes.length < MIN_SECRET_BYTES) {
    throw new TypeError(
      `requestState.key: a secret needs at least ${MIN_SECRET_BYTES} bytes of high entropy, got ${bytes.length}`,
    );
  }
  return bytes.slice();
}

async function deriveKey(secret: Uint8Array<ArrayBuffer>): Promise<CryptoKey> {
  const subtle = globalThis.crypto.subtle;
  const base = await subtle.importKey('raw', secret, 'HKDF', false, ['deriveKey']);
  return subtle.deriveKey(
    { name: 'HKDF', hash: 'SHA-256', salt: new Uint8Array(0), info: HKDF_INFO },
    base,
    { name: 'AES-GCM', length: 256 },
    false,
    ['encrypt', 'decrypt'],
  );
}

function isPayload(value: unknown): value is Payload {
  if (typeof value !== 'object' || value === null) return false;
  const p = value as Record<string, unknown>;
  return (
    typeof p.m === 'string' &&
    typeof p.d === 'string' &&
    (p.p === null || typeof p.p === 'string') &&
    typeof p.e === 'number' &&
    typeof p.a === 'object' &&
    p.a !== null &&
    !Array.isArray(p.a)
  );
}
