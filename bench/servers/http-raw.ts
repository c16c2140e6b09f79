// The raw HTTP baseline: a node:http responder with no SDK that reads the body, parses it and
// replies with JSON. `initialize` opens a session (a random id in a map, checked on every
// later request without the 2026-07-28 envelope) that keeps what any server must know of its
// client: the negotiated revision, the client's capabilities and identity, and when it was last
// active (to expire it); notifications get 202.
import { randomUUID } from 'node:crypto';
import { createServer, type ServerResponse } from 'node:http';
import { toolCountFromArgs } from '../workload.js';
import { announce, listenOnLoopback } from './http-serving.js';
import { rawAnswer, rawTools, type RawRequest } from './raw-workload.js';

interface RawSession {
  protocolVersion: string;
  capabilities: unknown;
  clientInfo: unknown;
  lastActivity: number;
}

const tools = rawTools(toolCountFromArgs(process.argv));
const sessions = new Map<string, RawSession>();

function reply(res: ServerResponse, status: number, body: object | undefined, sessionId?: string): void {
  const headers: Record<string, string> = { 'content-type': 'application/json' };
  if (sessionId !== undefined) headers['mcp-session-id'] = sessionId;
  res.writeHead(status, headers).end(body === undefined ? undefined : JSON.stringify(body));
}

const httpServer = createServer((req, res) => {
  if (req.method !== 'POST') return void res.writeHead(405, { allow: 'POST' }).end();
  const chunks: Buffer[] = [];
  req.on('data', (chunk: Buffer) => chunks.push(chunk));
  req.on('end', () => {
    let message: RawRequest;
    try {
      message = JSON.parse(Buffer.concat(chunks).toString('utf8')) as RawRequest;
    } catch {
      return reply(res, 400, { jsonrpc: '2.0', id: null, error: { code: -32700, message: 'Parse error' } });
    }
    let sessionId: string | undefined;
    if (message.method === 'initialize') {
      sessionId = randomUUID();
      const params = message.params as { protocolVersion?: string; capabilities?: unknown; clientInfo?: unknown };
      sessions.set(sessionId, {
        protocolVersion: String(params.protocolVersion),
        capabilities: params.capabilities,
        clientInfo: params.clientInfo,
        lastActivity: Date.now(),
      });
    } else if (message.params?._meta?.['io.modelcontextprotocol/protocolVersion'] === undefined) {
      const id = req.headers['mcp-session-id'];
      const session = typeof id === 'string' ? sessions.get(id) : undefined;
      if (session === undefined)
        return reply(res, 404, { jsonrpc: '2.0', id: null, error: { code: -32001, message: 'Session not found' } });
      session.lastActivity = Date.now();
    }
    const answer = rawAnswer(message, tools);
    if (answer === undefined) return reply(res, 202, undefined);
    reply(res, 200, answer, sessionId);
  });
});

announce(await listenOnLoopback(httpServer));
