/**
 * The page's one channel to its inspector: commands as `POST /api/<name>` and events read from
 * `GET /api/events`, each with the launch's token. The token comes in the page's URL (the
 * inspector serves the page only with it), is kept for the tab in `sessionStorage` and taken
 * out of the address bar, so a reload still works and the history does not keep it.
 * @module
 */
import type { InspectorCommand, InspectorCommands, InspectorEvent } from '../protocol.js';

const KEY = 'mcpkit-inspect-token';

/** The token: from the URL (`?token=`) on first load, then from the tab's storage. */
export function takeToken(): string {
  const given = new URLSearchParams(location.search).get('token');
  if (given !== null) {
    sessionStorage.setItem(KEY, given);
    history.replaceState(null, '', location.pathname);
  }
  return sessionStorage.getItem(KEY) ?? '';
}

/** A command's failure, with the inspector's reason. */
export class CommandError extends Error {
  override name = 'CommandError';
}

export class InspectorApi {
  readonly #token: string;

  constructor(token: string) {
    this.#token = token;
  }

  /** Runs a command; rejects with a `CommandError` that says why it failed. */
  async command<C extends InspectorCommand>(
    name: C,
    body: InspectorCommands[C]['body'],
  ): Promise<InspectorCommands[C]['result']> {
    const response = await fetch(`/api/${name}`, {
      method: 'POST',
      headers: { authorization: `Bearer ${this.#token}`, 'content-type': 'application/json' },
      body: JSON.stringify(body),
    });
    const answer = (await response.json().catch(() => ({}))) as { result?: unknown; error?: { message?: string } };
    if (!response.ok || answer.error !== undefined) {
      throw new CommandError(answer.error?.message ?? `${name} failed with HTTP ${response.status}`);
    }
    return answer.result as InspectorCommands[C]['result'];
  }

  /**
   * Hears the inspector's events until `signal` aborts, reconnecting after a dropped stream
   * (the events lost meanwhile come back as a fresh `state`). `onOpen` runs on each connect.
   */
  async listen(onEvent: (event: InspectorEvent) => void, onOpen: () => void, signal: AbortSignal): Promise<void> {
    while (!signal.aborted) {
      try {
        const response = await fetch('/api/events', { headers: { authorization: `Bearer ${this.#token}` }, signal });
        if (!response.ok || response.body === null) throw new CommandError(`events: HTTP ${response.status}`);
        onOpen();
        await readEvents(response.body, onEvent);
      } catch (error) {
        if (signal.aborted) return;
        if (error instanceof CommandError && /HTTP 40[13]/.test(error.message)) throw error;
      }
      await new Promise((resolve) => setTimeout(resolve, 1000));
    }
  }
}

/** Reads `data:` lines of a server-sent event stream, one JSON event per SSE event. */
async function readEvents(body: ReadableStream<Uint8Array>, onEvent: (event: InspectorEvent) => void): Promise<void> {
  const reader = body.getReader();
  const decoder = new TextDecoder();
  let buffer = '';
  for (;;) {
    const { value, done } = await reader.read();
    if (done) return;
    buffer += decoder.decode(value, { stream: true });
    let end: number;
    while ((end = buffer.indexOf('\n\n')) !== -1) {
      const block = buffer.slice(0, end);
      buffer = buffer.slice(end + 2);
      const data = block
        .split('\n')
        .filter((line) => line.startsWith('data:'))
        .map((line) => line.slice(5).trimStart())
        .join('\n');
      if (data !== '') onEvent(JSON.parse(data) as InspectorEvent);
    }
  }
}
