// Seeded generation of malformed and valid input lines for a stdio MCP server. Every request id
// a case uses is fresh, so each answer can be traced back to the one line that asked for it.
import { Buffer } from 'node:buffer';

/** mulberry32: small, fast and good enough to drive a fuzzer reproducibly. */
export class Random {
  #state: number;
  constructor(seed: number) {
    this.#state = seed >>> 0;
  }
  next(): number {
    let t = (this.#state = (this.#state + 0x6d2b79f5) >>> 0);
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  }
  int(n: number): number {
    return Math.floor(this.next() * n);
  }
  chance(p: number): boolean {
    return this.next() < p;
  }
  pick<T>(items: readonly T[]): T {
    return items[this.int(items.length)]!;
  }
}

export interface FuzzLine {
  /** What kind of input this is, for failure messages. */
  label: string;
  /** The line, without its terminating newline; never contains `\n`. */
  bytes: Buffer;
  /** Uses an id an earlier line used, on purpose (that request may still be in flight). */
  reusesId?: boolean;
  /** Its answers may have any outcome (the server's timing decides), though each is still due. */
  anyOutcome?: boolean;
}

const ALPHABETS = [
  'abcdefghijklmnopqrstuvwxyz ABCDEFGHIJKLMNOPQRSTUVWXYZ 0123456789',
  '{}[]":,\\/ \t.-+eE0123456789truefalsnul',
  'éüñßøåçÆŒ€£¥©®±µ¶·¿',
  '日本語中文한국어עבריתالعربيةไทยहिन्दी',
  '😀🎉🦄🌍👩‍👩‍👧‍👦🏳️‍🌈𝔘𝔫𝔦𝔠𝔬𝔡𝔢',
  '\u0000\u0001\u0007\u001f\u007f\u0085\u00a0\u2028\u2029\u200b\u200d\u202e\ufeff\ufffd\r\t',
];

export function randomText(rng: Random, maxLength: number): string {
  const alphabet = Array.from(rng.pick(ALPHABETS));
  let s = '';
  const length = rng.int(maxLength + 1);
  for (let i = 0; i < length; i++) {
    if (rng.chance(0.02))
      s += String.fromCharCode(0xd800 + rng.int(0x800)); // a lone surrogate
    else s += rng.pick(alphabet);
  }
  return s;
}

/** Any JSON value, nested up to `depth`. */
export function randomValue(rng: Random, depth = 3): unknown {
  switch (rng.int(depth > 0 ? 10 : 7)) {
    case 0:
      return null;
    case 1:
      return rng.chance(0.5);
    case 2:
      return rng.int(2000) - 1000;
    case 3:
      return rng.pick([0.5, -1.25, 1e21, -1e-7, 2 ** 53, -(2 ** 60), 1.7976931348623157e308, 5e-324]);
    case 4:
      return randomText(rng, 12);
    case 5:
      return rng.pick(['', ' ', '__proto__', 'constructor', 'toString', '0', 'null', 'true']);
    case 6:
      return {};
    case 7:
      return Array.from({ length: rng.int(4) }, () => randomValue(rng, depth - 1));
    default: {
      const o: Record<string, unknown> = {};
      for (let i = rng.int(4); i > 0; i--)
        o[rng.pick(['a', 'name', 'ids', '__proto__', 'constructor', randomText(rng, 6)])] = randomValue(rng, depth - 1);
      return o;
    }
  }
}

const UNUSABLE_IDS: readonly unknown[] = [
  null,
  true,
  false,
  {},
  [],
  [1],
  { id: 1 },
  1.5,
  -0.25,
  1e300,
  2 ** 53,
  -(2 ** 53),
  9007199254740993,
  1e21,
];

const UNKNOWN_METHODS: readonly string[] = [
  'tools/lis',
  'TOOLS/LIST',
  'tools/list ',
  ' ping',
  'Ping',
  '',
  '/',
  'tools/',
  'rpc.discover',
  'system.listMethods',
  '__proto__',
  'constructor',
  'toString',
  'hasOwnProperty',
  'valueOf',
  'prototype',
  'resources/list',
  'prompts/get',
  'completion/complete',
  'logging/setLevel',
  'resources/subscribe',
  'tasks/get',
  'sampling/createMessage',
  'roots/list',
  'elicitation/create',
  'server/discover',
  'subscriptions/listen',
  'notifications/cancelled',
  'notifications/progress',
  'notifications/initialized',
  'ツール/一覧',
  '💥',
  'a'.repeat(300),
];

const NOTIFICATIONS: readonly string[] = [
  'notifications/cancelled',
  'notifications/progress',
  'notifications/initialized',
  'notifications/roots/list_changed',
  'notifications/message',
  'notifications/tools/list_changed',
  'notifications/unknown',
  'ping',
  'tools/call',
  'initialize',
];

export class CaseGenerator {
  readonly rng: Random;
  #next = 1;
  #usedEmptyId = false;

  constructor(seed: number) {
    this.rng = new Random(seed);
  }

  /** A usable id never used before in this run. */
  freshId(): string | number {
    const n = this.#next++;
    const r = this.rng;
    switch (r.int(7)) {
      case 0:
        return n;
      case 1:
        return -n;
      case 2:
        return Number.MAX_SAFE_INTEGER - n;
      case 3:
        return `s${n}`;
      case 4:
        return `${n}`; // a string that looks like a number: a different id from n
      case 5:
        if (!this.#usedEmptyId) {
          this.#usedEmptyId = true;
          return '';
        }
        return `🆔 ${n} ${randomText(r, 4).replace(/[\ud800-\udfff]/g, '')}`;
      default:
        return 1_000_000 + n;
    }
  }

  /** A request the server handles normally (the oracle knows the outcome). */
  validRequest(): Record<string, unknown> {
    const r = this.rng;
    const id = this.freshId();
    const request = (method: string, params?: Record<string, unknown>) =>
      params === undefined ? { jsonrpc: '2.0', id, method } : { jsonrpc: '2.0', id, method, params };
    switch (r.int(7)) {
      case 0:
        return request('ping');
      case 1:
        return request('ping', { _meta: { progressToken: this.freshId() } });
      case 2:
        return request('tools/list', r.chance(0.5) ? {} : undefined);
      case 3:
        return request('tools/call', { name: 'echo', arguments: { text: randomText(r, 40) } });
      case 4:
        return request('tools/call', { name: 'add', arguments: { a: r.int(100), b: r.next() } });
      case 5:
        return request('tools/call', { name: 'fail' });
      default:
        return request('tools/call', { name: r.pick(['nope', 'Echo', 'echo ', '', '__proto__']), arguments: {} });
    }
  }

  /** A message with one field given a wrong type, or some fields missing. */
  mutated(): Record<string, unknown> {
    const r = this.rng;
    const m = this.validRequest();
    switch (r.int(7)) {
      case 0:
        m.id = r.pick(UNUSABLE_IDS);
        break;
      case 1:
        m.method = r.pick<unknown>([42, null, true, {}, ['ping'], 1.5]);
        break;
      case 2:
        m.params = r.pick<unknown>([[], [1, 2], 'params', 7, null, false]);
        break;
      case 3:
        m.jsonrpc = r.pick<unknown>(['1.0', '2.0 ', 2, 2.0, null, '']);
        break;
      case 4:
        for (const key of ['jsonrpc', 'id', 'method', 'params']) if (r.chance(0.4)) delete m[key];
        break;
      case 5:
        m.params = { ...(m.params as object), name: randomValue(r), arguments: randomValue(r) };
        m.method = 'tools/call';
        break;
      default:
        m.params = { _meta: randomValue(r), cursor: randomValue(r) };
        m.method = r.pick(['ping', 'tools/list']);
    }
    return m;
  }

  unknownMethod(): Record<string, unknown> {
    const r = this.rng;
    const method = r.chance(0.8) ? r.pick(UNKNOWN_METHODS) : randomText(r, 20);
    const m: Record<string, unknown> = { jsonrpc: '2.0', method };
    if (r.chance(0.8)) m.id = this.freshId();
    if (r.chance(0.5)) m.params = { x: randomValue(r) };
    return m;
  }

  /** A response to a request the server never sent. */
  strayResponse(): Record<string, unknown> {
    const r = this.rng;
    const m: Record<string, unknown> = { jsonrpc: '2.0', id: r.chance(0.5) ? r.int(100) : randomValue(r, 1) };
    if (r.chance(0.5)) m.result = r.chance(0.7) ? { x: randomValue(r) } : randomValue(r);
    else
      m.error = r.chance(0.7)
        ? { code: r.int(70000) - 35000, message: randomText(r, 10), data: randomValue(r) }
        : randomValue(r);
    if (r.chance(0.1)) delete m.id;
    return m;
  }

  /** A notification, often with garbage params. Cancellations never name an id in use. */
  notification(): Record<string, unknown> {
    const r = this.rng;
    const method = r.pick(NOTIFICATIONS);
    let params: unknown = r.chance(0.3) ? randomValue(r) : { x: randomValue(r) };
    if (method === 'notifications/cancelled')
      params = {
        requestId: r.pick<unknown>([`never-${r.int(1e6)}`, 8e15 + r.int(1e6), ...UNUSABLE_IDS]),
        reason: randomValue(r, 1),
      };
    if (method === 'notifications/progress')
      params = {
        progressToken: r.pick<unknown>([`never-${r.int(1e6)}`, ...UNUSABLE_IDS]),
        progress: randomValue(r, 1),
        total: randomValue(r, 1),
      };
    return r.chance(0.1) ? { jsonrpc: '2.0', method } : { jsonrpc: '2.0', method, params };
  }

  /** Any message-like value, for batches. */
  anyMessage(): unknown {
    const r = this.rng;
    switch (r.int(7)) {
      case 0:
      case 1:
        return this.validRequest();
      case 2:
        return this.mutated();
      case 3:
        return this.unknownMethod();
      case 4:
        return this.strayResponse();
      case 5:
        return this.notification();
      default:
        return r.chance(0.5)
          ? randomValue(r, 2)
          : { jsonrpc: '2.0', id: this.freshId(), method: 'initialize', params: {} };
    }
  }

  deep(depth: number): string {
    const r = this.rng;
    const open = r.chance(0.5) ? '[' : '{"a":';
    const close = open === '[' ? ']' : '}';
    const nested = open.repeat(depth) + (open === '[' ? '' : '1') + close.repeat(depth);
    switch (r.int(4)) {
      case 0:
        return JSON.stringify({ jsonrpc: '2.0', id: this.freshId(), method: 'ping', params: { x: 0 } }).replace(
          '0}}',
          `${nested}}}`,
        );
      case 1:
        return JSON.stringify({
          jsonrpc: '2.0',
          id: this.freshId(),
          method: 'tools/call',
          params: { name: 'echo', arguments: { text: 0 } },
        }).replace(':0}', `:${nested}}`);
      case 2:
        return nested;
      default:
        return nested.slice(0, nested.length - 1 - r.int(depth)); // unbalanced
    }
  }

  /** One line of input: mostly small, sometimes huge, deep, binary or empty. */
  line(): FuzzLine {
    const r = this.rng;
    const text = (label: string, s: string): FuzzLine => ({ label, bytes: Buffer.from(s, 'utf8') });
    const json = (label: string, v: unknown): FuzzLine => text(label, JSON.stringify(v));
    const roll = r.int(1000);
    if (roll < 250) return json('valid request', this.validRequest());
    if (roll < 400) return json('wrong types / missing fields', this.mutated());
    if (roll < 480) return json('unknown method', this.unknownMethod());
    if (roll < 540) return json('response to nothing', this.strayResponse());
    if (roll < 640) return json('notification', this.notification());
    if (roll < 700) {
      const s = JSON.stringify(this.validRequest());
      return text('truncated JSON', s.slice(0, 1 + r.int(s.length - 1)));
    }
    if (roll < 760) {
      return text(
        'invalid JSON',
        r.pick([
          randomText(r, 30).replace(/\n/g, ''),
          "{'jsonrpc':'2.0'}",
          '{"jsonrpc":"2.0","id":1,}',
          'NaN',
          'undefined',
          '{"a":1}}',
          '{"jsonrpc":"2.0","method":"ping","id":1',
          `{"text":"raw\u0001control"}`,
          '"unterminated',
          '01',
          '.5',
          '[1,]',
          '{}{}',
          '\u00a0{}',
        ]),
      );
    }
    if (roll < 790) return json('JSON that is no message', randomValue(r, 2));
    if (roll < 830) {
      const items = Array.from({ length: r.int(6) }, () => this.anyMessage());
      return json(items.length === 0 ? 'empty batch' : 'batch', items);
    }
    if (roll < 860) return text('empty or blank line', r.pick(['', '\r', ' ', '\t', '   \r', '\u2028']));
    if (roll < 900) {
      const id = this.freshId();
      const raw = r.pick([
        '{"jsonrpc":"2.0","id":ID,"id":ID2,"method":"ping"}',
        '{"jsonrpc":"2.0","id":ID,"method":"ping","__proto__":{"x":1}}',
        '\ufeff{"jsonrpc":"2.0","id":ID,"method":"ping"}',
        ' \t{"method" : "ping" , "id" : ID , "jsonrpc" : "2.0"} ',
        '{"jsonrpc":"2.0","id":ID,"method":"tools/call","params":{"__proto__":{"name":"echo"}}}',
      ]);
      const numeric = typeof id === 'number' && r.chance(0.5);
      return text(
        'odd but valid JSON',
        raw.replace('ID2', JSON.stringify(id)).replace('ID', numeric ? `${id}.0` : JSON.stringify(this.freshId())),
      );
    }
    if (roll < 930) {
      const id = this.freshId();
      const bytes = [
        Buffer.from(
          `{"jsonrpc":"2.0","id":${JSON.stringify(id)},"method":"tools/call","params":{"name":"echo","arguments":{"text":"a`,
        ),
        Buffer.from([0xff, 0xc3, 0x28, 0xe2, 0x82, 0xf0, 0x9f]),
        Buffer.from('z"}}}'),
      ];
      return { label: 'invalid UTF-8 in a string', bytes: Buffer.concat(bytes.slice(0, r.chance(0.2) ? 2 : 3)) };
    }
    if (roll < 935) return text('deeply nested JSON', this.deep(1000 + r.int(20_000)));
    if (roll < 940) {
      const long = randomText(r, 10)
        .replace(/[\ud800-\udfff]/g, '')
        .padEnd(1, 'x')
        .repeat(2000 + r.int(20_000));
      return json('very long string', {
        jsonrpc: '2.0',
        id: this.freshId(),
        method: r.pick(['tools/call', 'long/unknown']),
        params: { name: 'echo', arguments: { text: long } },
      });
    }
    return json('valid request', this.validRequest());
  }
}

/** The envelope of a 2026-07-28 request, in its `_meta`. */
export const MODERN_ENVELOPE: Readonly<Record<string, unknown>> = {
  'io.modelcontextprotocol/protocolVersion': '2026-07-28',
  'io.modelcontextprotocol/clientInfo': { name: 'fuzz', version: '1' },
  'io.modelcontextprotocol/clientCapabilities': {},
};

const ENVELOPE_FIELDS = Object.keys(MODERN_ENVELOPE);

/** Values of the wrong type (or the wrong value) for a field of the envelope. */
const WRONG_FIELDS: readonly unknown[] = [
  42,
  -1.5,
  null,
  true,
  '',
  'x',
  '2025-11-25',
  '2026-07-29',
  [],
  ['2026-07-28'],
  {},
  { name: 7, version: [] },
];

/**
 * Lines for the fixture `deep-input-server`, in a legacy session or as modern requests
 * (`modern`: every request it makes carries the envelope in `_meta`, now and then with a field of
 * the wrong type or missing). Besides all {@link CaseGenerator} writes: calls whose results JSON
 * cannot write (10,000 and 100,000 deep, a cycle, a BigInt, a throwing toJSON), deep arguments
 * echoed back, messages near and over `maxBytes`, the same id twice in a row, odd ids.
 */
export class DeepServerCases extends CaseGenerator {
  readonly modern: boolean;
  readonly maxBytes: number;
  /** The second of a pair of lines with one id, written next. */
  #again: FuzzLine | undefined;
  #usedNegativeZero = false;

  constructor(seed: number, options: { modern: boolean; maxBytes: number }) {
    super(seed);
    this.modern = options.modern;
    this.maxBytes = options.maxBytes;
  }

  /** The envelope, sound most of the time; else one field wrong, missing, or `_meta` itself wrong. */
  envelope(): unknown {
    const r = this.rng;
    if (!r.chance(0.15)) return { ...MODERN_ENVELOPE };
    if (r.chance(0.15)) return r.pick(WRONG_FIELDS);
    const envelope: Record<string, unknown> = { ...MODERN_ENVELOPE };
    const field = r.pick(ENVELOPE_FIELDS);
    if (r.chance(0.2)) delete envelope[field];
    else envelope[field] = r.pick(WRONG_FIELDS);
    return envelope;
  }

  override validRequest(): Record<string, unknown> {
    const r = this.rng;
    const id = this.freshId();
    const call = (name: string, args?: unknown): Record<string, unknown> =>
      args === undefined ? { name } : { name, arguments: args };
    let method = 'tools/call';
    let params: Record<string, unknown>;
    switch (r.int(9)) {
      case 0:
        method = this.modern ? 'server/discover' : 'ping';
        params = {};
        break;
      case 1:
        method = 'tools/list';
        params = {};
        break;
      case 2:
        params = call('depth', { x: randomValue(r) });
        break;
      case 3:
        params = call('echo', { text: randomText(r, 40), more: randomValue(r, 2) });
        break;
      case 4:
        params = call('deep-result', { levels: r.pick([0, 1, 100, 10_000, 10_000, 100_000]) });
        break;
      case 5:
        params = call('deep-mirrored', { levels: r.pick([2, 10_000]) });
        break;
      case 6:
      case 7:
        params = call(r.pick(['cycle', 'bigint', 'throwing-tojson']), r.chance(0.5) ? {} : undefined);
        break;
      default:
        params = call(r.pick(['nope', 'Echo', 'echo ', '', '__proto__', 'constructor']), {});
    }
    if (this.modern || r.chance(0.1)) params._meta = this.envelope();
    return { jsonrpc: '2.0', id, method, params };
  }

  /** A call echoing arguments `levels` deep, as text: the test cannot write them either. */
  deepArguments(levels: number): string {
    const params: Record<string, unknown> = { name: 'echo', arguments: { x: '<deep>' } };
    if (this.modern) params._meta = this.envelope();
    const text = JSON.stringify({ jsonrpc: '2.0', id: this.freshId(), method: 'tools/call', params });
    return text.replace('"<deep>"', '{"a":'.repeat(levels) + '1' + '}'.repeat(levels));
  }

  /** An echo whose line is a few bytes under, at, or over `maxBytes`. */
  nearTheLimit(): string {
    const r = this.rng;
    const params: Record<string, unknown> = { name: 'echo', arguments: { text: '' } };
    if (this.modern) params._meta = { ...MODERN_ENVELOPE };
    const head = JSON.stringify({ jsonrpc: '2.0', id: this.freshId(), method: 'tools/call', params });
    const target = this.maxBytes + (r.chance(0.5) ? 1 + r.int(64) : -r.int(64));
    return head.replace('"text":""', `"text":"${'x'.repeat(Math.max(0, target - head.length))}"`);
  }

  override line(): FuzzLine {
    const again = this.#again;
    if (again) {
      this.#again = undefined;
      return again;
    }
    const r = this.rng;
    const text = (label: string, s: string): FuzzLine => ({ label, bytes: Buffer.from(s, 'utf8') });
    const roll = r.int(100);
    if (roll < 70) return super.line();
    if (roll < 80) {
      const request = this.validRequest();
      const params = request.params as Record<string, unknown>;
      params.name = r.pick(['cycle', 'bigint', 'throwing-tojson', 'deep-result']);
      params.arguments = { levels: r.pick([10_000, 100_000]) };
      return text('a result JSON cannot write', JSON.stringify(request));
    }
    if (roll < 84) return text('deep arguments echoed back', this.deepArguments(r.pick([2_000, 20_000, 60_000])));
    if (roll < 88) {
      const request = this.validRequest();
      (request.params as Record<string, unknown>)._meta = this.envelope();
      return text('an envelope with a wrong field', JSON.stringify(request));
    }
    if (roll < 91) return text('a message near the size limit', this.nearTheLimit());
    if (roll < 94) {
      // Sent twice in a row: the second may find the first in flight, or done.
      const request = this.validRequest();
      const first = { ...text('an id used twice', JSON.stringify(request)), anyOutcome: true };
      this.#again = { ...first, label: 'an id used twice (again)', reusesId: true };
      return first;
    }
    if (roll < 97) {
      const request = JSON.stringify(this.validRequest());
      const id = this.#usedNegativeZero ? `${1 + r.int(9)}.${'0'.repeat(1 + r.int(3))}E${6 + r.int(3)}` : '-0';
      this.#usedNegativeZero = true;
      // A number written oddly is the same id as any other spelling of it.
      return text('an id written oddly', request.replace(/"id":[^,]*,/, `"id":${id},`));
    }
    const items = Array.from({ length: 2 + r.int(5) }, () => this.anyMessage());
    const ids = '[' + '['.repeat(10_000) + ']'.repeat(10_000) + ']';
    return r.chance(0.5)
      ? text('a batch with mixed bad items', JSON.stringify(items))
      : text('an id nested 10,000 deep', `{"jsonrpc":"2.0","id":${ids},"method":"ping"}`);
  }
}
