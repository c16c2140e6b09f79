// The published CLI (dist/cli.js) with servers that misbehave while it connects, and with the
// server forgotten: it exits within its time limit, saying what went wrong.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { CLI, DIST_CLI, fixture, runCli } from '../helpers/e2e.js';

const NOISY = fixture('noisy-stdout-server');
const cli = (args: readonly string[], guardMs = 20_000) => runCli(args, guardMs, {}, DIST_CLI);
// What the fixture writes first with --banner.
const quotedBanner = JSON.stringify('Starting the noisy server on stdio...');

describe('mcpkit connecting to a server that writes to stdout what is not JSON-RPC', () => {
  it('shows the line at once, and --timeout bounds the whole connect, probe included', async () => {
    const r = await cli(['list', '--timeout', '1500', '--', process.execPath, NOISY, '--banner'], 15_000);
    assert.equal(r.code, 124, r.stderr);
    assert.equal(
      r.stderr,
      `mcpkit: warning: the server wrote a line to stdout that is not JSON-RPC (skipped): ${quotedBanner}; an MCP server writes only protocol messages to stdout (logs go to stderr)\n` +
        'mcpkit list: Connecting timed out after 1500 ms: the server did not answer server/discover\n',
    );
  });

  it('without --timeout, gives up a few seconds after the line when nothing follows', async () => {
    const r = await cli(['list', '--', process.execPath, NOISY, '--banner'], 15_000);
    assert.equal(r.code, 3, r.stderr);
    assert.equal(
      r.stderr,
      `mcpkit: warning: the server wrote a line to stdout that is not JSON-RPC (skipped): ${quotedBanner}; an MCP server writes only protocol messages to stdout (logs go to stderr)\n` +
        'mcpkit list: no answer came within 5 s of the line the server wrote to stdout that is not JSON-RPC (shown above); --timeout <ms> waits longer\n',
    );
  });

  it('warns and goes on when the server answers after the line', async () => {
    const r = await cli(['call', 'echo', '{"text":"hi"}', '--', process.execPath, NOISY, '--banner', '--then-serve']);
    assert.equal(r.code, 0, r.stderr);
    assert.equal(r.stdout, 'hi\n');
    assert.equal(
      r.stderr,
      `mcpkit: warning: the server wrote a line to stdout that is not JSON-RPC (skipped): ${quotedBanner}; an MCP server writes only protocol messages to stdout (logs go to stderr)\n`,
    );
  });

  it('names what the server did not answer when it says nothing at all', async () => {
    const probe = await cli(['list', '--timeout', '1500', '--', process.execPath, NOISY], 15_000);
    assert.equal(probe.code, 124, probe.stderr);
    assert.equal(
      probe.stderr,
      'mcpkit list: Connecting timed out after 1500 ms: the server did not answer server/discover\n',
    );
    const handshake = await cli(
      ['list', '--era', 'legacy', '--timeout', '1500', '--', process.execPath, NOISY],
      15_000,
    );
    assert.equal(handshake.code, 124, handshake.stderr);
    assert.equal(
      handshake.stderr,
      'mcpkit list: Connecting timed out after 1500 ms: the server did not answer initialize\n',
    );
  });

  it('says how a server that exits at once ended, and what it wrote', async () => {
    const r = await cli(['call', 'x', '--', process.execPath, '-e', 'console.log("not a server")']);
    assert.equal(r.code, 3, r.stderr);
    assert.match(
      r.stderr,
      /^mcpkit: warning: the server wrote a line to stdout that is not JSON-RPC \(skipped\): "not a server"; .*\nmcpkit call: MCP server process ".*" exited with code 0\n$/,
    );
  });
});

describe('mcpkit with the server forgotten', () => {
  it('says no server was given, rather than running the tool name as one', async () => {
    const cases: [string[], string][] = [
      [
        ['call', 'echo', '{"text":"hi"}'],
        `no server given ('{"text":"hi"}' is arguments, not a name, so 'echo' is not a server); name it after --, e.g.\n  mcpkit call echo '{"text":"hi"}' -- node server.js`,
      ],
      [
        ['prompt', '--json', 'review', '{"code":"x"}'],
        `no server given ('{"code":"x"}' is arguments, not a name, so 'review' is not a server); name it after --, e.g.\n  mcpkit prompt --json review '{"code":"x"}' -- node server.js`,
      ],
      [
        ['read', 'greeting://Ada'],
        `no server given ('greeting://Ada' is a URI, not a command or an HTTP URL); name it after --, e.g.\n  mcpkit read greeting://Ada -- node server.js`,
      ],
    ];
    for (const [args, message] of cases) {
      const r = await cli(args);
      assert.equal(r.code, 2, r.stderr);
      // With --json the error is JSON on stdout, for the script that asked for JSON.
      if (args.includes('--json'))
        assert.deepEqual(JSON.parse(r.stdout), { error: { message, kind: 'usage', exitCode: 2 } });
      else assert.equal(r.stderr, `mcpkit ${args[0]}: ${message}\nRun \`mcpkit --help\` for the usage.\n`);
    }
  });

  it('still reads the documented forms: the quoted command line first, and -- after', async () => {
    const server = `"${process.execPath}" "${CLI}" example-server`;
    const quoted = await cli(['call', server, 'echo', '{"text":"hi"}']);
    assert.deepEqual([quoted.code, quoted.stdout], [0, 'hi\n'], quoted.stderr);
    const dashed = await cli(['read', 'greeting://Ada', '--', process.execPath, CLI, 'example-server']);
    assert.equal(dashed.code, 0, dashed.stderr);
    const oneWord = await cli(['list', '--json', server]);
    assert.equal(oneWord.code, 0, oneWord.stderr);
  });
});
