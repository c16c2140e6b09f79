// The modern request envelope and its errors against the spec's own examples of 2026-07-28.
import assert from 'node:assert/strict';
import { it } from 'node:test';
import { McpError } from '../../src/protocol/errors.js';
import { missingClientCapability, readEnvelope } from '../../src/protocol/modern.js';
import { describeWithCorpus, examplesOf } from '../helpers/spec-corpus.js';

const SUPPORTED = ['2026-07-28'];

describeWithCorpus('the modern request envelope and the spec examples', () => {
  it('reads every member of the envelope of the spec example', () => {
    const [request] = examplesOf('CallToolRequest') as { params: Record<string, unknown> }[];
    const read = { ...readEnvelope(request!.params, SUPPORTED) };
    assert.deepEqual(read, {
      protocolVersion: '2026-07-28',
      clientCapabilities: {},
      clientInfo: { name: 'ExampleClient', version: '1.0.0' },
      logLevel: undefined,
    });
  });

  it('refuses an unsupported version with -32022 and the shape of the spec example', () => {
    const [expected] = examplesOf('UnsupportedProtocolVersionError') as {
      error: { code: number; data: { requested: string } };
    }[];
    const error = (() => {
      try {
        const meta = {
          'io.modelcontextprotocol/protocolVersion': expected!.error.data.requested,
          'io.modelcontextprotocol/clientCapabilities': {},
        };
        readEnvelope({ _meta: meta }, ['2026-07-28', '2025-11-25']);
      } catch (e) {
        return e;
      }
    })() as McpError;
    assert.ok(error instanceof McpError);
    assert.deepEqual(error.toJSON(), expected!.error);
  });

  it('builds -32021 in the shape of the spec example', () => {
    const [expected] = examplesOf('MissingRequiredClientCapabilityError') as { error: Record<string, unknown> }[];
    assert.deepEqual(
      missingClientCapability(
        { elicitation: {} },
        'Server requires the elicitation capability for this request',
      ).toJSON(),
      expected!.error,
    );
  });
});
