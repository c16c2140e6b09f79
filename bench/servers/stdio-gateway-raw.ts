// The raw gateway baseline: a relay with no SDK in front of the raw stdio server, named `w`.
// It does the least any gateway that reads messages must: parse each line from either side,
// strip or add the `w__` prefix of tool names, give requests its own ids toward the server and
// the client's back on the answers, and write what one chunk produced in one write.
import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';

interface Message {
  id?: string | number | null;
  method?: string;
  params?: { name?: string };
  result?: { tools?: { name: string }[] };
}

const PREFIX = 'w__';
const upstream = spawn(process.execPath, [fileURLToPath(new URL('./stdio-raw.mjs', import.meta.url))], {
  stdio: ['pipe', 'pipe', 'inherit'],
});
/** The client's id of each request sent upstream, by the relay's id. */
const clientIds = new Map<number, string | number>();
const methods = new Map<number, string>();
let nextId = 0;

/** Calls `onLine` with every complete line of `stream`, then `flush` after each chunk. */
function readLines(stream: NodeJS.ReadableStream, onLine: (line: string) => void, flush: () => void): void {
  let pending = '';
  stream.setEncoding('utf8');
  stream.on('data', (chunk: string) => {
    pending += chunk;
    let newline: number;
    while ((newline = pending.indexOf('\n')) !== -1) {
      const line = pending.slice(0, newline);
      pending = pending.slice(newline + 1);
      if (line.trim() !== '') onLine(line);
    }
    flush();
  });
}

let toServer = '';
let toClient = '';

readLines(
  process.stdin,
  (line) => {
    let message: Message;
    try {
      message = JSON.parse(line) as Message;
    } catch {
      toClient += JSON.stringify({ jsonrpc: '2.0', id: null, error: { code: -32700, message: 'Parse error' } }) + '\n';
      return;
    }
    if (message.method === 'tools/call' && message.params?.name?.startsWith(PREFIX))
      message.params.name = message.params.name.slice(PREFIX.length);
    if (message.id !== undefined && message.id !== null && message.method !== undefined) {
      const id = nextId++;
      clientIds.set(id, message.id);
      methods.set(id, message.method);
      message.id = id;
    }
    toServer += JSON.stringify(message) + '\n';
  },
  () => {
    if (toServer !== '') upstream.stdin!.write(toServer);
    toServer = '';
    if (toClient !== '') process.stdout.write(toClient);
    toClient = '';
  },
);

readLines(
  upstream.stdout!,
  (line) => {
    const message = JSON.parse(line) as Message;
    if (typeof message.id === 'number' && clientIds.has(message.id)) {
      const method = methods.get(message.id);
      const id = clientIds.get(message.id)!;
      clientIds.delete(message.id);
      methods.delete(message.id);
      message.id = id;
      if (method === 'tools/list') for (const tool of message.result?.tools ?? []) tool.name = PREFIX + tool.name;
    }
    toClient += JSON.stringify(message) + '\n';
  },
  () => {
    if (toClient !== '') process.stdout.write(toClient);
    toClient = '';
  },
);

process.stdin.on('end', () => {
  upstream.stdin!.end();
  process.exit(0);
});
