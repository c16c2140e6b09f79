// Behaviour of the guards beyond the corpus: issue paths, the method table's guards, robustness.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { errorDataGuards, GUARDS } from '../../src/types/guards/index.js';
import { array, at, obj, oneOf, str } from '../../src/types/guards/kit.js';
import { McpErrorCode } from '../../src/types/errors.js';
import { isReservedMetaKey, META } from '../../src/types/meta.js';
import { METHODS } from '../../src/types/methods.js';

const guard = (name: string) => GUARDS[name] ?? assert.fail(`no guard ${name}`);

const meta2026 = {
  [META.protocolVersion]: '2026-07-28',
  [META.clientCapabilities]: {},
  [META.clientInfo]: { name: 'c', version: '1' },
};

describe('issues', () => {
  it('name the path and what is wrong', () => {
    const call = { jsonrpc: '2.0', id: 1, method: 'tools/call', params: { name: 'x', arguments: 'nope' } };
    assert.equal(guard('CallToolRequest')(call), 'params.arguments: expected object');
    const result = { content: [{ type: 'text', text: 'a' }, { type: 'text' }] };
    assert.equal(guard('CallToolResult')(result), 'content[1].text: missing required property');
    assert.equal(
      guard('CallToolResult')({ content: [{ type: 'video' }] }),
      'content[0].type: expected one of "text", "image", "audio", "resource_link", "resource"',
    );
    assert.equal(guard('TextContent')('text'), 'expected object');
  });

  it('quote member names that are not identifiers', () => {
    const params = { name: 'x', _meta: { ...meta2026, [META.clientInfo]: { name: 'c' } } };
    assert.equal(
      guard('CallToolRequestParams')(params),
      '_meta["io.modelcontextprotocol/clientInfo"].version: missing required property',
    );
    assert.equal(at('a', at(0, at('b/c', 'expected string'))), 'a[0]["b/c"]: expected string');
  });

  it('come from a kit that composes', () => {
    const point = obj({ x: str }, { tags: array(str) });
    const shape = oneOf('kind', { point });
    assert.equal(shape({ kind: 'point', x: 'a', tags: ['t', 1] }), 'tags[1]: expected string');
    assert.equal(shape({ kind: 'line' }), 'kind: expected one of "point"');
    assert.equal(shape({}), 'kind: missing required property');
    assert.equal(shape({ kind: 'point', x: 'a', extra: true }), undefined, 'unknown members are allowed');
  });
});

describe('leniency and strictness', () => {
  it('accept unknown members and any `_meta`', () => {
    const tool = {
      name: 't',
      inputSchema: { type: 'object', $defs: {}, oneOf: [] },
      _meta: { 'com.example/x': [1] },
      future: 1,
    };
    assert.equal(guard('Tool')(tool), undefined);
  });

  it('reject bad enums and discriminators', () => {
    assert.match(guard('SamplingMessage')({ role: 'system', content: { type: 'text', text: 'a' } }) ?? '', /^role: /);
    assert.match(guard('LoggingMessageNotificationParams')({ level: 'verbose', data: 1 }) ?? '', /^level: /);
    assert.match(guard('ToolChoice')({ mode: 'any' }) ?? '', /^mode: /);
    assert.match(
      guard('Tool')({ name: 't', inputSchema: { type: 'array' } }) ?? '',
      /^inputSchema.type: expected "object"$/,
    );
  });

  it('check the 2026 request `_meta` strictly only where asked', () => {
    assert.equal(guard('RequestParams')({}), undefined);
    assert.equal(guard('RequestMetaObject')(meta2026), undefined);
    assert.match(
      guard('RequestMetaObject')({ [META.protocolVersion]: '2026-07-28' }) ?? '',
      /clientCapabilities"\]: missing/,
    );
    assert.match(guard('RequestParams')({ _meta: { [META.logLevel]: 'loud' } }) ?? '', /logLevel"\]: expected one of/);
  });

  it('never throw, whatever the input', () => {
    const junk: unknown[] = [
      undefined,
      null,
      0,
      -1.5,
      '',
      'x',
      true,
      [],
      [null],
      {},
      { type: null },
      { method: 7 },
      { params: [] },
    ];
    for (const [name, g] of Object.entries(GUARDS)) {
      for (const value of junk) {
        const issue = g(value);
        assert.ok(issue === undefined || typeof issue === 'string', name);
      }
    }
  });
});

describe('guards of the method table', () => {
  it('accept omitted params only where the method allows it', () => {
    assert.equal(METHODS['tools/list'].params(undefined), undefined);
    assert.equal(METHODS.ping.params(undefined), undefined);
    assert.equal(METHODS['tools/call'].params(undefined), 'expected object');
    assert.equal(METHODS['notifications/tools/list_changed'].params(undefined), undefined);
    assert.equal(METHODS['notifications/progress'].params(undefined), 'expected object');
  });

  it('accept an InputRequiredResult for tools/call, prompts/get and resources/read only', () => {
    const interim = { resultType: 'input_required', requestState: 'abc' };
    for (const method of ['tools/call', 'prompts/get', 'resources/read'] as const)
      assert.equal(METHODS[method].result(interim), undefined, method);
    assert.match(METHODS['tools/list'].result(interim) ?? '', /^tools: missing/);
    assert.equal(
      METHODS['tools/call'].result({ resultType: 'input_required' }),
      'expected inputRequests or requestState',
    );
    const badRequests = { resultType: 'input_required', inputRequests: { a: { method: 'ping' } } };
    assert.match(METHODS['prompts/get'].result(badRequests) ?? '', /^inputRequests.a.method: expected one of/);
  });

  it('accept a CreateTaskResult where a request may be task-augmented', () => {
    const task = { taskId: 't', status: 'working', createdAt: 'a', lastUpdatedAt: 'b', ttl: null };
    for (const method of ['tools/call', 'sampling/createMessage', 'elicitation/create'] as const) {
      assert.equal(METHODS[method].result({ task }), undefined, method);
    }
    assert.match(METHODS['tools/call'].result({ task: {} }) ?? '', /^task.taskId: missing/);
  });

  it('check retries carrying input responses', () => {
    const params = {
      name: 'x',
      inputResponses: {
        a: { action: 'accept', content: { n: 'v' } },
        b: { roots: [] },
        c: { role: 'assistant', model: 'm', content: { type: 'text', text: 't' } },
      },
      requestState: 's',
    };
    assert.equal(METHODS['tools/call'].params(params), undefined);
    const bad = { ...params, inputResponses: { a: { action: 'maybe' } } };
    assert.match(METHODS['tools/call'].params(bad) ?? '', /^inputResponses.a.action: expected one of/);
  });

  it('shape error data by code', () => {
    const unsupported = errorDataGuards[McpErrorCode.UnsupportedProtocolVersion] ?? assert.fail();
    assert.equal(unsupported({ supported: ['2026-07-28'], requested: '1900-01-01' }), undefined);
    assert.equal(unsupported({ supported: '2026-07-28', requested: 'x' }), 'supported: expected array');
  });
});

describe('META', () => {
  it('recognizes reserved prefixes', () => {
    assert.ok(isReservedMetaKey(META.protocolVersion));
    assert.ok(isReservedMetaKey('dev.mcp/x'));
    assert.ok(!isReservedMetaKey('com.example.mcp/x'));
    assert.ok(!isReservedMetaKey(META.progressToken));
  });
});
