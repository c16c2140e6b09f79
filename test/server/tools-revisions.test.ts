// What clients of each revision see of the same tools: definitions without the members their
// revision lacks, results without structured content they cannot read, content blocks they do
// not know turned into text.
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { Server } from '../../src/server/index.js';
import { ToolRegistry } from '../../src/server/tools.js';
import type { CallToolResult } from '../../src/types/tools.js';
import { RawClient } from '../helpers/raw-client.js';

const info = { name: 'revisions-test', version: '1.0.0' };

const inputSchema = {
  $schema: 'https://json-schema.org/draft/2020-12/schema',
  type: 'object' as const,
  properties: { city: { type: 'string' } },
};
const outputSchema = {
  $schema: 'https://json-schema.org/draft/2020-12/schema',
  type: 'object',
  properties: { temperature: { type: 'number' } },
  required: ['temperature'],
};
const full = {
  title: 'Weather',
  description: 'Current weather',
  inputSchema,
  outputSchema,
  annotations: { readOnlyHint: true, openWorldHint: true },
  icons: [{ src: 'https://example.com/weather.png', mimeType: 'image/png', sizes: ['48x48'] }],
  execution: { taskSupport: 'optional' as const },
  _meta: { 'example.com/owner': 'team-weather' },
};

const annotations = { audience: ['user' as const], priority: 0.5, lastModified: '2025-05-03T14:30:00Z' };
const link = {
  type: 'resource_link' as const,
  uri: 'file:///project/src/main.rs',
  name: 'main.rs',
  description: 'Primary application entry point',
  mimeType: 'text/x-rust',
  icons: [{ src: 'https://example.com/rust.png' }],
};

function weatherServer(): Server {
  const server = new Server(info);
  server.tool('weather', full, () => ({
    content: [
      { type: 'text', text: 'Sunny', annotations, _meta: { 'example.com/lang': 'en' } },
      { type: 'audio', data: 'UklGRg==', mimeType: 'audio/wav' },
      link,
    ],
    structuredContent: { temperature: 21 },
  }));
  server.tool('plain', { inputSchema: { type: 'object' } }, () => ({
    content: [],
    structuredContent: { temperature: 3 },
  }));
  server.tool('revision', {}, (_args, ctx) => ({ content: [{ type: 'text', text: ctx.protocolVersion }] }));
  server.tool('users', { outputSchema: { type: 'array', items: { type: 'string' } } }, () => ({
    content: [],
    structuredContent: ['ada', 'alan'],
  }));
  return server;
}

const { $schema: _in, ...inputWithoutDialect } = inputSchema;
const { $schema: _out, ...outputWithoutDialect } = outputSchema;

const expectedDefinitions: Record<string, Record<string, unknown>> = {
  '2024-11-05': { name: 'weather', description: 'Current weather', inputSchema: inputWithoutDialect },
  '2025-03-26': {
    name: 'weather',
    description: 'Current weather',
    inputSchema: inputWithoutDialect,
    annotations: full.annotations,
  },
  '2025-06-18': {
    name: 'weather',
    title: 'Weather',
    description: 'Current weather',
    inputSchema: inputWithoutDialect,
    outputSchema: outputWithoutDialect,
    annotations: full.annotations,
    _meta: full._meta,
  },
  '2025-11-25': { name: 'weather', ...full },
};

const linkText = {
  type: 'text',
  text: '[Resource "main.rs" at file:///project/src/main.rs (text/x-rust; Primary application entry point)]',
};
const { icons: _icons, ...linkWithoutIcons } = link;
const { lastModified: _lm, ...oldAnnotations } = annotations;

const expectedResults: Record<string, CallToolResult> = {
  '2024-11-05': {
    content: [
      { type: 'text', text: 'Sunny', annotations: oldAnnotations },
      {
        type: 'text',
        text: "[Audio (audio/wav, 4 bytes) left out: this client's protocol revision cannot carry audio]",
      },
      linkText as CallToolResult['content'][number],
    ],
  },
  '2025-03-26': {
    content: [
      { type: 'text', text: 'Sunny', annotations: oldAnnotations },
      { type: 'audio', data: 'UklGRg==', mimeType: 'audio/wav' },
      linkText as CallToolResult['content'][number],
    ],
  },
  '2025-06-18': {
    content: [
      { type: 'text', text: 'Sunny', annotations, _meta: { 'example.com/lang': 'en' } },
      { type: 'audio', data: 'UklGRg==', mimeType: 'audio/wav' },
      linkWithoutIcons,
    ],
    structuredContent: { temperature: 21 },
  },
  '2025-11-25': {
    content: [
      { type: 'text', text: 'Sunny', annotations, _meta: { 'example.com/lang': 'en' } },
      { type: 'audio', data: 'UklGRg==', mimeType: 'audio/wav' },
      link,
    ],
    structuredContent: { temperature: 21 },
  },
};

describe('per-revision shaping', () => {
  for (const version of ['2024-11-05', '2025-03-26', '2025-06-18', '2025-11-25'] as const) {
    describe(`a ${version} client`, () => {
      it('sees the definition members its revision has', async () => {
        const client = await RawClient.connect(weatherServer(), version);
        const tools = (await client.request('tools/list')).result?.tools as Record<string, unknown>[];
        assert.deepEqual(tools[0], expectedDefinitions[version]);
      });

      it('gets results its revision can carry, with the text mirror of structured content', async () => {
        const client = await RawClient.connect(weatherServer(), version);
        assert.deepEqual(
          (await client.request('tools/call', { name: 'weather', arguments: { city: 'Rome' } })).result,
          expectedResults[version],
        );
        const plain = (await client.request('tools/call', { name: 'plain' })).result;
        const structured = version >= '2025-06-18' ? { structuredContent: { temperature: 3 } } : {};
        assert.deepEqual(plain, { content: [{ type: 'text', text: '{"temperature":3}' }], ...structured });
      });

      it("is served under its revision, as the handler's context tells", async () => {
        const client = await RawClient.connect(weatherServer(), version);
        const result = (await client.request('tools/call', { name: 'revision' })).result;
        assert.deepEqual(result?.content, [{ type: 'text', text: version }]);
      });

      it('does not see an output schema other than an object, nor structured content other than an object', async () => {
        const client = await RawClient.connect(weatherServer(), version);
        const tools = (await client.request('tools/list')).result?.tools as Record<string, unknown>[];
        assert.deepEqual(
          tools.find((t) => t.name === 'users'),
          { name: 'users', inputSchema: { type: 'object' } },
        );
        const result = (await client.request('tools/call', { name: 'users' })).result;
        assert.deepEqual(result, { content: [{ type: 'text', text: '["ada","alan"]' }] });
      });
    });
  }

  it("builds each revision's definitions once", () => {
    const registry = new ToolRegistry({ pageSize: Infinity, listChanged: () => {} });
    registry.add('weather', full, () => ({ structuredContent: { temperature: 3 } }));
    for (const version of ['2024-11-05', '2025-06-18', '2025-11-25']) {
      const first = registry.list(undefined, version).tools[0];
      assert.ok(first);
      assert.equal(registry.list(undefined, version).tools[0], first, version);
    }
  });
});
