// A server for the inspector's Tools tab, over stdio: its tools come two to a page of
// tools/list, and their arguments use every kind of field the form has (choices, rows,
// checkboxes, nested objects, variants, references, dates). `order` answers with its
// arguments as text and as structured content; `notes` has a markdown description that tries
// raw HTML and a javascript: link, and answers with markdown; `media` answers with audio, a
// blob resource, and structured content holding a long string and a long array; `forecast`
// declares an output schema that its structured content breaks.
import { StdioServerTransport } from '../../../src/node/stdio-server.js';
import type { StandardSchemaV1 } from '../../../src/schema/index.js';
import { Server, withJsonSchema } from '../../../src/server/index.js';

/** Eight samples of silence: a WAV file, 8-bit mono at 8 kHz. */
const SILENCE_WAV = 'UklGRiwAAABXQVZFZm10IBAAAAABAAEAQB8AAEAfAAABAAgAZGF0YQgAAACAgICAgICAgA==';

const server = new Server({ name: 'forms', version: '1', title: 'Forms server' }, { pageSize: 2 });

server.tool(
  'order',
  {
    title: 'Place an order',
    description: 'Orders things, to show **every** field.',
    annotations: { destructiveHint: true, idempotentHint: true },
    icons: [
      {
        src: 'data:image/png;base64,iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAQAAAC1HAwCAAAAC0lEQVR42mNkYAAAAAYAAjCB0C8AAAAASUVORK5CYII=',
      },
      { src: 'https://example.com/order.png' },
    ],
    inputSchema: {
      type: 'object',
      $defs: {
        Contact: {
          type: 'object',
          properties: { email: { type: 'string', format: 'email' }, phone: { type: 'string' } },
          required: ['email'],
        },
      },
      properties: {
        item: { type: 'string', description: 'What to order', maxLength: 50 },
        quantity: { type: 'integer', minimum: 1, default: 1 },
        size: { type: 'string', enum: ['S', 'M', 'L'] },
        color: { type: 'string', enum: ['red', 'green', 'blue', 'black', 'white'] },
        gift: { type: 'boolean' },
        tags: { type: 'array', items: { type: 'string' } },
        days: { type: 'array', items: { type: 'string', enum: ['mon', 'tue', 'wed'] } },
        shipping: {
          type: 'object',
          properties: { address: { type: 'string', maxLength: 100 }, express: { type: 'boolean' } },
          required: ['address'],
        },
        payment: {
          oneOf: [
            { title: 'Card', type: 'object', properties: { number: { type: 'string', maxLength: 19 } } },
            { title: 'Voucher', type: 'string', maxLength: 20 },
          ],
        },
        contact: { $ref: '#/$defs/Contact' },
        when: { type: 'string', format: 'date' },
      },
      required: ['item', 'size'],
    },
  },
  (args) => ({ content: [{ type: 'text', text: JSON.stringify(args) }], structuredContent: { arguments: args } }),
);

server.tool(
  'notes',
  {
    description:
      "Writes *notes*. <img src=x onerror=\"document.title='pwned'\"> [click](javascript:document.title='pwned')",
  },
  () => ({ content: [{ type: 'text', text: '# Heading\n\n**bold** and <b>raw</b>' }] }),
);

server.tool('media', { description: 'Audio, a blob and long structured content.' }, () => ({
  content: [
    { type: 'audio', data: SILENCE_WAV, mimeType: 'audio/wav' },
    {
      type: 'resource',
      resource: { uri: 'file:///data/bytes.bin', mimeType: 'application/octet-stream', blob: 'AAEC/w==' },
    },
  ],
  structuredContent: {
    long: 'x'.repeat(1500),
    many: Array.from({ length: 150 }, (_, i) => i),
    deep: { a: { b: 'hidden' } },
  },
}));

/** Lets anything through: the server holds `forecast` to nothing, while its clients see a schema. */
const anything: StandardSchemaV1 = {
  '~standard': { version: 1, vendor: 'forms-server', validate: (value: unknown) => ({ value }) },
};

server.tool(
  'forecast',
  {
    description: 'Declares an output schema, then breaks it.',
    outputSchema: withJsonSchema(anything, {
      type: 'object',
      properties: {
        temperatureC: { type: 'number' },
        conditions: { type: 'string', enum: ['sunny', 'cloudy', 'rainy'] },
      },
      required: ['temperatureC', 'conditions'],
    }),
  },
  () => ({ content: [{ type: 'text', text: 'warm, and foggy' }], structuredContent: { temperatureC: 'warm' } }),
);

for (const name of ['alpha', 'beta', 'gamma'])
  server.tool(name, { description: `The ${name} tool.` }, () => ({ content: [{ type: 'text', text: name }] }));

const session = await server.connect(new StdioServerTransport());
await session.finished;
