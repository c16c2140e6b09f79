// End to end over real child processes: our Client + CommandTransport against the example
// server (`mcpkit example-server`) and a fixture server, and the `mcpkit` CLI itself.
import assert from 'node:assert/strict';
import process from 'node:process';
import { describe, it } from 'node:test';
import { Client, type ClientSession } from '../../src/client/index.js';
import { JsonRpcError } from '../../src/jsonrpc/errors.js';
import type { LegacyVersion } from '../../src/protocol/versions.js';
import {
  CLI,
  EXAMPLE_SERVER_ARGS,
  clientInfo,
  connectChild,
  exampleTransport,
  firstText,
  fixture,
  nodeTransport,
  runCli,
  startedCall,
  within,
} from '../helpers/e2e.js';

const FIXTURE = fixture('e2e-server');

/** Runs `use` against a fresh session with the given server; always shuts the child down. */
async function withServer(
  script: 'example' | 'fixture',
  use: (session: ClientSession) => Promise<void>,
  version?: LegacyVersion,
): Promise<void> {
  const transport = script === 'example' ? exampleTransport() : nodeTransport(FIXTURE);
  const session = await connectChild(transport, version, new Client(clientInfo, { requestTimeoutMs: 15_000 }));
  try {
    await use(session);
  } finally {
    await within(session.close(), 15_000, 'close');
  }
  assert.equal(
    transport.exitCode,
    0,
    `server exit: ${transport.exitCode} ${transport.signalCode} ${transport.stderrTail}`,
  );
}

function isRpcError(code: number, message?: RegExp) {
  return (error: unknown): boolean => {
    assert.ok(error instanceof JsonRpcError, `expected a JsonRpcError, got ${String(error)}`);
    assert.equal(error.code, code, error.message);
    if (message) assert.match(error.message, message);
    return true;
  };
}

describe('over stdio with the example server', () => {
  it('initializes with the latest revision, server info and instructions', async () => {
    await withServer('example', async (session) => {
      assert.equal(session.protocolVersion, '2025-11-25');
      assert.deepEqual(session.serverInfo, {
        name: 'mcpkit-example',
        version: '0.1.0',
        title: 'mcpkit example server',
      });
      assert.match(session.instructions ?? '', /Example tools/);
      assert.deepEqual(session.serverCapabilities, {
        tools: { listChanged: true },
        // Its `report` tool runs as a task.
        tasks: { list: {}, cancel: {}, requests: { tools: { call: {} } } },
        resources: { subscribe: true, listChanged: true },
        prompts: { listChanged: true },
        completions: {},
        logging: {},
      });
    });
  });

  for (const version of ['2025-06-18', '2025-03-26', '2024-11-05'] as const) {
    it(`negotiates ${version} when asked for it`, async () => {
      await withServer(
        'example',
        async (session) => {
          assert.equal(session.protocolVersion, version);
          assert.equal(firstText(await session.callTool({ name: 'echo', arguments: { text: version } })), version);
        },
        version,
      );
    });
  }

  it('pings, lists and calls tools', async () => {
    await withServer('example', async (session) => {
      await session.ping();
      const { tools } = (await session.listTools()) as { tools: { name: string; inputSchema: unknown }[] };
      assert.deepEqual(tools.map((t) => t.name).slice(0, 5), ['echo', 'add', 'weather', 'count', 'fail']);
      assert.deepEqual(tools[0]?.inputSchema, {
        type: 'object',
        properties: { text: { type: 'string', description: 'Text to echo' } },
        required: ['text'],
      });
      const echoed = await session.callTool({ name: 'echo', arguments: { text: 'héllo 🌍\nline two' } });
      assert.deepEqual(echoed, { content: [{ type: 'text', text: 'héllo 🌍\nline two' }] });
      assert.equal(firstText(await session.callTool({ name: 'add', arguments: { a: 2, b: 40.5 } })), '42.5');
    });
  });

  it('reports progress with increasing values, with messages from 2025-03-26 on', async () => {
    for (const version of ['2025-11-25', '2024-11-05'] as const) {
      await withServer(
        'example',
        async (session) => {
          const updates: { progress: number; total?: number; message?: string }[] = [];
          const result = await session.callTool(
            { name: 'count', arguments: { n: 5, delayMs: 1 } },
            { onprogress: (p) => updates.push(p) },
          );
          assert.equal(firstText(result), 'counted to 5');
          assert.deepEqual(
            updates.map((u) => u.progress),
            [1, 2, 3, 4, 5],
          );
          assert.ok(updates.every((u) => u.total === 5));
          if (version === '2024-11-05') assert.ok(updates.every((u) => u.message === undefined));
          else assert.equal(updates[2]?.message, 'counted 3 of 5');
        },
        version,
      );
    }
  });

  it('aborting a count mid-way rejects the call at once and the session goes on', async () => {
    await withServer('example', async (session) => {
      const controller = new AbortController();
      const seen: number[] = [];
      const call = session.callTool(
        { name: 'count', arguments: { n: 1000, delayMs: 5 } },
        {
          signal: controller.signal,
          onprogress: ({ progress }) => {
            seen.push(progress);
            if (progress === 2) controller.abort(new Error('stop counting'));
          },
        },
      );
      await within(assert.rejects(call, /stop counting/), 1000, 'the aborted call to reject');
      assert.deepEqual(seen, [1, 2]);
      // Later progress for the abandoned request is dropped, and the session still works.
      assert.equal(firstText(await session.callTool({ name: 'echo', arguments: { text: 'after' } })), 'after');
    });
  });

  it('a tool that throws gives an isError result; an unknown tool is -32602', async () => {
    await withServer('example', async (session) => {
      const failed = await session.callTool({ name: 'fail' });
      assert.deepEqual(failed, { content: [{ type: 'text', text: 'This tool fails on purpose.' }], isError: true });
      const bad = await session.callTool({ name: 'add', arguments: { a: 'one', b: 2 } });
      assert.equal(bad.isError, true);
      await assert.rejects(session.callTool({ name: 'no-such-tool' }), isRpcError(-32602, /no-such-tool/));
      await assert.rejects(session.request('no/such/method', {}), isRpcError(-32601));
      await session.ping();
    });
  });
});

describe('over stdio with the fixture server', () => {
  it('initializes and pings both ways', async () => {
    await withServer('fixture', async (session) => {
      assert.equal(session.serverInfo.name, 'e2e-fixture');
      assert.equal(session.serverInfo.title, 'E2E fixture server');
      assert.equal(session.instructions, 'Fixture for end-to-end tests.');
      await session.ping();
      assert.equal(firstText(await session.callTool({ name: 'ping-client' })), 'client answered the ping');
      const who = JSON.parse(firstText(await session.callTool({ name: 'whoami' }))) as Record<string, unknown>;
      assert.equal(who.protocolVersion, '2025-11-25');
      assert.deepEqual(who.clientInfo, clientInfo);
    });
  });

  it('a cancelled call aborts the handler in the server process', async () => {
    await withServer('fixture', async (session) => {
      const controller = new AbortController();
      const { call } = await startedCall(
        (onprogress) =>
          session.callTool({ name: 'wait', arguments: { tag: 'first' } }, { signal: controller.signal, onprogress }),
        10_000,
        'the wait tool to start',
      );
      controller.abort(new Error('user pressed stop'));
      await within(assert.rejects(call, /user pressed stop/), 1000, 'the aborted call to reject');
      // The notifications/cancelled went out before this request, and the server records the
      // abort synchronously, so this call sees it.
      const aborts = JSON.parse(firstText(await session.callTool({ name: 'aborts' }))) as string[];
      assert.deepEqual(aborts, ['first: RequestCancelledError: Request cancelled by the peer: user pressed stop']);
    });
  });

  // BUG (src/protocol/session.ts, Session.request): the progress listener is removed in a
  // `finally` a microtask after the request settles, so progress notifications that arrive in the
  // same chunk as the one that triggered the abort still reach `onprogress`. Seen: [1, 2, 3, 4, 5].
  it('calls onprogress no more once the caller has aborted', async () => {
    await withServer('fixture', async (session) => {
      const controller = new AbortController();
      const seen: number[] = [];
      const call = session.callTool(
        { name: 'burst', arguments: { n: 5 } },
        {
          signal: controller.signal,
          onprogress: ({ progress }) => {
            seen.push(progress);
            if (progress === 1) controller.abort(new Error('enough'));
          },
        },
      );
      await within(assert.rejects(call, /enough/), 1000, 'the aborted call to reject');
      await session.ping(); // anything still in the pipe has been read by now
      assert.deepEqual(seen, [1]);
    });
  });

  it('reports progress and tool errors', async () => {
    await withServer('fixture', async (session) => {
      const values: number[] = [];
      const result = await session.callTool(
        { name: 'progress', arguments: { n: 20 } },
        { onprogress: ({ progress }) => values.push(progress) },
      );
      assert.equal(firstText(result), 'reported 20 steps');
      assert.deepEqual(
        values,
        Array.from({ length: 20 }, (_, i) => i + 1),
      );
      const boom = await session.callTool({ name: 'boom' });
      assert.equal(boom.isError, true);
      assert.equal(firstText(boom), 'boom: this tool fails on purpose');
      await assert.rejects(session.callTool({ name: 'missing' }), isRpcError(-32602));
    });
  });

  it('serves many concurrent calls', async () => {
    await withServer('fixture', async (session) => {
      const texts = Array.from({ length: 200 }, (_, i) => `call ${i} ${'x'.repeat(i * 50)}`);
      const results = await Promise.all(texts.map((t) => session.callTool({ name: 'echo', arguments: { text: t } })));
      assert.deepEqual(results.map(firstText), texts);
    });
  });
});

describe('the mcpkit CLI', () => {
  const server = ['--', process.execPath, ...EXAMPLE_SERVER_ARGS];

  it('lists tools', async () => {
    const r = await runCli(['list', ...server]);
    assert.equal(r.code, 0, r.stderr);
    const lines = r.stdout.trimEnd().split('\n');
    assert.match(lines[0] ?? '', /^mcpkit example server 0\.1\.0 \(protocol 2026-07-28\)$/);
    const tools = lines.indexOf(lines.find((l) => /^Tools \(\d+\)$/.test(l)) ?? '');
    assert.ok(tools > 0, 'a Tools section');
    const rows = lines.slice(tools + 1);
    assert.ok(rows.some((l) => /^ {2}echo\(text: string\) +Echoes the given text back\.$/.test(l)));
    assert.ok(rows.some((l) => /^ {2}add\(a: number, b: number\) +Adds two numbers\.$/.test(l)));
  });

  it('lists tools as JSON, with the server given as one command line', async () => {
    const r = await runCli(['list', '--json', `"${process.execPath}" "${CLI}" example-server`]);
    assert.equal(r.code, 0, r.stderr);
    const parsed = JSON.parse(r.stdout) as { tools: { name: string }[] };
    assert.deepEqual(parsed.tools.map((t) => t.name).slice(0, 5), ['echo', 'add', 'weather', 'count', 'fail']);
  });

  it('calls a tool (exit 0), a failing tool (exit 1), and shows progress', async () => {
    const ok = await runCli(['call', 'echo', '{"text":"hi"}', ...server]);
    assert.deepEqual([ok.code, ok.stdout], [0, 'hi\n'], ok.stderr);
    const failed = await runCli(['call', 'fail', ...server]);
    assert.equal(failed.code, 1);
    assert.equal(failed.stdout, '');
    assert.match(failed.stderr, /This tool fails on purpose\./);
    const counted = await runCli(['call', 'count', '{"n":3,"delayMs":1}', ...server]);
    assert.equal(counted.code, 0, counted.stderr);
    assert.equal(counted.stdout, 'counted to 3\n');
    assert.match(counted.stderr, /progress 1\/3: counted 1 of 3\n.*progress 2\/3.*\n.*progress 3\/3/);
    const json = await runCli(['call', '--json', 'add', '{"a":1,"b":2}', ...server]);
    assert.equal(json.code, 0, json.stderr);
    // The raw result: in the modern revision it also names its type and the server.
    assert.deepEqual(JSON.parse(json.stdout), {
      content: [{ type: 'text', text: '3' }],
      resultType: 'complete',
      _meta: {
        'io.modelcontextprotocol/serverInfo': {
          name: 'mcpkit-example',
          title: 'mcpkit example server',
          version: '0.1.0',
        },
      },
    });
  });

  it('exits 2 on usage errors', async () => {
    const cases: [string[], RegExp][] = [
      [[], /Usage:/],
      [['bogus'], /unknown command "bogus"/],
      [['call', ...server], /which tool\?/],
      [['call', 'echo', 'not json', ...server], /"not json" is not key=value/],
      [['call', 'echo', '{not json', ...server], /not valid JSON/],
      [['call', 'echo', '[1,2]', ...server], /must be a JSON object/],
      [['list'], /no server given/],
      [['list', '--timeout', 'soon', ...server], /--timeout must be a positive number/],
      [['example-server', 'extra'], /unexpected arguments: extra/],
      [['example-server', '--bogus'], /Unknown option '--bogus'/],
    ];
    for (const [args, message] of cases) {
      const r = await runCli(args);
      assert.equal(r.code, 2, `mcpkit ${args.join(' ')}: ${r.stderr}`);
      assert.match(r.stdout + r.stderr, message, `mcpkit ${args.join(' ')}`);
    }
  });

  it('exits 3 with a clear message when the server command does not exist or fails', async () => {
    const missing = await runCli(['list', '--', '/nonexistent/mcp-server-binary', '--flag']);
    assert.equal(missing.code, 3);
    assert.match(
      missing.stderr,
      /Failed to start MCP server "\/nonexistent\/mcp-server-binary".*ENOENT.*command not found/,
    );
    const dies = await runCli(['call', 'echo', '{"text":"x"}', '--', process.execPath, '-e', 'process.exit(5)']);
    assert.equal(dies.code, 3);
    assert.match(dies.stderr, /exited with code 5/);
    const unknown = await runCli(['call', 'nope', ...server]);
    assert.equal(unknown.code, 3);
    assert.match(unknown.stderr, /Unknown tool: nope/);
  });
});
