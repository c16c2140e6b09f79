// A minimal hand-written JSON-RPC client over newline-delimited JSON: the benchmark's driver
// for stdio servers and the baseline the SDK clients are compared with. Requests written in the
// same turn go out in one write; answers are matched to requests by id.
import type { Readable, Writable } from 'node:stream';
import { CLIENT_INFO } from '../workload.js';

export interface Answer {
  id: number;
  result?: Record<string, unknown>;
  error?: { code: number; message: string };
}

export const LEGACY_VERSION = '2025-11-25';

export class LineClient {
  private nextId = 1;
  private readonly waiting = new Map<number, (answer: Answer) => void>();
  private received = '';
  private outgoing = '';
  private flushQueued = false;

  constructor(
    private readonly input: Writable,
    output: Readable,
  ) {
    output.setEncoding('utf8');
    output.on('data', (chunk: string) => this.receive(chunk));
  }

  /** Sends a request whose params are already JSON; `onAnswer` gets its answer. */
  send(method: string, paramsJson: string, onAnswer: (answer: Answer) => void): void {
    const id = this.nextId++;
    this.waiting.set(id, onAnswer);
    this.write(`{"jsonrpc":"2.0","id":${id},"method":"${method}","params":${paramsJson}}\n`);
  }

  request(method: string, params: object = {}): Promise<Answer> {
    return new Promise((resolve) => this.send(method, JSON.stringify(params), resolve));
  }

  notify(method: string, params: object = {}): void {
    this.write(JSON.stringify({ jsonrpc: '2.0', method, params }) + '\n');
  }

  /** The 2025-11-25 handshake; rejects if the server refuses it. */
  async initialize(): Promise<void> {
    const answer = await this.request('initialize', {
      protocolVersion: LEGACY_VERSION,
      capabilities: {},
      clientInfo: CLIENT_INFO,
    });
    if (answer.result === undefined) throw new Error(`initialize failed: ${JSON.stringify(answer.error)}`);
    this.notify('notifications/initialized');
  }

  private write(line: string): void {
    this.outgoing += line;
    if (this.flushQueued) return;
    this.flushQueued = true;
    queueMicrotask(() => {
      this.flushQueued = false;
      const out = this.outgoing;
      this.outgoing = '';
      this.input.write(out);
    });
  }

  private receive(chunk: string): void {
    this.received += chunk;
    let start = 0;
    let newline: number;
    while ((newline = this.received.indexOf('\n', start)) !== -1) {
      const line = this.received.slice(start, newline);
      start = newline + 1;
      if (line.trim() === '') continue;
      const message = JSON.parse(line) as Partial<Answer> & { method?: string };
      if (typeof message.id !== 'number') continue; // a notification or a request from the server
      const onAnswer = this.waiting.get(message.id);
      if (onAnswer === undefined) continue;
      this.waiting.delete(message.id);
      onAnswer(message as Answer);
    }
    this.received = this.received.slice(start);
  }
}
