// The workload served by the official SDK 2.x on node:http with its Node adapter
// (@modelcontextprotocol/node), as its documentation shows, behind its localhost Host/Origin
// guards:
//   --mode session    one McpServer and NodeStreamableHTTPServerTransport per 2025-11-25 session, JSON answers
//   --mode modern  `createMcpHandler` for 2026-07-28 requests (an instance per request)
import { randomUUID } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import {
  localhostHostValidation,
  localhostOriginValidation,
  NodeStreamableHTTPServerTransport,
  toNodeHandler,
} from '@modelcontextprotocol/node';
import { createMcpHandler } from '@modelcontextprotocol/server';
import { toolCountFromArgs } from '../workload.js';
import { announce, httpModeFromArgs, listenOnLoopback } from './http-serving.js';
import { sdkV2Server } from './sdk-v2-workload.js';

const toolCount = toolCountFromArgs(process.argv);
const report = (error: Error) => console.error('sdk-v2 http:', error);
const validateHost = localhostHostValidation();
const validateOrigin = localhostOriginValidation();

function sessionHandler(): (req: IncomingMessage, res: ServerResponse) => Promise<void> {
  const transports = new Map<string, NodeStreamableHTTPServerTransport>();
  async function openSession(): Promise<NodeStreamableHTTPServerTransport> {
    const transport: NodeStreamableHTTPServerTransport = new NodeStreamableHTTPServerTransport({
      sessionIdGenerator: () => randomUUID(),
      enableJsonResponse: true,
      onsessioninitialized: (id) => void transports.set(id, transport),
    });
    transport.onclose = () => {
      if (transport.sessionId !== undefined) transports.delete(transport.sessionId);
    };
    await sdkV2Server(toolCount).connect(transport);
    return transport;
  }
  return async (req, res) => {
    const id = req.headers['mcp-session-id'];
    const existing = typeof id === 'string' ? transports.get(id) : undefined;
    if (id !== undefined && existing === undefined) {
      return void res
        .writeHead(404, { 'content-type': 'application/json' })
        .end('{"jsonrpc":"2.0","id":null,"error":{"code":-32001,"message":"Session not found"}}');
    }
    await (existing ?? (await openSession())).handleRequest(req, res);
  };
}

const handle =
  httpModeFromArgs(process.argv) === 'session'
    ? sessionHandler()
    : toNodeHandler(
        createMcpHandler(() => sdkV2Server(toolCount), { legacy: 'reject', onerror: report }),
        { onerror: report },
      );

const httpServer = createServer((req, res) => {
  if (!validateHost(req, res) || !validateOrigin(req, res)) return;
  handle(req, res).catch((error: unknown) => {
    report(error instanceof Error ? error : new Error(String(error)));
    if (!res.headersSent) res.writeHead(500).end();
  });
});

announce(await listenOnLoopback(httpServer));
