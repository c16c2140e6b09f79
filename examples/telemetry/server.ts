/**
 * A weather server over stdio that sends its spans to the OTLP collector: its handling of each
 * request is a SERVER span, in the trace of the client that sent it.
 */
import { z } from 'zod';
import { Server } from 'mcpkit/server';
import { StdioServerTransport } from 'mcpkit/stdio';
import { startTelemetry } from './telemetry.js';

const telemetry = startTelemetry('weather-server');
const server = new Server({ name: 'weather', version: '1.0.0' });
server.tool('forecast', { inputSchema: z.object({ city: z.string() }) }, ({ city }) => ({
  content: [{ type: 'text', text: `Sunny in ${city} tomorrow.` }],
}));
const session = await server.connect(new StdioServerTransport());
await session.finished;
await telemetry.shutdown(); // the spans still batched are sent before the process ends
