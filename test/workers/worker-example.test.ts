// The Worker of examples/worker, bundled as wrangler bundles it (mcpkit from dist/, as
// published) and served by workerd, the open-source Workers runtime, on 127.0.0.1. workerd
// refuses code generation as Workers do, so a validated tool proves the schemas need none. Each
// Worker service is an isolate of its own: a 2026-07-28 request is answered by any of them; a
// 2025-11-25 session lives in one isolate's memory, so the example keeps each in a Durable
// Object and routes its requests there, and a Worker without one loses it on another isolate.
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { after, before, describe, it } from 'node:test';
import { fileURLToPath } from 'node:url';
import { Client as SdkClient } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { Client } from '../../src/client/index.js';
import { connectHttp } from '../../src/http/index.js';
import { within } from '../helpers/e2e.js';
import { RawClient } from '../helpers/http-streamable-client.js';
import { modernPost } from '../helpers/modern-post.js';
import { bundleForWorkers } from '../helpers/worker-bundle.js';
import { startWorkerd, workerdBinary, type Workerd } from '../helpers/workerd.js';

const binary = workerdBinary();
const EXAMPLE = 'examples/worker/';
const wrangler = readFileSync(fileURLToPath(new URL(`../../../${EXAMPLE}wrangler.toml`, import.meta.url)), 'utf8');
/** What wrangler.toml says: the test serves the Worker as that file describes it. */
const compatibilityDate = /^compatibility_date\s*=\s*"([^"]+)"/m.exec(wrangler)?.[1] ?? '';
const main = /^main\s*=\s*"([^"]+)"/m.exec(wrangler)?.[1] ?? '';
const [, binding = '', className = ''] =
  /\[\[durable_objects\.bindings\]\]\s*name\s*=\s*"([^"]+)"\s*class_name\s*=\s*"([^"]+)"/.exec(wrangler) ?? [];

/** The example's server with no session routing: every request served by the isolate it reaches. */
const PLAIN_WORKER = `
  import { createStreamableHttpHandler } from 'mcpkit/http';
  import { createServer } from './${EXAMPLE}src/server.ts';
  const handler = createStreamableHttpHandler(createServer());
  /** Whether this runtime lets code be generated from a string, as Ajv does. */
  function codeGeneration(): string {
    try {
      return new Function('return "allowed"')();
    } catch (error) {
      return 'refused: ' + (error as Error).message;
    }
  }
  export default {
    fetch: (request: Request) =>
      new URL(request.url).pathname === '/code-generation' ? new Response(codeGeneration()) : handler(request),
  };
`;

/** Two isolates of the example (the second reaching the first's Durable Objects), two plain ones. */
function config(): string {
  const worker = (file: string, rest = '') =>
    `(modules = [(name = "worker.js", esModule = embed "${file}")], compatibilityDate = "${compatibilityDate}"${rest})`;
  const sessions = (ns: string) => `bindings = [(name = "${binding}", durableObjectNamespace = ${ns})]`;
  const services = [
    `(name = "example-a", worker = ${worker(
      'example.js',
      `, durableObjectNamespaces = [(className = "${className}", uniqueKey = "mcpkit-example-session")],
       durableObjectStorage = (inMemory = void), ${sessions(`"${className}"`)}`,
    )})`,
    `(name = "example-b", worker = ${worker('example.js', `, ${sessions(`(className = "${className}", serviceName = "example-a")`)}`)})`,
    `(name = "plain-a", worker = ${worker('plain.js')})`,
    `(name = "plain-b", worker = ${worker('plain.js')})`,
  ];
  const sockets = SOCKETS.map((name) => `(name = "${name}", address = "127.0.0.1:0", http = (), service = "${name}")`);
  return `using Workerd = import "/workerd/workerd.capnp";
const config :Workerd.Config = (services = [${services.join(', ')}], sockets = [${sockets.join(', ')}]);\n`;
}

const SOCKETS = ['example-a', 'example-b', 'plain-a', 'plain-b'] as const;

describe('the example Worker in workerd', { skip: 'missing' in binary ? binary.missing : false }, () => {
  let workerd: Workerd;
  const url = (socket: (typeof SOCKETS)[number]) => `http://127.0.0.1:${workerd.ports[socket]}/mcp`;

  before(async () => {
    assert.match(compatibilityDate, /^\d{4}-\d{2}-\d{2}$/, 'wrangler.toml names a compatibility_date');
    assert.ok(main && binding && className, 'wrangler.toml names the entry and the Durable Object binding');
    const [example, plain] = await Promise.all([
      bundleForWorkers({ entry: EXAMPLE + main }),
      bundleForWorkers({ source: PLAIN_WORKER }),
    ]);
    workerd = await startWorkerd(
      (binary as { path: string }).path,
      config(),
      { 'example.js': example, 'plain.js': plain },
      SOCKETS,
    );
  });
  after(() => workerd?.close());

  it('serves tools, validated by plain JSON Schema, a resource and a prompt in 2026-07-28', async () => {
    const codeGeneration = await (await fetch(new URL('/code-generation', url('plain-a')))).text();
    assert.match(codeGeneration, /^refused: /, 'workerd refuses code generation, as Workers do');
    const { session } = await within(
      connectHttp(new Client({ name: 'w', version: '1' }), url('example-a'), { eraCache: false }),
      10_000,
      'connect',
    );
    try {
      assert.equal(session.protocolVersion, '2026-07-28');
      const tools = (await session.listTools()).tools.map((tool) => tool.name);
      assert.deepEqual(tools.sort(), ['add', 'countdown']);
      assert.deepEqual((await session.callTool({ name: 'add', arguments: { a: 2, b: 3 } })).content, [
        { type: 'text', text: '5' },
      ]);
      const refused = await session.callTool({ name: 'add', arguments: { a: 'two', b: 3 } });
      assert.equal(refused.isError, true);
      assert.match(JSON.stringify(refused.content), /a: must be number/);
      const info = await session.readResource({ uri: 'info://worker' });
      assert.match(JSON.stringify(info.contents), /Served by mcpkit from Cloudflare-Workers/);
      const prompt = await session.getPrompt({ name: 'summarize', arguments: { text: 'MCP on Workers' } });
      assert.match(JSON.stringify(prompt.messages), /Summarize in one sentence:\\nMCP on Workers/);
    } finally {
      await session.close();
    }
  });

  it('streams progress before the result, in both eras, several calls at once', async () => {
    for (const protocolVersion of ['2026-07-28', '2025-11-25'] as const) {
      const { session } = await within(
        connectHttp(new Client({ name: 'w', version: '1' }), url('example-a'), { eraCache: false, protocolVersion }),
        10_000,
        'connect',
      );
      try {
        // Requests in flight together share the isolate (and, in 2025-11-25, the object).
        const calls = [3, 4, 5].map(async (from) => {
          const progress: number[] = [];
          const result = await session.callTool(
            { name: 'countdown', arguments: { from } },
            { onprogress: (p) => progress.push(p.progress) },
          );
          return { from, progress, result };
        });
        for (const { from, progress, result } of await within(Promise.all(calls), 10_000, 'the countdowns')) {
          const expected = Array.from({ length: from }, (_, i) => i + 1);
          assert.deepEqual(progress, expected, `${protocolVersion}: every progress came before the result`);
          assert.deepEqual(result.content, [{ type: 'text', text: 'liftoff' }]);
        }
      } finally {
        await session.close();
      }
    }
  });

  it('answers a stateless 2026-07-28 request on any isolate', async () => {
    for (const socket of SOCKETS) {
      const reply = await modernPost(
        url(socket),
        'tools/call',
        { name: 'add', arguments: { a: 1, b: 1 } },
        { name: 'curl' },
      );
      assert.deepEqual(reply.result?.content, [{ type: 'text', text: '2' }], socket);
    }
  });

  it('keeps a 2025-11-25 session in a Durable Object, reached from any isolate', async () => {
    const opener = new RawClient(fetch, url('example-a'));
    await opener.initialize('2025-11-25');
    assert.match(opener.sessionId ?? '', /^[0-9a-f]{64}\./, 'the session id names its object');
    const elsewhere = Object.assign(new RawClient(fetch, url('example-b')), {
      sessionId: opener.sessionId,
      protocolVersion: opener.protocolVersion,
    });
    const answer = await elsewhere.callTool('add', { a: 20, b: 22 });
    assert.deepEqual((answer.result as { content: unknown }).content, [{ type: 'text', text: '42' }]);
    assert.equal((await elsewhere.delete()).status, 200);
    assert.equal((await opener.post(opener.request('tools/list'))).status, 404, 'the session ended for every isolate');
    const forged = Object.assign(new RawClient(fetch, url('example-a')), {
      sessionId: 'not-an-object.x',
      protocolVersion: '2025-11-25',
    });
    assert.equal((await forged.post(forged.request('tools/list'))).status, 404);
  });

  it('loses a session on another isolate without the Durable Object', async () => {
    const opener = new RawClient(fetch, url('plain-a'));
    await opener.initialize('2025-11-25');
    assert.deepEqual(((await opener.callTool('add', { a: 1, b: 2 })).result as { content: unknown }).content, [
      { type: 'text', text: '3' },
    ]);
    const elsewhere = Object.assign(new RawClient(fetch, url('plain-b')), {
      sessionId: opener.sessionId,
      protocolVersion: opener.protocolVersion,
    });
    const response = await elsewhere.post(elsewhere.request('tools/list'));
    assert.equal(response.status, 404, 'another isolate does not know the session');
  });

  it('serves the official SDK client a 2025-11-25 session through the Durable Object', async () => {
    const client = new SdkClient({ name: 'sdk', version: '1' });
    const transport = new StreamableHTTPClientTransport(new URL(url('example-b')));
    await within(client.connect(transport), 10_000, 'the SDK client to connect');
    try {
      assert.match(transport.sessionId ?? '', /^[0-9a-f]{64}\./);
      const result = await client.callTool({ name: 'add', arguments: { a: 4, b: 5 } });
      assert.deepEqual(result.content, [{ type: 'text', text: '9' }]);
    } finally {
      await client.close();
    }
  });
});
