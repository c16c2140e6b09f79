/**
 * A client and a server, both sending telemetry to an OTLP collector: this process asks the
 * weather server (server.ts, a child over stdio, given the OTEL_* variables) for a
 * forecast, inside a span of its own; the collector receives one trace holding this process's
 * spans and the server's. Run, with a collector at OTEL_EXPORTER_OTLP_ENDPOINT
 * (http://localhost:4318 by default): `npm run example -- telemetry`.
 */
import { fileURLToPath } from 'node:url';
import { trace } from '@opentelemetry/api';
import { Client } from 'mcpkit/client';
import { CommandTransport } from 'mcpkit/stdio';
import { startTelemetry } from './telemetry.js';

const telemetry = startTelemetry('weather-app');
const serverFile = fileURLToPath(new URL('server.js', import.meta.url));

await trace.getTracer('weather-app').startActiveSpan('plan a picnic', async (span) => {
  try {
    console.log(`trace ${span.spanContext().traceId}`);
    const session = await new Client({ name: 'weather-app', version: '1.0.0' }).connect(
      new CommandTransport({
        command: process.execPath,
        args: [serverFile],
        // A child gets only a few safe variables unless told: pass on where the collector is.
        env: Object.fromEntries(Object.entries(process.env).filter(([name]) => name.startsWith('OTEL_'))),
      }),
    );
    const result = await session.callTool({ name: 'forecast', arguments: { city: 'Oslo' } });
    console.log('forecast ->', result.content.map((block) => ('text' in block ? block.text : '')).join(''));
    await session.close(); // the server flushes its spans as it ends
  } finally {
    span.end();
  }
});
await telemetry.shutdown();
console.log(`spans sent to ${process.env.OTEL_EXPORTER_OTLP_ENDPOINT ?? 'http://localhost:4318'}`);
