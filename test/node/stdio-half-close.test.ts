// Piping requests into a stdio server: it answers everything that was in flight when stdin
// ended, then exits by itself with code 0.
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';

import { CLI as cli } from '../helpers/e2e.js';

function runPiped(lines: unknown[]): Promise<{ code: number | null; replies: Record<string, unknown>[] }> {
  const child = spawn(process.execPath, [cli, 'example-server'], { stdio: ['pipe', 'pipe', 'inherit'] });
  let out = '';
  child.stdout.setEncoding('utf8').on('data', (chunk: string) => (out += chunk));
  child.stdin.end(lines.map((l) => JSON.stringify(l) + '\n').join(''));
  return new Promise((resolve, reject) => {
    child.on('error', reject);
    child.on('close', (code) =>
      resolve({
        code,
        replies: out
          .split('\n')
          .filter(Boolean)
          .map((l) => JSON.parse(l) as Record<string, unknown>),
      }),
    );
  });
}

describe('stdio server when stdin ends', () => {
  it('answers requests still in flight, then exits 0', async () => {
    const { code, replies } = await runPiped([
      {
        jsonrpc: '2.0',
        id: 1,
        method: 'initialize',
        params: { protocolVersion: '2025-11-25', capabilities: {}, clientInfo: { name: 't', version: '1' } },
      },
      { jsonrpc: '2.0', method: 'notifications/initialized' },
      { jsonrpc: '2.0', id: 2, method: 'tools/call', params: { name: 'count', arguments: { n: 2, delayMs: 50 } } },
      { jsonrpc: '2.0', id: 3, method: 'tools/call', params: { name: 'echo', arguments: { text: 'piped' } } },
    ]);
    assert.equal(code, 0);
    const byId = new Map(replies.map((r) => [r.id, r]));
    assert.deepEqual([...byId.keys()].sort(), [1, 2, 3]);
    assert.deepEqual((byId.get(2)?.result as { content: unknown }).content, [{ type: 'text', text: 'counted to 2' }]);
    assert.deepEqual((byId.get(3)?.result as { content: unknown }).content, [{ type: 'text', text: 'piped' }]);
  });

  it('exits 0 at once when nothing is in flight', async () => {
    const { code, replies } = await runPiped([]);
    assert.equal(code, 0);
    assert.deepEqual(replies, []);
  });
});
