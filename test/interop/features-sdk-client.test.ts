// Interoperability over stdio, every feature: the official SDK's client against an mcpkit
// server (test/fixtures/interop-features-mcpkit-server.ts). The scenario is written once
// (features-scenario.ts); this file runs it with the SDK's client, then checks what a client
// declaring fewer capabilities is asked for.
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { Client as SdkClient } from '@modelcontextprotocol/sdk/client/index.js';
import {
  CreateMessageRequestSchema,
  ElicitRequestSchema,
  type CreateMessageResult,
  type McpError,
} from '@modelcontextprotocol/sdk/types.js';
import { firstText, within } from '../helpers/e2e.js';
import { SdkFeatureClient, connectSdkClient } from './features-client-sdk.js';
import { runFeatureScenario } from './features-scenario.js';
import { MCPKIT_FEATURE_SERVER } from './features-servers.js';
import { fillProfile, parsed, stubModel } from '../helpers/interop-features.js';

runFeatureScenario(new SdkFeatureClient(), MCPKIT_FEATURE_SERVER);

describe('the official SDK client declaring elicitation: {}, sampling without tools, and no roots, against an mcpkit server', () => {
  const client = new SdkClient(
    { name: 'sdk-plain-client', version: '1.32.2' },
    { capabilities: { sampling: {}, elicitation: {} } },
  );
  const asked: string[] = [];
  client.setRequestHandler(CreateMessageRequestSchema, ({ params }) => {
    asked.push('sampling');
    return stubModel(params) as CreateMessageResult;
  });
  client.setRequestHandler(ElicitRequestSchema, ({ params }) => {
    asked.push(`elicitation (${params.mode})`);
    return fillProfile(params.message);
  });
  let stderr = '';
  before(async () => ({ stderr } = await connectSdkClient(client, MCPKIT_FEATURE_SERVER.script)));
  after(async () => {
    await within(client.close(), 15_000, 'the SDK client to close');
    if (stderr) console.error(`mcpkit server stderr:\n${stderr}`);
  });

  // What a tool that needs a capability the client lacks gets: its error message either way.
  const outcome = (name: string): Promise<{ code?: number; text: string }> =>
    client.callTool({ name, arguments: { question: 'q' } }).then(
      (result) => ({ text: firstText(result) }),
      (error: unknown) => ({ code: (error as McpError).code, text: (error as Error).message }),
    );

  it('takes an empty elicitation capability for form mode, and asks the client for nothing it did not declare', async () => {
    // 2025-11-25 client/elicitation.mdx: "an empty capabilities object is equivalent to declaring
    // support for `form` mode only".
    assert.deepEqual(parsed(await client.callTool({ name: 'elicit-form', arguments: {} })), fillProfile(''));
    assert.match((await outcome('elicit-url')).text, /does not support URL-mode elicitation/);
    assert.match((await outcome('sample-with-tools')).text, /does not support tools in sampling/);
    assert.match((await outcome('roots')).text, /does not support roots/);
    assert.deepEqual(asked, ['elicitation (form)']);
  });

  it('reports a capability the client lacks without calling tools/call a missing method', async () => {
    for (const name of ['elicit-url', 'sample-with-tools', 'roots'])
      assert.notEqual((await outcome(name)).code, -32601, name);
  });
});
