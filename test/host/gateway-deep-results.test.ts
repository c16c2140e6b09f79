// `mcpkit serve`, the gateway, behind which a server answers a tool call with a result nested
// deeper than JSON.stringify can follow. The gateway reads it (JSON.parse takes any depth) but
// cannot write it on: its client gets an error naming the server and the reason, over stdio and
// over Streamable HTTP in both eras, and the gateway serves on. A deep result it can write is
// relayed whole.
import assert from 'node:assert/strict';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import process from 'node:process';
import { after, before, describe, it } from 'node:test';
import { chainDepth, CLI, fixture, serving, within } from '../helpers/e2e.js';
import { RawChild } from '../helpers/raw-child.js';
import { RawClient, readAnswer } from '../helpers/http-streamable-client.js';

type Reply = Record<string, unknown> & {
  result?: { structuredContent?: { deep?: unknown } };
  error?: { code: number; message: string };
};

const NOT_RELAYED =
  'Internal error: the tools/call result of server "chg" could not be relayed: Maximum call stack size exceeded';

/** Calls `chg__deep` at two depths and `chg__echo` after, through `call`. */
async function exercise(call: (id: number, tool: string, args: Record<string, unknown>) => Promise<Reply>) {
  const relayed = await call(1, 'chg__deep', { levels: 2_000 });
  assert.equal(chainDepth(relayed.result?.structuredContent?.deep), 2_000, JSON.stringify(relayed).slice(0, 200));

  const refused = await call(2, 'chg__deep', { levels: 10_000 });
  assert.deepEqual(refused, { jsonrpc: '2.0', id: 2, error: { code: -32603, message: NOT_RELAYED } });

  const echoed = await call(3, 'chg__echo', { text: 'still here' });
  assert.deepEqual(echoed.result, { content: [{ type: 'text', text: 'still here' }] });
}

describe('the gateway and an upstream result too deep to write', { timeout: 120_000 }, () => {
  let dir: string;
  let config: string;
  before(() => {
    dir = mkdtempSync(join(tmpdir(), 'mcpkit-gateway-deep-'));
    config = join(dir, 'gateway.json');
    const servers = { chg: { command: process.execPath, args: [fixture('gateway-upstream-server')] } };
    writeFileSync(config, JSON.stringify({ mcpServers: servers }));
  });
  after(() => rmSync(dir, { recursive: true, force: true }));
  const env = () => ({ MCPKIT_CACHE_DIR: join(dir, 'cache') });

  it('answers over stdio with an error naming the server, and serves on', async () => {
    const child = new RawChild([CLI, 'serve', '--config', config], env());
    try {
      await child.initialize('2025-11-25');
      await exercise(async (id, name, args) => {
        await child.send({ jsonrpc: '2.0', id, method: 'tools/call', params: { name, arguments: args } });
        return (await child.response(id, 30_000)) as Reply;
      });
      assert.deepEqual(await child.endInput(15_000), { code: 0, signal: null }, child.stderr);
    } finally {
      child.kill();
    }
  });

  for (const version of ['2025-11-25', '2026-07-28']) {
    it(`answers over Streamable HTTP in ${version} with an error naming the server, and serves on`, async () => {
      const http = await serving(CLI, ['serve', '--config', config, '--http', '--port', '0'], env());
      try {
        const client = new RawClient((url, init) => fetch(url, init), http.url);
        const modern = version === '2026-07-28';
        if (!modern) await client.initialize(version);
        const envelope = {
          'io.modelcontextprotocol/protocolVersion': version,
          'io.modelcontextprotocol/clientInfo': { name: 'deep', version: '1' },
          'io.modelcontextprotocol/clientCapabilities': {},
        };
        await exercise(async (id, name, args) => {
          const params = { name, arguments: args, ...(modern && { _meta: envelope }) };
          const headers = modern
            ? { 'mcp-protocol-version': version, 'mcp-method': 'tools/call', 'mcp-name': name }
            : undefined;
          const response = await within(
            client.post({ jsonrpc: '2.0', id, method: 'tools/call', params }, headers),
            30_000,
            `the answer to ${name}`,
          );
          const reply = (await readAnswer(response)) as Reply;
          // A modern answer names the gateway in _meta and says it is complete: the rest is compared.
          if (modern && reply.result) {
            const result = reply.result as Record<string, unknown>;
            delete result._meta;
            delete result.resultType;
          }
          return reply;
        });
      } finally {
        await http.close();
      }
    });
  }
});
