// Interoperability over stdio, every feature: mcpkit's client against a server written with the
// official SDK's McpServer (test/fixtures/interop-features-sdk-server.ts). The scenario is
// written once (features-scenario.ts); this file runs it with mcpkit's client, then checks what
// a client asking for an older revision gets.
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { Client, type ClientSession } from '../../src/client/index.js';
import type { CreateMessageResult } from '../../src/index.js';
import { clientInfo, nodeTransport, within } from '../helpers/e2e.js';
import { PROFILE_FORM } from '../helpers/interop-features-data.js';
import { McpkitFeatureClient } from './features-client-mcpkit.js';
import { runFeatureScenario } from './features-scenario.js';
import { SDK_FEATURE_SERVER } from './features-servers.js';
import { fillProfile, parsed, stubModel } from '../helpers/interop-features.js';

runFeatureScenario(new McpkitFeatureClient(), SDK_FEATURE_SERVER);

describe('mcpkit’s client at 2025-06-18 (elicitation: {}, sampling without tools) against an official SDK server', () => {
  let session: ClientSession;
  const forms: unknown[] = [];
  const client = new Client(clientInfo, {
    requestTimeoutMs: 15_000,
    sampling: (params) => stubModel(params as never) as CreateMessageResult,
    elicitation: {
      form: (params) => {
        forms.push(params);
        return fillProfile(params.message);
      },
    },
  });
  before(async () => {
    session = await within(
      client.connect(nodeTransport(SDK_FEATURE_SERVER.script), { protocolVersion: '2025-06-18' }),
      15_000,
      'initialize',
    );
  });
  after(() => within(session.close(), 15_000, 'close'));

  it('gets structured content, completions with context, and sampling without tools', async () => {
    assert.equal(session.protocolVersion, '2025-06-18');
    const forecast = await session.callTool({ name: 'forecast', arguments: { city: 'Oslo' } });
    assert.deepEqual(forecast.structuredContent, { city: 'Oslo', celsius: 14, conditions: 'sunny' });
    const completion = await session.complete({
      ref: { type: 'ref/prompt', name: 'review' },
      argument: { name: 'style', value: '' },
      context: { arguments: { language: 'python' } },
    });
    assert.deepEqual(completion.completion.values, ['black', 'pep8']);
    assert.deepEqual(parsed(await session.callTool({ name: 'sample', arguments: { prompt: 'old' } })), {
      role: 'assistant',
      content: { type: 'text', text: 'You said: old' },
      model: 'stub-model',
      stopReason: 'endTurn',
    });
    const tools = await session.callTool({ name: 'sample-with-tools', arguments: { question: 'q' } });
    assert.deepEqual(tools, {
      content: [{ type: 'text', text: 'Client does not support sampling tools capability.' }],
      isError: true,
    });
  });

  it('is asked for a form, its elicitation: {} taken for form mode', async () => {
    assert.deepEqual(parsed(await session.callTool({ name: 'elicit-form', arguments: {} })), fillProfile(''));
    // McpServer sends `mode` even to a 2025-06-18 client, whose schema has no such member (nor forbids it).
    assert.deepEqual(forms, [{ mode: 'form', ...PROFILE_FORM }]);
  });
});
