// The raw stdio baseline: newline-delimited JSON-RPC on stdin/stdout with no SDK. Every
// complete line of a chunk is answered, and the answers of one chunk go out in one write.
import { toolCountFromArgs } from '../workload.js';
import { rawAnswer, rawTools, type RawRequest } from './raw-workload.js';

const tools = rawTools(toolCountFromArgs(process.argv));
let pending = '';

process.stdin.setEncoding('utf8');
process.stdin.on('data', (chunk: string) => {
  pending += chunk;
  let out = '';
  let newline: number;
  while ((newline = pending.indexOf('\n')) !== -1) {
    const line = pending.slice(0, newline);
    pending = pending.slice(newline + 1);
    if (line.trim() === '') continue;
    let answer: object | undefined;
    try {
      answer = rawAnswer(JSON.parse(line) as RawRequest, tools);
    } catch {
      answer = { jsonrpc: '2.0', id: null, error: { code: -32700, message: 'Parse error' } };
    }
    if (answer !== undefined) out += JSON.stringify(answer) + '\n';
  }
  if (out !== '') process.stdout.write(out);
});
process.stdin.on('end', () => process.exit(0));
