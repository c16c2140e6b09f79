// Hand-made messages of the revisions before 2026-07-28, checked against the guards and against
// that revision's schema.json with Ajv.
import assert from 'node:assert/strict';
import { it } from 'node:test';
import { GUARDS } from '../../src/types/guards/index.js';
import { methodInfo, type MethodName } from '../../src/types/methods.js';
import type { Revision } from '../../src/types/revisions.js';
import { describeWithCorpus, validatorFor } from '../helpers/spec-corpus.js';

type Sample = { name: string; value: Record<string, unknown> };

const clientInfo = { name: 'example-client', version: '1.0.0' };
const serverInfo = { name: 'example-server', version: '2.1.0' };
const text = (t: string) => ({ type: 'text', text: t });

const SAMPLES: Record<Exclude<Revision, '2026-07-28'>, Sample[]> = {
  '2024-11-05': [
    {
      name: 'InitializeRequest',
      value: {
        jsonrpc: '2.0',
        id: 0,
        method: 'initialize',
        params: {
          protocolVersion: '2024-11-05',
          capabilities: { roots: { listChanged: true }, sampling: {} },
          clientInfo,
        },
      },
    },
    {
      name: 'InitializeResult',
      value: {
        protocolVersion: '2024-11-05',
        capabilities: { logging: {}, prompts: { listChanged: true }, resources: { subscribe: true }, tools: {} },
        serverInfo,
        instructions: 'Use the tools.',
      },
    },
    { name: 'InitializedNotification', value: { jsonrpc: '2.0', method: 'notifications/initialized' } },
    { name: 'PingRequest', value: { jsonrpc: '2.0', id: 'p1', method: 'ping' } },
    {
      name: 'CallToolRequest',
      value: {
        jsonrpc: '2.0',
        id: 1,
        method: 'tools/call',
        params: { name: 'add', arguments: { a: 1, b: 2 }, _meta: { progressToken: 7 } },
      },
    },
    {
      name: 'CallToolResult',
      value: {
        content: [
          text('3'),
          {
            type: 'image',
            data: 'iVBORw0KGgo=',
            mimeType: 'image/png',
            annotations: { audience: ['user'], priority: 0.5 },
          },
          { type: 'resource', resource: { uri: 'file:///a.txt', text: 'a' } },
        ],
        isError: false,
      },
    },
    {
      name: 'Tool',
      value: {
        name: 'add',
        description: 'Adds',
        inputSchema: { type: 'object', properties: { a: { type: 'number' } } },
      },
    },
    {
      name: 'CreateMessageRequest',
      value: {
        jsonrpc: '2.0',
        id: 2,
        method: 'sampling/createMessage',
        params: { messages: [{ role: 'user', content: text('Hi') }], maxTokens: 10, includeContext: 'thisServer' },
      },
    },
    {
      name: 'CreateMessageResult',
      value: { role: 'assistant', content: text('Hello'), model: 'm', stopReason: 'endTurn' },
    },
    {
      name: 'SetLevelRequest',
      value: { jsonrpc: '2.0', id: 3, method: 'logging/setLevel', params: { level: 'warning' } },
    },
    {
      name: 'SubscribeRequest',
      value: { jsonrpc: '2.0', id: 4, method: 'resources/subscribe', params: { uri: 'file:///a' } },
    },
    {
      name: 'CompleteRequest',
      value: {
        jsonrpc: '2.0',
        id: 5,
        method: 'completion/complete',
        params: { ref: { type: 'ref/resource', uri: 'file:///{path}' }, argument: { name: 'path', value: 'sr' } },
      },
    },
    { name: 'ResourceReference', value: { type: 'ref/resource', uri: 'file:///{path}' } },
    { name: 'RootsListChangedNotification', value: { jsonrpc: '2.0', method: 'notifications/roots/list_changed' } },
    { name: 'ListRootsRequest', value: { jsonrpc: '2.0', id: 6, method: 'roots/list' } },
    { name: 'ListRootsResult', value: { roots: [{ uri: 'file:///home/u/p', name: 'p' }], _meta: {} } },
    {
      name: 'JSONRPCError',
      value: {
        jsonrpc: '2.0',
        id: 7,
        error: { code: -32002, message: 'Resource not found', data: { uri: 'file:///x' } },
      },
    },
    {
      name: 'ProgressNotification',
      value: { jsonrpc: '2.0', method: 'notifications/progress', params: { progressToken: 7, progress: 1, total: 2 } },
    },
  ],
  '2025-03-26': [
    {
      name: 'CallToolResult',
      value: { content: [{ type: 'audio', data: 'UklGRg==', mimeType: 'audio/wav', annotations: { priority: 1 } }] },
    },
    {
      name: 'Tool',
      value: { name: 'rm', inputSchema: { type: 'object' }, annotations: { destructiveHint: true, title: 'Remove' } },
    },
    {
      name: 'JSONRPCBatchRequest',
      value: [
        { jsonrpc: '2.0', id: 1, method: 'tools/list' },
        { jsonrpc: '2.0', method: 'notifications/cancelled', params: { requestId: 0 } },
      ] as unknown as Record<string, unknown>,
    },
    {
      name: 'ProgressNotification',
      value: {
        jsonrpc: '2.0',
        method: 'notifications/progress',
        params: { progressToken: 'a', progress: 5, message: 'halfway' },
      },
    },
    {
      name: 'InitializeResult',
      value: { protocolVersion: '2025-03-26', capabilities: { completions: {} }, serverInfo },
    },
  ],
  '2025-06-18': [
    {
      name: 'InitializeRequest',
      value: {
        jsonrpc: '2.0',
        id: 0,
        method: 'initialize',
        params: {
          protocolVersion: '2025-06-18',
          capabilities: { elicitation: {} },
          clientInfo: { ...clientInfo, title: 'Example' },
        },
      },
    },
    {
      name: 'InitializeResult',
      value: {
        protocolVersion: '2025-06-18',
        capabilities: { tools: { listChanged: true }, completions: {} },
        serverInfo,
      },
    },
    {
      name: 'ElicitRequest',
      value: {
        jsonrpc: '2.0',
        id: 1,
        method: 'elicitation/create',
        params: {
          message: 'Pick a colour',
          requestedSchema: {
            type: 'object',
            properties: {
              colour: { type: 'string', enum: ['r', 'g'], enumNames: ['Red', 'Green'] },
              count: { type: 'integer', minimum: 1 },
              ok: { type: 'boolean', default: true },
            },
            required: ['colour'],
          },
        },
      },
    },
    { name: 'ElicitResult', value: { action: 'accept', content: { colour: 'r', count: 2, ok: true } } },
    { name: 'EnumSchema', value: { type: 'string', enum: ['a', 'b'], enumNames: ['A', 'B'] } },
    {
      name: 'CallToolResult',
      value: {
        content: [text('{"t":21}'), { type: 'resource_link', uri: 'file:///log', name: 'log', mimeType: 'text/plain' }],
        structuredContent: { t: 21 },
      },
    },
    {
      name: 'Tool',
      value: {
        name: 'temp',
        title: 'Temperature',
        inputSchema: { type: 'object' },
        outputSchema: { type: 'object', properties: { t: { type: 'number' } }, required: ['t'] },
        _meta: { 'com.example/x': 1 },
      },
    },
    {
      name: 'CompleteRequest',
      value: {
        jsonrpc: '2.0',
        id: 2,
        method: 'completion/complete',
        params: {
          ref: { type: 'ref/prompt', name: 'review', title: 'Review' },
          argument: { name: 'framework', value: 'fl' },
          context: { arguments: { language: 'python' } },
        },
      },
    },
  ],
  '2025-11-25': [
    {
      name: 'InitializeRequest',
      value: {
        jsonrpc: '2.0',
        id: 0,
        method: 'initialize',
        params: {
          protocolVersion: '2025-11-25',
          capabilities: {
            elicitation: { form: {}, url: {} },
            sampling: { tools: {} },
            tasks: { list: {}, cancel: {}, requests: { sampling: { createMessage: {} } } },
          },
          clientInfo: { ...clientInfo, icons: [{ src: 'https://example.com/i.png', sizes: ['48x48'], theme: 'dark' }] },
        },
      },
    },
    {
      name: 'CallToolRequest',
      value: {
        jsonrpc: '2.0',
        id: 1,
        method: 'tools/call',
        params: { name: 'build', arguments: {}, task: { ttl: 60000 } },
      },
    },
    {
      name: 'CreateTaskResult',
      value: {
        task: {
          taskId: 't1',
          status: 'working',
          createdAt: '2025-11-25T10:30:00Z',
          lastUpdatedAt: '2025-11-25T10:30:00Z',
          ttl: 60000,
          pollInterval: 5000,
        },
        _meta: { 'io.modelcontextprotocol/model-immediate-response': 'Started.' },
      },
    },
    { name: 'GetTaskRequest', value: { jsonrpc: '2.0', id: 2, method: 'tasks/get', params: { taskId: 't1' } } },
    {
      name: 'GetTaskResult',
      value: {
        taskId: 't1',
        status: 'completed',
        createdAt: '2025-11-25T10:30:00Z',
        lastUpdatedAt: '2025-11-25T10:31:00Z',
        ttl: null,
      },
    },
    {
      name: 'TaskStatusNotification',
      value: {
        jsonrpc: '2.0',
        method: 'notifications/tasks/status',
        params: {
          taskId: 't1',
          status: 'failed',
          statusMessage: 'boom',
          createdAt: 'x',
          lastUpdatedAt: 'y',
          ttl: 1000,
        },
      },
    },
    { name: 'ListTasksRequest', value: { jsonrpc: '2.0', id: 3, method: 'tasks/list', params: { cursor: 'c' } } },
    {
      name: 'GetTaskPayloadRequest',
      value: { jsonrpc: '2.0', id: 4, method: 'tasks/result', params: { taskId: 't1' } },
    },
    {
      name: 'Tool',
      value: {
        name: 'build',
        inputSchema: { type: 'object', $schema: 'https://json-schema.org/draft/2020-12/schema' },
        execution: { taskSupport: 'optional' },
      },
    },
    {
      name: 'ElicitRequest',
      value: {
        jsonrpc: '2.0',
        id: 5,
        method: 'elicitation/create',
        params: { mode: 'url', url: 'https://example.com/auth', message: 'Sign in', elicitationId: 'e1' },
      },
    },
    {
      name: 'ElicitationCompleteNotification',
      value: { jsonrpc: '2.0', method: 'notifications/elicitation/complete', params: { elicitationId: 'e1' } },
    },
    {
      name: 'URLElicitationRequiredError',
      value: {
        jsonrpc: '2.0',
        id: 6,
        error: {
          code: -32042,
          message: 'Authorization required',
          data: {
            elicitations: [{ mode: 'url', url: 'https://example.com/auth', message: 'Sign in', elicitationId: 'e2' }],
          },
        },
      },
    },
    {
      name: 'CreateMessageRequest',
      value: {
        jsonrpc: '2.0',
        id: 7,
        method: 'sampling/createMessage',
        params: {
          messages: [{ role: 'user', content: [text('Weather in Paris?')] }],
          maxTokens: 100,
          tools: [{ name: 'weather', inputSchema: { type: 'object' } }],
          toolChoice: { mode: 'auto' },
        },
      },
    },
    {
      name: 'CreateMessageResult',
      value: {
        role: 'assistant',
        content: [{ type: 'tool_use', id: 'u1', name: 'weather', input: { city: 'Paris' } }],
        model: 'm',
        stopReason: 'toolUse',
      },
    },
    {
      name: 'ElicitRequestFormParams',
      value: {
        mode: 'form',
        message: 'Colours',
        requestedSchema: {
          type: 'object',
          properties: {
            pick: { type: 'array', items: { anyOf: [{ const: '#f00', title: 'Red' }] }, default: ['#f00'] },
            one: { type: 'string', oneOf: [{ const: 'a', title: 'A' }] },
          },
        },
      },
    },
  ],
};

/** Requests and notifications of the samples, to check the params guards of the method table too. */
function checkParams(value: Record<string, unknown>): void {
  if (typeof value.method !== 'string' || value.jsonrpc !== '2.0') return;
  const info = methodInfo(value.method) ?? assert.fail(`${value.method} is not in the method table`);
  assert.equal(info.kind, 'id' in value ? 'request' : 'notification', value.method);
  assert.equal(info.params(value.params), undefined, `${value.method} params`);
}

describeWithCorpus('messages of older revisions', () => {
  for (const [revision, samples] of Object.entries(SAMPLES) as [Revision, Sample[]][]) {
    for (const { name, value } of samples) {
      it(`${revision} ${name} passes the guard and the revision's schema`, () => {
        assert.ok(validatorFor(revision, name)(value), `schema.json of ${revision} rejects the sample`);
        const guard = GUARDS[name] ?? assert.fail(`no guard for ${name}`);
        assert.equal(guard(value), undefined);
        checkParams(value);
      });
    }
  }

  it('results pass the result guards of their methods', () => {
    const byName = (revision: keyof typeof SAMPLES, name: string) =>
      SAMPLES[revision].find((s) => s.name === name)?.value ?? assert.fail(name);
    const cases: [MethodName, Record<string, unknown>][] = [
      ['initialize', byName('2024-11-05', 'InitializeResult')],
      ['tools/call', byName('2025-06-18', 'CallToolResult')],
      ['tools/call', byName('2025-11-25', 'CreateTaskResult')],
      ['tasks/get', byName('2025-11-25', 'GetTaskResult')],
      ['sampling/createMessage', byName('2025-11-25', 'CreateMessageResult')],
      ['sampling/createMessage', byName('2025-11-25', 'CreateTaskResult')],
      ['elicitation/create', byName('2025-06-18', 'ElicitResult')],
      ['roots/list', byName('2024-11-05', 'ListRootsResult')],
      ['ping', {}],
    ];
    for (const [method, value] of cases) assert.equal(methodInfo(method)?.result?.(value), undefined, method);
  });

  it('a 2024-11-05 initialize without clientInfo fails the guard and the schema', () => {
    const request = structuredClone(SAMPLES['2024-11-05'][0]?.value ?? assert.fail());
    delete (request.params as Record<string, unknown>).clientInfo;
    assert.equal(validatorFor('2024-11-05', 'InitializeRequest')(request), false);
    assert.equal(GUARDS.InitializeRequest?.(request), 'params.clientInfo: missing required property');
  });

  it('a 2025-11-25 task with an unknown status fails the guard and the schema', () => {
    const result = {
      ...(SAMPLES['2025-11-25'].find((s) => s.name === 'GetTaskResult')?.value ?? {}),
      status: 'paused',
    };
    assert.equal(validatorFor('2025-11-25', 'GetTaskResult')(result), false);
    assert.match(GUARDS.GetTaskResult?.(result) ?? '', /^status: expected one of/);
  });
});
