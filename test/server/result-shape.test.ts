// shapeResult: results made elsewhere (a gateway's upstream server) fitted to the revision of
// the client that asked, as the registries fit their own; and Server.listChanged, which a
// feature of its own uses to announce that its list changed.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { Client } from '../../src/client/index.js';
import { Server, shapeResult } from '../../src/server/index.js';
import { createInMemoryPair } from '../../src/testing/index.js';
import { within } from '../helpers/e2e.js';

const tool = {
  name: 'look',
  title: 'Look',
  description: 'Looks',
  inputSchema: { type: 'object', $schema: 'https://json-schema.org/draft/2020-12/schema' },
  outputSchema: { type: 'array' },
  annotations: { readOnlyHint: true },
  icons: [{ src: 'https://example.com/i.png' }],
  execution: { taskSupport: 'optional' },
};

describe('shapeResult', () => {
  it('gives each revision the members of a tool it defines, and an output schema it can express', () => {
    assert.deepEqual(shapeResult('tools/list', { tools: [tool] }, '2024-11-05'), {
      tools: [{ name: 'look', description: 'Looks', inputSchema: { type: 'object' } }],
    });
    const shaped = shapeResult('tools/list', { tools: [tool] }, '2025-11-25') as { tools: Record<string, unknown>[] };
    assert.equal(shaped.tools[0]!.outputSchema, undefined, 'an array schema is not expressible before 2026-07-28');
    assert.deepEqual(shaped.tools[0]!.execution, { taskSupport: 'optional' });
    const modern = shapeResult('tools/list', { tools: [tool] }, '2026-07-28') as { tools: Record<string, unknown>[] };
    assert.deepEqual(modern.tools[0]!.outputSchema, { type: 'array' });
    assert.equal(modern.tools[0]!.execution, undefined);
  });

  it('describes content blocks an older client cannot carry, and leaves out what it lacks', () => {
    const result = {
      content: [{ type: 'resource_link', uri: 'memo://a', name: 'a' }],
      structuredContent: { ok: true },
      resultType: 'complete',
    };
    assert.deepEqual(shapeResult('tools/call', result, '2025-03-26'), {
      content: [{ type: 'text', text: '[Resource "a" at memo://a]' }],
    });
    assert.deepEqual(shapeResult('tools/call', result, '2025-11-25'), {
      content: result.content,
      structuredContent: { ok: true },
    });
    assert.equal(shapeResult('tools/call', result, '2026-07-28'), result, 'unchanged, the same object');
    const prompt = { messages: [{ role: 'user', content: { type: 'audio', data: 'AAAA', mimeType: 'audio/wav' } }] };
    const older = shapeResult('prompts/get', prompt, '2024-11-05') as { messages: { content: { type: string } }[] };
    assert.equal(older.messages[0]!.content.type, 'text');
    const listed = shapeResult(
      'resources/list',
      { resources: [{ uri: 'memo://a', name: 'a', title: 'A' }] },
      '2025-03-26',
    );
    assert.deepEqual(listed, { resources: [{ uri: 'memo://a', name: 'a' }] });
  });

  it('passes results of other methods as they are', () => {
    const result = { anything: 1 };
    assert.equal(shapeResult('ping', result, '2024-11-05'), result);
  });
});

describe('Server.listChanged', () => {
  it('announces a change of a list a feature of its own keeps', async () => {
    const server = new Server({ name: 'own-list', version: '1' });
    server.addFeature({
      handlers: { 'tools/list': () => ({ tools: [] }) },
      capabilities: () => ({ tools: { listChanged: true } }),
    });
    let heard!: () => void;
    const changed = new Promise<void>((resolve) => (heard = resolve));
    const [serverEnd, clientEnd] = createInMemoryPair();
    await server.connect(serverEnd);
    const session = await new Client({ name: 'c', version: '1' }).connect(clientEnd, { protocolVersion: '2025-11-25' });
    session.on('toolsListChanged', () => heard());
    server.listChanged('tools');
    await within(changed, 5_000, 'notifications/tools/list_changed');
    await session.close();
  });
});
