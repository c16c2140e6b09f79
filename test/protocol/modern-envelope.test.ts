import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { dressResult, readEnvelope, modernVersionOf } from '../../src/protocol/modern.js';
import { McpError } from '../../src/protocol/errors.js';

const SUPPORTED = ['2026-07-28'];
const envelope = (meta: Record<string, unknown>) => ({
  _meta: {
    'io.modelcontextprotocol/protocolVersion': '2026-07-28',
    'io.modelcontextprotocol/clientCapabilities': {},
    ...meta,
  },
});

describe('the modern request envelope', () => {
  it('tells modern requests by the version in _meta', () => {
    assert.equal(modernVersionOf(envelope({})), '2026-07-28');
    assert.equal(modernVersionOf({ name: 'x' }), undefined);
    assert.equal(modernVersionOf(undefined), undefined);
    assert.equal(modernVersionOf({ _meta: { progressToken: 1 } }), undefined);
  });

  it('refuses a legacy revision named in _meta: those have no envelope', () => {
    assert.throws(
      () =>
        readEnvelope(envelope({ 'io.modelcontextprotocol/protocolVersion': '2025-11-25' }), [
          ...SUPPORTED,
          '2025-11-25',
        ]),
      { code: -32022 },
    );
  });

  const malformed: [string, Record<string, unknown>, RegExp][] = [
    [
      'missing capabilities',
      { 'io.modelcontextprotocol/clientCapabilities': undefined },
      /clientCapabilities"\]: missing required property/,
    ],
    [
      'capabilities not an object',
      { 'io.modelcontextprotocol/clientCapabilities': 'all' },
      /clientCapabilities"\]: expected object/,
    ],
    [
      'clientInfo without a version',
      { 'io.modelcontextprotocol/clientInfo': { name: 'x' } },
      /clientInfo"\]\.version: missing required property/,
    ],
    ['an unknown log level', { 'io.modelcontextprotocol/logLevel': 'loud' }, /logLevel"\]: expected one of debug/],
  ];
  for (const [name, meta, message] of malformed) {
    it(`refuses ${name} with -32602 naming the member`, () => {
      assert.throws(
        () => readEnvelope(envelope(meta), SUPPORTED),
        (e: unknown) => e instanceof McpError && e.code === -32602 && message.test(e.message),
      );
    });
  }

  it('keeps the log level the request asked for', () => {
    assert.equal(
      readEnvelope(envelope({ 'io.modelcontextprotocol/logLevel': 'warning' }), SUPPORTED).logLevel,
      'warning',
    );
  });
});

describe('results of the modern revision', () => {
  const serverInfo = { name: 'ExampleServer', version: '1.0.0' };

  it('carry resultType complete and the server identity, keeping their own _meta', () => {
    assert.deepEqual(dressResult({ tools: [], _meta: { mine: 1 } }, serverInfo), {
      tools: [],
      resultType: 'complete',
      _meta: { mine: 1, 'io.modelcontextprotocol/serverInfo': serverInfo },
    });
  });

  it('keep a resultType the handler chose', () => {
    assert.equal(
      dressResult({ resultType: 'input_required', requestState: 's' }, serverInfo).resultType,
      'input_required',
    );
  });
});
