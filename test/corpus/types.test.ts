// Values written against the static types pass the guards of the same names, and the object
// types fit the JSON-RPC layer's `params` and `result` (which are `Record<string, unknown>`).
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import type { JsonRpcRequest, JsonRpcSuccess } from '../../src/jsonrpc/message.js';
import {
  GUARDS,
  META,
  type CallToolRequest,
  type CallToolResult,
  type ClientCapabilities,
  type ClientRequestResult,
  type CreateMessageRequestParams,
  type DiscoverResult,
  type ElicitRequestParams,
  type InitializeRequest,
  type InputRequiredResult,
  type ListToolsResult,
  type PrimitiveSchemaDefinition,
  type ReadResourceResult,
  type SubscriptionsAcknowledgedNotification,
  type UnsupportedProtocolVersionError,
} from '../../src/types/index.js';

const capabilities: ClientCapabilities = {
  elicitation: { form: {} },
  extensions: { 'io.modelcontextprotocol/ui': {} },
};

const call: CallToolRequest = {
  jsonrpc: '2.0',
  id: 'c1',
  method: 'tools/call',
  params: {
    _meta: { [META.protocolVersion]: '2026-07-28', [META.clientCapabilities]: capabilities, progressToken: 1 },
    name: 'get_weather',
    arguments: { city: 'Paris' },
  },
};

const toolResult: CallToolResult = {
  content: [
    { type: 'text', text: '18°C' },
    { type: 'resource_link', uri: 'file:///w.json', name: 'w.json' },
  ],
  structuredContent: [18, 'cloudy'],
};

const interim: ClientRequestResult<'tools/call'> = {
  resultType: 'input_required',
  inputRequests: {
    city: {
      method: 'elicitation/create',
      params: { message: 'Which city?', requestedSchema: { type: 'object', properties: { city: { type: 'string' } } } },
    },
  },
} satisfies InputRequiredResult;

const tools: ListToolsResult = {
  tools: [{ name: 'get_weather', inputSchema: { type: 'object', properties: {} }, icons: [{ src: 'data:,' }] }],
  ttlMs: 60_000,
  cacheScope: 'public',
};

const read: ReadResourceResult = { contents: [{ uri: 'file:///a', blob: 'AA==' }] };

const discover: DiscoverResult = {
  resultType: 'complete',
  supportedVersions: ['2026-07-28', '2025-11-25'],
  capabilities: { tools: { listChanged: true } },
  _meta: { [META.serverInfo]: { name: 's', version: '1' } },
  ttlMs: 0,
  cacheScope: 'private',
};

const sampling: CreateMessageRequestParams = {
  messages: [
    { role: 'user', content: [{ type: 'tool_result', toolUseId: 'u', content: [{ type: 'text', text: 'x' }] }] },
  ],
  maxTokens: 50,
  toolChoice: { mode: 'none' },
};

const field: PrimitiveSchemaDefinition = { type: 'array', items: { anyOf: [{ const: 'a', title: 'A' }] } };
const elicitation: ElicitRequestParams = { mode: 'url', message: 'Sign in', url: 'https://example.com' };

const initialize: InitializeRequest = {
  jsonrpc: '2.0',
  id: 0,
  method: 'initialize',
  params: { protocolVersion: '2025-06-18', capabilities: {}, clientInfo: { name: 'c', version: '1' } },
};

const acknowledged: SubscriptionsAcknowledgedNotification = {
  jsonrpc: '2.0',
  method: 'notifications/subscriptions/acknowledged',
  params: { _meta: { [META.subscriptionId]: 'listen-1' }, notifications: { toolsListChanged: true } },
};

const unsupported: UnsupportedProtocolVersionError = {
  jsonrpc: '2.0',
  id: 1,
  error: {
    code: -32022,
    message: 'Unsupported protocol version',
    data: { supported: ['2026-07-28'], requested: '2024-01-01' },
  },
};

// The typed messages fit the untyped JSON-RPC layer without casts.
const asRequest: JsonRpcRequest = call;
const asSuccess: JsonRpcSuccess = { jsonrpc: '2.0', id: 1, result: toolResult };

describe('typed values', () => {
  const samples: [string, unknown][] = [
    ['CallToolRequest', asRequest],
    ['CallToolResult', toolResult],
    ['CallToolResultResponse', { ...asSuccess, result: interim }],
    ['ClientCapabilities', capabilities],
    ['ListToolsResult', tools],
    ['ReadResourceResult', read],
    ['DiscoverResult', discover],
    ['CreateMessageRequestParams', sampling],
    ['PrimitiveSchemaDefinition', field],
    ['ElicitRequestParams', elicitation],
    ['InitializeRequest', initialize],
    ['SubscriptionsAcknowledgedNotification', acknowledged],
    ['UnsupportedProtocolVersionError', unsupported],
  ];
  for (const [name, value] of samples) {
    it(`${name} passes its guard`, () => assert.equal(GUARDS[name]?.(value), undefined));
  }
});
