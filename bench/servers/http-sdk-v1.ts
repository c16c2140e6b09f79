// The workload served by the official SDK 1.x over Streamable HTTP on node:http, as its
// documentation shows: one McpServer and one transport per session, JSON answers. The 1.x
// SDK predates 2026-07-28, so it has no 2026-07-28 endpoint to measure.
import { randomUUID } from 'node:crypto';
import { createServer } from 'node:http';
import { StreamableHTTPServerTransport } from '@modelcontextprotocol/sdk/server/streamableHttp.js';
import { toolCountFromArgs } from '../workload.js';
import { announce, httpModeFromArgs, listenOnLoopback } from './http-serving.js';
import { sdkV1Server } from './sdk-v1-workload.js';

if (httpModeFromArgs(process.argv) !== 'session') throw new Error('the 1.x SDK serves 2025-era sessions only');
const toolCount = toolCountFromArgs(process.argv);
const transports = new Map<string, StreamableHTTPServerTransport>();

async function openSession(): Promise<StreamableHTTPServerTransport> {
  const transport: StreamableHTTPServerTransport = new StreamableHTTPServerTransport({
    sessionIdGenerator: () => randomUUID(),
    enableJsonResponse: true,
    onsessioninitialized: (id) => void transports.set(id, transport),
  });
  transport.onclose = () => {
    if (transport.sessionId !== undefined) transports.delete(transport.sessionId);
  };
  await sdkV1Server(toolCount).connect(transport);
  return transport;
}

const httpServer = createServer((req, res) => {
  const id = req.headers['mcp-session-id'];
  const existing = typeof id === 'string' ? transports.get(id) : undefined;
  if (id !== undefined && existing === undefined) {
    return void res
      .writeHead(404, { 'content-type': 'application/json' })
      .end('{"jsonrpc":"2.0","id":null,"error":{"code":-32001,"message":"Session not found"}}');
  }
  void (existing ? Promise.resolve(existing) : openSession())
    .then((transport) => transport.handleRequest(req, res))
    .catch((error: unknown) => {
      console.error('sdk-v1 http:', error);
      if (!res.headersSent) res.writeHead(500).end();
    });
});

announce(await listenOnLoopback(httpServer));
