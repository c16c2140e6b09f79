// The published command line exporting to a real OTLP/HTTP receiver on loopback, as the
// standard OTEL_* variables say: `mcpkit call` as the client and the example server it starts
// (which inherits the variables) each export their spans and durations, in protobuf and in
// JSON, and the trace continues from one process into the other. The batch delay and the
// metric interval are far longer than a run: what arrives was sent by the flush at exit.
import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import { after, before, describe, it } from 'node:test';
import { CLI, within } from '../helpers/e2e.js';
import { OTLP_KIND, startOtlpReceiver, type OtlpReceiver, type ReceivedSpan } from '../helpers/otlp-receiver.js';

const SERVER = ['--', process.execPath, CLI, 'example-server'];
/** Only the flush at exit sends anything within a test's time. */
const NO_TIMERS = { OTEL_BSP_SCHEDULE_DELAY: '600000', OTEL_METRIC_EXPORT_INTERVAL: '600000' };

/** This process's environment without any OTEL_* variable, so a test sets exactly those it means. */
function baseEnv(): Record<string, string> {
  const env: Record<string, string> = {};
  for (const [key, value] of Object.entries(process.env))
    if (value !== undefined && !key.startsWith('OTEL_') && key !== 'NODE_OPTIONS') env[key] = value;
  return env;
}

interface Run {
  code: number | null;
  stdout: string;
  stderr: string;
  ms: number;
}

/** Runs the published CLI with `env` over a clean environment (and `nodeArgs` for node itself). */
async function runCli(args: string[], env: Record<string, string>, nodeArgs: string[] = []): Promise<Run> {
  const started = Date.now();
  const child = spawn(process.execPath, [...nodeArgs, CLI, ...args], {
    stdio: ['ignore', 'pipe', 'pipe'],
    env: { ...baseEnv(), ...env },
  });
  let stdout = '';
  let stderr = '';
  child.stdout.setEncoding('utf8').on('data', (s: string) => (stdout += s));
  child.stderr.setEncoding('utf8').on('data', (s: string) => (stderr += s));
  try {
    const [code] = (await within(once(child, 'close'), 30_000, `mcpkit ${args.join(' ')}`)) as [number | null];
    return { code, stdout, stderr, ms: Date.now() - started };
  } finally {
    if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
  }
}

function only(spans: readonly ReceivedSpan[], name: string, kind: number): ReceivedSpan {
  const found = spans.filter((span) => span.name === name && span.kind === kind);
  assert.equal(
    found.length,
    1,
    `one ${name} of kind ${kind} among ${spans.map((s) => `${s.name}/${s.kind}`).join(', ')}`,
  );
  return found[0]!;
}

let receiver: OtlpReceiver;
before(async () => {
  receiver = await startOtlpReceiver();
});
after(async () => {
  await receiver.close();
});

/** What the receiver got during `work`. */
async function receivedDuring(work: () => Promise<void>): Promise<void> {
  receiver.spans.length = 0;
  receiver.points.length = 0;
  receiver.requests.length = 0;
  await work();
}

// Each protocol with one era of the protocol between the two processes: both eras over stdio.
const PROTOCOLS = [
  { protocol: 'http/protobuf', contentType: 'application/x-protobuf', serviceName: 'otlp-test', era: '2025-11-25' },
  // No OTEL_SERVICE_NAME: each process names itself.
  { protocol: 'http/json', contentType: 'application/json', serviceName: undefined, era: '2026-07-28' },
] as const;

for (const { protocol, contentType, serviceName, era } of PROTOCOLS) {
  describe(`OTLP/HTTP in ${protocol}, a ${era} session over stdio`, () => {
    it('exports the spans and durations of the command line and of the server it starts, one trace', async () => {
      await receivedDuring(async () => {
        const run = await runCli(['call', '--protocol-version', era, 'echo', 'text=hi', ...SERVER], {
          ...NO_TIMERS,
          OTEL_EXPORTER_OTLP_ENDPOINT: receiver.url,
          OTEL_EXPORTER_OTLP_PROTOCOL: protocol,
          OTEL_TRACES_EXPORTER: 'otlp',
          OTEL_METRICS_EXPORTER: 'otlp',
          ...(serviceName && { OTEL_SERVICE_NAME: serviceName }),
        });
        assert.equal(run.code, 0, run.stderr);
        assert.equal(run.stdout, 'hi\n', 'the output is what it is without export');
        assert.equal(run.stderr, '');
        // Sent before the process ended; the guard only bounds a failure.
        await receiver.until(
          () =>
            receiver.spans.filter((span) => span.name === 'tools/call echo').length >= 2 &&
            receiver.points.some((point) => point.metric === 'mcp.client.operation.duration') &&
            receiver.points.some((point) => point.metric === 'mcp.server.operation.duration'),
          5000,
          'both processes spans and durations',
        );
      });
      const sent = only(receiver.spans, 'tools/call echo', OTLP_KIND.client);
      const served = only(receiver.spans, 'tools/call echo', OTLP_KIND.server);
      assert.match(sent.traceId, /^[0-9a-f]{32}$/);
      assert.equal(served.traceId, sent.traceId);
      assert.match(sent.spanId, /^[0-9a-f]{16}$/);
      assert.equal(served.parentSpanId, sent.spanId);
      // The command is one trace: every request it made is a child of its span.
      const command = only(receiver.spans, 'mcpkit call', OTLP_KIND.internal);
      assert.equal(sent.parentSpanId, command.spanId);
      const made = receiver.spans.filter((span) => span.kind === OTLP_KIND.client && span.service === sent.service);
      assert.ok(made.length >= 2, 'the era probe or handshake, then the call');
      for (const span of made) assert.equal(span.traceId, command.traceId, span.name);
      for (const span of [sent, served]) {
        assert.equal(span.attributes['mcp.method.name'], 'tools/call');
        assert.equal(span.attributes['gen_ai.tool.name'], 'echo');
        assert.equal(span.attributes['network.transport'], 'pipe');
        assert.equal(span.attributes['mcp.protocol.version'], era);
      }
      // The server inherits OTEL_SERVICE_NAME; without it each process has a name of its own.
      assert.equal(sent.service, serviceName ?? 'mcpkit');
      assert.equal(served.service, serviceName ?? 'mcpkit-example-server');

      const client = receiver.points.filter((p) => p.metric === 'mcp.client.operation.duration');
      const server = receiver.points.filter((p) => p.metric === 'mcp.server.operation.duration');
      const clientCall = client.find((p) => p.attributes['gen_ai.tool.name'] === 'echo');
      const serverCall = server.find((p) => p.attributes['gen_ai.tool.name'] === 'echo');
      assert.equal(clientCall?.count, 1);
      assert.equal(serverCall?.count, 1);
      assert.equal(clientCall.service, sent.service);
      assert.equal(serverCall.service, served.service);
      assert.equal(clientCall.attributes['mcp.method.name'], 'tools/call');

      assert.ok(receiver.requests.length > 0);
      for (const request of receiver.requests) assert.equal(request.contentType, contentType);
      assert.deepEqual([...new Set(receiver.requests.map((r) => r.path))].sort(), ['/v1/metrics', '/v1/traces']);
    });
  });
}

describe('a server of a configuration', () => {
  it('inherits the variables from the command line and continues its trace', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'mcpkit-otlp-'));
    try {
      const config = join(dir, 'mcp.json');
      writeFileSync(
        config,
        JSON.stringify({ mcpServers: { example: { command: process.execPath, args: [CLI, 'example-server'] } } }),
      );
      await receivedDuring(async () => {
        const run = await runCli(['call', '--config', config, 'example__echo', 'text=hi'], {
          ...NO_TIMERS,
          OTEL_EXPORTER_OTLP_ENDPOINT: receiver.url,
          MCPKIT_CACHE_DIR: dir,
        });
        assert.equal(run.code, 0, run.stderr);
        assert.equal(run.stdout, 'hi\n');
        await receiver.until(
          () => receiver.spans.filter((span) => span.name === 'tools/call echo').length >= 2,
          5000,
          'both spans of the call',
        );
      });
      const sent = only(receiver.spans, 'tools/call echo', OTLP_KIND.client);
      const served = only(receiver.spans, 'tools/call echo', OTLP_KIND.server);
      assert.equal(served.traceId, sent.traceId);
      assert.equal(served.parentSpanId, sent.spanId);
      assert.equal(sent.service, 'mcpkit');
      assert.equal(served.service, 'mcpkit-example-server');
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});

// A module resolution hook that reports each OpenTelemetry package the process resolves, on stdout.
const HOOKS = `export async function resolve(specifier, context, next) {
  if (specifier.startsWith('@opentelemetry/')) console.log('RESOLVED ' + specifier);
  return next(specifier, context);
}`;
const REPORT_OTEL = [
  '--import',
  `data:text/javascript,${encodeURIComponent(`import { register } from 'node:module'; register(${JSON.stringify(`data:text/javascript,${encodeURIComponent(HOOKS)}`)});`)}`,
];

describe('without export', () => {
  it('loads no OpenTelemetry package when no OTEL_* variable asks, and prints as ever', async () => {
    await receivedDuring(async () => {
      const run = await runCli(['call', 'echo', 'text=hi', ...SERVER], {}, REPORT_OTEL);
      assert.equal(run.code, 0, run.stderr);
      assert.equal(run.stdout, 'hi\n');
      assert.equal(run.stderr, '');
    });
    assert.deepEqual(receiver.requests, []);
  });

  it('exports nothing with OTEL_SDK_DISABLED=true', async () => {
    await receivedDuring(async () => {
      const run = await runCli(
        ['call', 'echo', 'text=hi', ...SERVER],
        { OTEL_SDK_DISABLED: 'true', OTEL_EXPORTER_OTLP_ENDPOINT: receiver.url, OTEL_TRACES_EXPORTER: 'otlp' },
        REPORT_OTEL,
      );
      assert.equal(run.code, 0, run.stderr);
      assert.equal(run.stdout, 'hi\n');
    });
    assert.deepEqual(receiver.requests, []);
  });

  it('warns once, naming the protocols it supports, when asked for grpc, and still runs the command', async () => {
    await receivedDuring(async () => {
      const run = await runCli(['call', 'echo', 'text=hi', '--quiet', ...SERVER], {
        OTEL_EXPORTER_OTLP_ENDPOINT: receiver.url,
        OTEL_EXPORTER_OTLP_PROTOCOL: 'grpc',
      });
      assert.equal(run.code, 0, run.stderr);
      assert.equal(run.stdout, 'hi\n');
      assert.equal(
        run.stderr,
        'mcpkit: OTLP protocol grpc is not supported, only http/protobuf (the default) or http/json: traces and metrics not exported\n',
      );
    });
    assert.deepEqual(receiver.requests, []);
  });
});

/** A port of 127.0.0.1 nothing listens on. */
async function closedPort(): Promise<number> {
  const server = createServer().listen(0, '127.0.0.1');
  await once(server, 'listening');
  const { port } = server.address() as { port: number };
  await new Promise((resolve) => server.close(resolve));
  return port;
}

describe('with the collector unreachable', () => {
  it('ends promptly with the exit status of the command', async () => {
    const endpoint = `http://127.0.0.1:${await closedPort()}`;
    // Left to itself, each process would retry its exports for about eight seconds.
    const env = { ...NO_TIMERS, OTEL_EXPORTER_OTLP_ENDPOINT: endpoint };
    const ok = await runCli(['call', 'echo', 'text=hi', ...SERVER], env);
    assert.equal(ok.code, 0, ok.stderr);
    assert.equal(ok.stdout, 'hi\n');
    const failed = await runCli(['call', 'fail', ...SERVER], env);
    assert.equal(failed.code, 1, failed.stderr);
    // Each process waits at most its flush deadline (2 s): the server's, then the command line's.
    for (const run of [ok, failed]) assert.ok(run.ms < 15_000, `ended in ${run.ms} ms`);
  });
});

describe('the example server on stdio', () => {
  it('flushes before a SIGTERM ends it', async () => {
    receiver.spans.length = 0;
    const child = spawn(process.execPath, [CLI, 'example-server'], {
      stdio: ['pipe', 'pipe', 'pipe'],
      env: { ...baseEnv(), ...NO_TIMERS, OTEL_EXPORTER_OTLP_ENDPOINT: receiver.url, OTEL_SERVICE_NAME: 'signalled' },
    });
    try {
      const lines = createInterface({ input: child.stdout })[Symbol.asyncIterator]();
      const ask = async (id: number, method: string, params: Record<string, unknown>) => {
        child.stdin.write(`${JSON.stringify({ jsonrpc: '2.0', id, method, params })}\n`);
        const answer = await within(lines.next(), 10_000, method);
        assert.equal((JSON.parse(String(answer.value)) as { id: number }).id, id);
      };
      await ask(1, 'initialize', {
        protocolVersion: '2025-11-25',
        capabilities: {},
        clientInfo: { name: 'raw', version: '1' },
      });
      child.stdin.write(`${JSON.stringify({ jsonrpc: '2.0', method: 'notifications/initialized' })}\n`);
      await ask(2, 'tools/call', { name: 'echo', arguments: { text: 'hi' } });
      const exited = once(child, 'exit');
      child.kill('SIGTERM');
      const [code, signal] = (await within(exited, 10_000, 'the server to end')) as [number | null, string | null];
      assert.equal(signal, 'SIGTERM', `ended by the signal, not code ${code}`);
      await receiver.until(
        () => receiver.spans.some((span) => span.name === 'tools/call echo' && span.service === 'signalled'),
        5000,
        'the server span',
      );
    } finally {
      if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
    }
  });
});
