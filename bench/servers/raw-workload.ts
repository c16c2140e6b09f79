// The benchmark workload answered with no SDK: the raw baseline, the limit for Node on this
// machine. It answers the methods the drivers send (initialize, server/discover, tools/list,
// tools/call echo and add, resources/read, prompts/get, ping) with hand-built results, checks
// nothing it need not, and marks 2026-07-28 results (`resultType`, serverInfo in `_meta`) like
// a modern server must. Transports (raw-stdio.ts, raw-http.ts) do the I/O.
import {
  ADD_INPUT_SCHEMA,
  ECHO_INPUT_SCHEMA,
  PROMPT,
  RESOURCE,
  SERVER_INFO,
  TRIVIAL_INPUT_SCHEMA,
  trivialToolCount,
  trivialToolName,
} from '../workload.js';

export interface RawRequest {
  jsonrpc: '2.0';
  id?: string | number;
  method: string;
  params?: {
    name?: string;
    arguments?: Record<string, unknown>;
    uri?: string;
    protocolVersion?: string;
    _meta?: Record<string, unknown>;
  };
}

const MODERN = '2026-07-28';
const LEGACY = '2025-11-25';

export function rawTools(toolCount: number): object[] {
  const tools: object[] = [{ name: 'echo', description: 'Echoes the text', inputSchema: ECHO_INPUT_SCHEMA }];
  if (toolCount >= 2) tools.push({ name: 'add', description: 'Adds two numbers', inputSchema: ADD_INPUT_SCHEMA });
  for (let i = 0; i < trivialToolCount(toolCount); i++)
    tools.push({ name: trivialToolName(i), description: `Trivial tool ${i}`, inputSchema: TRIVIAL_INPUT_SCHEMA });
  return tools;
}

const text = (value: string) => ({ content: [{ type: 'text', text: value }] });

/** The reply to one message, or undefined for a notification. */
export function rawAnswer(message: RawRequest, tools: readonly object[]): object | undefined {
  if (message.id === undefined) return undefined;
  const params = message.params ?? {};
  const modern = params._meta?.['io.modelcontextprotocol/protocolVersion'] === MODERN;
  let result: Record<string, unknown>;
  switch (message.method) {
    case 'initialize':
      result = {
        protocolVersion: params.protocolVersion === MODERN ? LEGACY : (params.protocolVersion ?? LEGACY),
        capabilities: { tools: {}, resources: {}, prompts: {} },
        serverInfo: SERVER_INFO,
      };
      break;
    case 'server/discover':
      result = {
        supportedVersions: [MODERN, LEGACY],
        capabilities: { tools: {}, resources: {}, prompts: {} },
        ttlMs: 0,
        cacheScope: 'private',
      };
      break;
    case 'ping':
      result = {};
      break;
    case 'tools/list':
      result = { tools };
      break;
    case 'tools/call': {
      const args = params.arguments ?? {};
      if (params.name === 'echo') result = text(String(args.text));
      else if (params.name === 'add') result = text(String(Number(args.a) + Number(args.b)));
      else if (params.name?.startsWith('tool_')) result = text('ok');
      else
        return {
          jsonrpc: '2.0',
          id: message.id,
          error: { code: -32602, message: `Unknown tool ${String(params.name)}` },
        };
      break;
    }
    case 'resources/read':
      result = { contents: [{ uri: RESOURCE.uri, mimeType: RESOURCE.mimeType, text: RESOURCE.text }] };
      break;
    case 'prompts/get':
      result = { messages: [{ role: 'user', content: { type: 'text', text: PROMPT.text } }] };
      break;
    default:
      return {
        jsonrpc: '2.0',
        id: message.id,
        error: { code: -32601, message: `Method not found: ${message.method}` },
      };
  }
  if (modern) {
    result.resultType = 'complete';
    result._meta = { 'io.modelcontextprotocol/serverInfo': SERVER_INFO };
    if (message.method === 'tools/list') Object.assign(result, { ttlMs: 0, cacheScope: 'private' });
  }
  return { jsonrpc: '2.0', id: message.id, result };
}
