/**
 * Where the development authorization server keeps its state (clients, grants, codes, refresh
 * tokens, sessions): in memory, with a cap on the entries of each kind, so a server left
 * running, or one a test hammers, stays within a bounded size. oidc-provider's own memory
 * adapter caps all kinds together, so a burst of sessions could evict the clients.
 * @module
 */

/** A stored payload, as oidc-provider hands it over; `grantId` and `uid` are the ones indexed. */
type Payload = Record<string, unknown> & { grantId?: unknown; uid?: unknown; consumed?: unknown };

interface Entry {
  payload: Payload;
  /** When it expires (ms since the epoch), or Infinity. */
  expires: number;
}

/** The models whose entries belong to a grant, and go with it when it is revoked. */
const GRANT_MEMBERS = new Set([
  'AccessToken',
  'AuthorizationCode',
  'RefreshToken',
  'DeviceCode',
  'BackchannelAuthenticationRequest',
  'PreAuthorizedCode',
]);

/** The state of one server: a map per model, each capped, and the indexes over them. */
export class MemoryStore {
  readonly #maxEntries: number;
  readonly #models = new Map<string, Map<string, Entry>>();
  /** Grant id -> the `model id` keys of the entries that belong to it. */
  readonly #grants = new Map<string, Set<string>>();
  /** Session uid -> session id. */
  readonly #sessionUids = new Map<string, string>();

  constructor(maxEntries: number) {
    this.#maxEntries = maxEntries;
  }

  /** The adapter factory oidc-provider's `adapter` option takes. */
  adapterFactory(): (model: string) => MemoryAdapter {
    return (model) => new MemoryAdapter(this, model);
  }

  find(model: string, id: string): Payload | undefined {
    const entries = this.#models.get(model);
    const entry = entries?.get(id);
    if (entry === undefined) return undefined;
    if (entry.expires <= Date.now()) {
      this.destroy(model, id);
      return undefined;
    }
    return entry.payload;
  }

  upsert(model: string, id: string, payload: Payload, expiresInSeconds: number | undefined): void {
    let entries = this.#models.get(model);
    if (entries === undefined) this.#models.set(model, (entries = new Map()));
    if (entries.has(id)) this.destroy(model, id);
    const expires = typeof expiresInSeconds === 'number' ? Date.now() + expiresInSeconds * 1000 : Infinity;
    entries.set(id, { payload, expires });
    if (GRANT_MEMBERS.has(model) && typeof payload.grantId === 'string') {
      let members = this.#grants.get(payload.grantId);
      if (members === undefined) this.#grants.set(payload.grantId, (members = new Set()));
      members.add(`${model} ${id}`);
    }
    if (model === 'Session' && typeof payload.uid === 'string') this.#sessionUids.set(payload.uid, id);
    this.#trim(model, entries);
  }

  destroy(model: string, id: string): void {
    const entries = this.#models.get(model);
    const entry = entries?.get(id);
    if (entries === undefined || entry === undefined) return;
    entries.delete(id);
    const { grantId, uid } = entry.payload;
    if (typeof grantId === 'string') {
      const members = this.#grants.get(grantId);
      members?.delete(`${model} ${id}`);
      if (members?.size === 0) this.#grants.delete(grantId);
    }
    if (model === 'Session' && typeof uid === 'string' && this.#sessionUids.get(uid) === id) {
      this.#sessionUids.delete(uid);
    }
  }

  findSessionByUid(uid: string): Payload | undefined {
    const id = this.#sessionUids.get(uid);
    return id === undefined ? undefined : this.find('Session', id);
  }

  /** Forgets every entry of `model` that belongs to the grant. */
  revokeByGrantId(model: string, grantId: string): void {
    const members = this.#grants.get(grantId);
    if (members === undefined) return;
    for (const member of [...members]) {
      const space = member.indexOf(' ');
      if (member.slice(0, space) === model) this.destroy(model, member.slice(space + 1));
    }
  }

  /** Drops expired entries from the oldest end, then the oldest ones beyond the cap. */
  #trim(model: string, entries: Map<string, Entry>): void {
    const now = Date.now();
    for (const [id, entry] of entries) {
      if (entries.size <= this.#maxEntries && entry.expires > now) break;
      this.destroy(model, id);
    }
  }
}

/** oidc-provider's adapter interface, for one model, over a {@link MemoryStore}. */
export class MemoryAdapter {
  readonly #store: MemoryStore;
  readonly #model: string;

  constructor(store: MemoryStore, model: string) {
    this.#store = store;
    this.#model = model;
  }

  async upsert(id: string, payload: Payload, expiresIn?: number): Promise<void> {
    this.#store.upsert(this.#model, id, payload, expiresIn);
  }

  async find(id: string): Promise<Payload | undefined> {
    return this.#store.find(this.#model, id);
  }

  async findByUid(uid: string): Promise<Payload | undefined> {
    return this.#store.findSessionByUid(uid);
  }

  // The device flow is not enabled: no user codes are stored.
  async findByUserCode(): Promise<undefined> {
    return undefined;
  }

  async consume(id: string): Promise<void> {
    const payload = this.#store.find(this.#model, id);
    if (payload) payload.consumed = Math.floor(Date.now() / 1000);
  }

  async destroy(id: string): Promise<void> {
    this.#store.destroy(this.#model, id);
  }

  async revokeByGrantId(grantId: string): Promise<void> {
    this.#store.revokeByGrantId(this.#model, grantId);
  }
}
