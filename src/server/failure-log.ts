/**
 * Where a server's own failures go: a handler that threw (its client was answered only
 * "Internal error"), a result that broke its tool's schema. To `onError` when the server's
 * owner gave one; otherwise to stderr, since a failure reported nowhere cannot be found.
 * `console.error` exists on every runtime and never writes to stdout, which a stdio server
 * keeps for protocol messages.
 * @module
 */
import type { JsonRpcRequest } from '../jsonrpc/message.js';

/** The longest name or URI a report quotes: a client chooses them, and a log line should stay one. */
const MAX_SUBJECT = 200;

export class FailureLog {
  readonly #server: string;
  readonly #onError: ((error: Error) => void) | undefined;

  constructor(serverName: string, onError: ((error: Error) => void) | undefined) {
    this.#server = serverName;
    this.#onError = onError;
  }

  /**
   * A handler failed while serving `request`. `onError` receives an error naming the request,
   * with the handler's own as its `cause`; stderr gets the same line and that error's stack.
   */
  handlerFailed(request: JsonRpcRequest, error: unknown): void {
    const what = `${describeRequest(request.method, request.params)} failed`;
    if (this.#onError) {
      this.#onError(new Error(`${what}: ${error instanceof Error ? error.message : String(error)}`, { cause: error }));
      return;
    }
    console.error(
      `mcpkit server ${JSON.stringify(this.#server)}: ${what}; the client was answered "Internal error":`,
      error,
    );
  }

  /** A failure the server found itself, its message complete (a result that breaks its schema). */
  serverBug(error: Error): void {
    if (this.#onError) this.#onError(error);
    else console.error(`mcpkit server ${JSON.stringify(this.#server)}: ${error.message}`);
  }
}

/** `resources/read "notes://today"`: the method, and what it was about when the params say. */
export function describeRequest(method: string, params: Record<string, unknown> | undefined): string {
  const subject = subjectOf(method, params ?? {});
  if (typeof subject !== 'string') return method;
  return `${method} ${JSON.stringify(subject.length > MAX_SUBJECT ? `${subject.slice(0, MAX_SUBJECT)}…` : subject)}`;
}

function subjectOf(method: string, params: Record<string, unknown>): unknown {
  switch (method) {
    case 'tools/call':
    case 'prompts/get':
      return params.name;
    case 'resources/read':
    case 'resources/subscribe':
    case 'resources/unsubscribe':
      return params.uri;
    case 'completion/complete': {
      const ref = params.ref as { name?: unknown; uri?: unknown } | undefined;
      return ref?.name ?? ref?.uri;
    }
    default:
      return undefined;
  }
}
