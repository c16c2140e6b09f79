// The inspector's API as its page uses it, from a test: commands with the launch's token, and
// the event stream, read as it comes, so a test waits for what the inspector says rather than
// for a time.
import type { InspectorEvent, PendingRequest, ServerState, WireEntry } from '../../src/cli/inspect/protocol.js';
import type { InspectChild } from './inspect-child.js';
import { within } from './e2e.js';

export interface CommandAnswer {
  status: number;
  body: {
    result?: Record<string, unknown> & { servers?: ServerState[]; server?: ServerState; wire?: WireEntry[] };
    error?: { message: string; code?: number };
  };
}

export interface InspectorApiClient {
  /** The first server, once connected. */
  server: string;
  command(name: string, body: Record<string, unknown>): Promise<CommandAnswer>;
  /** The next event that `match` accepts (given back as what `match` returns). */
  next<T>(match: (event: InspectorEvent) => T | undefined, what: string): Promise<T>;
  /** The next request of a server's that waits for the user. */
  nextRequest(): Promise<PendingRequest>;
  close(): void;
}

/** Opens the event stream of `inspect`, and waits for its first server to be connected. */
export async function inspectorApi(inspect: InspectChild): Promise<InspectorApiClient> {
  const headers = { authorization: `Bearer ${inspect.token}`, 'content-type': 'application/json' };
  const command = async (name: string, body: Record<string, unknown>): Promise<CommandAnswer> => {
    const response = await fetch(new URL(`/api/${name}`, inspect.url), {
      method: 'POST',
      headers,
      body: JSON.stringify(body),
    });
    return { status: response.status, body: (await response.json()) as CommandAnswer['body'] };
  };
  const waiters = new Set<(event: InspectorEvent) => void>();
  const abort = new AbortController();
  const response = await fetch(new URL('/api/events', inspect.url), { headers, signal: abort.signal });
  void readEvents(response.body!, (event) => {
    for (const waiter of [...waiters]) waiter(event);
  }).catch(() => {});
  const next = <T>(match: (event: InspectorEvent) => T | undefined, what: string): Promise<T> =>
    within(
      new Promise<T>((resolve) => {
        const waiter = (event: InspectorEvent) => {
          const found = match(event);
          if (found === undefined) return;
          waiters.delete(waiter);
          resolve(found);
        };
        waiters.add(waiter);
      }),
      20_000,
      what,
    );
  const connectedIn = (servers: ServerState[] | undefined) => servers?.find((s) => s.status === 'connected')?.id;
  const connected = next((e) => (e.type === 'servers' ? connectedIn(e.servers) : undefined), 'a connected server');
  const server = connectedIn((await command('state', {})).body.result?.servers) ?? (await connected);
  return {
    server,
    command,
    next,
    nextRequest: () => next((e) => (e.type === 'request' ? e.request : undefined), 'a request for the user'),
    close: () => abort.abort(),
  };
}

async function readEvents(body: ReadableStream<Uint8Array>, onEvent: (event: InspectorEvent) => void): Promise<void> {
  const decoder = new TextDecoder();
  let buffer = '';
  for await (const chunk of body) {
    buffer += decoder.decode(chunk, { stream: true });
    let end: number;
    while ((end = buffer.indexOf('\n\n')) !== -1) {
      const data = buffer
        .slice(0, end)
        .split('\n')
        .filter((line) => line.startsWith('data:'))
        .map((line) => line.slice(5).trimStart())
        .join('\n');
      buffer = buffer.slice(end + 2);
      if (data !== '') onEvent(JSON.parse(data) as InspectorEvent);
    }
  }
}
