// Tools over the wire: registration checks, calls and their errors, output schemas and the text
// mirror, runtime changes announced with list_changed, pagination, and a server that keeps
// serving while one tool fails or hangs.
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { Server, type ToolResult } from '../../src/server/index.js';
import { ToolRegistry } from '../../src/server/tools.js';
import { JsonRpcError } from '../../src/jsonrpc/errors.js';
import { McpError } from '../../src/protocol/errors.js';
import { connectPair } from '../../src/testing/index.js';
import type { CallToolResult } from '../../src/types/tools.js';
import { RawClient } from '../helpers/raw-client.js';

const info = { name: 'tools-test', version: '1.0.0' };

const textOf = (result: CallToolResult) =>
  result.content.map((block) => (block.type === 'text' ? block.text : `<${block.type}>`)).join('\n');

/** The JSON-RPC error a promise rejects with. */
async function rpcError(promise: Promise<unknown>): Promise<JsonRpcError> {
  try {
    await promise;
  } catch (error) {
    if (error instanceof JsonRpcError) return error;
    throw error;
  }
  assert.fail('expected a JSON-RPC error');
}

function adder(server = new Server(info)): Server {
  server.tool(
    'add',
    {
      description: 'Adds two numbers',
      inputSchema: {
        type: 'object',
        properties: { a: { type: 'number' }, b: { type: 'number' } },
        required: ['a', 'b'],
      },
    },
    ({ a, b }) => ({ content: [{ type: 'text', text: String((a as number) + (b as number)) }] }),
  );
  return server;
}

describe('registration', () => {
  const noop = () => ({ content: [] });

  it('accepts the names of the 2025-11-25 rules and refuses others', () => {
    const server = new Server(info);
    for (const name of ['getUser', 'DATA_EXPORT_v2', 'admin.tools.list', 'a', 'x'.repeat(128), 'with-hyphen_and.dot'])
      server.tool(name, {}, noop);
    for (const name of ['', 'x'.repeat(129), 'has space', 'comma,here', 'slash/name', 'café', 'emoji🙂', 'tab\t']) {
      assert.throws(
        () => server.tool(name, {}, noop),
        (e: unknown) => e instanceof TypeError && e.message.includes('1 to 128 characters'),
        name,
      );
    }
  });

  it('refuses a second tool of the same name', () => {
    const server = adder();
    assert.throws(() => adder(server), /already registered/);
  });

  it('refuses an inputSchema that does not describe an object', () => {
    const server = new Server(info);
    for (const inputSchema of [{ type: 'string' }, { properties: { a: {} } }, { type: ['object', 'null'] }]) {
      assert.throws(
        () => server.tool('t', { inputSchema: inputSchema as never }, noop),
        (e: unknown) => e instanceof TypeError && /Tool "t": inputSchema must describe an object/.test(e.message),
      );
    }
    assert.throws(
      () => server.tool('t', { inputSchema: 'object' as never }, noop),
      /inputSchema must be a JSON Schema object or a Standard Schema/,
    );
  });

  it('refuses an unsupported dialect and a bad execution.taskSupport', () => {
    const server = new Server(info);
    assert.throws(
      () =>
        server.tool(
          't',
          { inputSchema: { type: 'object', $schema: 'https://json-schema.org/draft/2019-09/schema' } },
          noop,
        ),
      /Tool "t": inputSchema: Unsupported JSON Schema dialect/,
    );
    assert.throws(() => server.tool('t', { execution: { taskSupport: 'always' as never } }, noop), /taskSupport/);
  });

  it('declares tools with listChanged once one is registered', async () => {
    const { client: session } = await connectPair(adder(), { protocolVersion: '2025-11-25' });
    assert.deepEqual(session.serverCapabilities.tools, { listChanged: true });
  });
});

describe('tools/call', () => {
  it('runs the tool with valid arguments', async () => {
    const { client: session } = await connectPair(adder(), { protocolVersion: '2025-11-25' });
    assert.deepEqual(await session.callTool({ name: 'add', arguments: { a: 2, b: 3 } }), {
      content: [{ type: 'text', text: '5' }],
    });
  });

  it('answers an unknown or disabled tool with -32602 Unknown tool', async () => {
    const server = adder();
    const hidden = server.tool('hidden', {}, () => ({ content: [] }));
    hidden.disable();
    const { client: session } = await connectPair(server, { protocolVersion: '2025-11-25' });
    for (const name of ['nope', 'hidden']) {
      const error = await rpcError(session.callTool({ name, arguments: {} }));
      assert.equal(error.code, -32602);
      assert.equal(error.message, `Unknown tool: ${name}`);
    }
  });

  it('answers invalid arguments with an error result naming each wrong argument', async () => {
    const { client: session } = await connectPair(adder(), { protocolVersion: '2025-11-25' });
    const wrongType = await session.callTool({ name: 'add', arguments: { a: 'two', b: 3 } });
    assert.deepEqual(wrongType, {
      content: [{ type: 'text', text: 'Invalid arguments for tool add: a: must be number' }],
      isError: true,
    });
    const missing = await session.callTool({ name: 'add', arguments: { a: 'two' } });
    assert.equal(missing.isError, true);
    assert.equal(textOf(missing), 'Invalid arguments for tool add: b: is required; a: must be number');
    const none = await session.callTool({ name: 'add' });
    assert.equal(textOf(none), 'Invalid arguments for tool add: a: is required; b: is required');
  });

  it("turns a handler's exception into an error result, and lets an McpError through as a JSON-RPC error", async () => {
    const server = new Server(info);
    server.tool('fails', {}, () => {
      throw new Error('the database is down');
    });
    server.tool('throws-string', {}, () => {
      throw 'plain string';
    });
    server.tool('refuses', {}, () => {
      throw new McpError(-32602, 'no such city', { city: 'Atlantis' });
    });
    const { client: session } = await connectPair(server, { protocolVersion: '2025-11-25' });
    assert.deepEqual(await session.callTool({ name: 'fails' }), {
      content: [{ type: 'text', text: 'the database is down' }],
      isError: true,
    });
    assert.equal(textOf(await session.callTool({ name: 'throws-string' })), 'plain string');
    const error = await rpcError(session.callTool({ name: 'refuses' }));
    assert.deepEqual([error.code, error.message, error.data], [-32602, 'no such city', { city: 'Atlantis' }]);
  });
});

describe('output schemas and structured content', () => {
  const weatherOutput = {
    type: 'object',
    properties: { temperature: { type: 'number' }, conditions: { type: 'string' } },
    required: ['temperature', 'conditions'],
  };

  function weatherServer(result: (city: string) => unknown, onError?: (error: Error) => void): Server {
    const server = new Server(info);
    // A registry of its own, so its reports reach this test; the server's own one answers the same way.
    const registry = new ToolRegistry({
      pageSize: Infinity,
      listChanged: () => {},
      ...(onError && { reportError: onError }),
    });
    registry.add(
      'weather',
      { inputSchema: { type: 'object', properties: { city: { type: 'string' } } }, outputSchema: weatherOutput }, // Whatever `result` gives, right or wrong: what the server does with it is under test.
      ({ city }) => result(String(city)) as ToolResult<typeof weatherOutput>,
    );
    server.addFeature(registry);
    return server;
  }

  it('sends conforming structured content, mirrored as text when there is no text', async () => {
    const { client: session } = await connectPair(
      weatherServer(() => ({ content: [], structuredContent: { temperature: 22.5, conditions: 'Cloudy' } })),
      { protocolVersion: '2025-11-25' },
    );
    const result = await session.callTool({ name: 'weather', arguments: { city: 'Paris' } });
    assert.deepEqual(result, {
      content: [{ type: 'text', text: '{"temperature":22.5,"conditions":"Cloudy"}' }],
      structuredContent: { temperature: 22.5, conditions: 'Cloudy' },
    });
  });

  it('adds no mirror when the tool wrote its own text, and fills in missing content', async () => {
    const { client: own } = await connectPair(
      weatherServer(() => ({
        content: [{ type: 'text', text: '22.5 and cloudy' }],
        structuredContent: { temperature: 22.5, conditions: 'Cloudy' },
      })),
      { protocolVersion: '2025-11-25' },
    );
    assert.equal(textOf(await own.callTool({ name: 'weather' })), '22.5 and cloudy');
    const { client: bare } = await connectPair(
      weatherServer(() => ({ structuredContent: { temperature: 1, conditions: 'Snow' } })),
      { protocolVersion: '2025-11-25' },
    );
    assert.equal(textOf(await bare.callTool({ name: 'weather' })), '{"temperature":1,"conditions":"Snow"}');
  });

  it("treats non-conforming or missing structured content as the server's bug: -32603, reported", async () => {
    const reported: Error[] = [];
    const { client: session } = await connectPair(
      weatherServer(
        (city) =>
          city === 'Nowhere'
            ? { content: [{ type: 'text', text: 'no data' }] }
            : { content: [], structuredContent: { temperature: 'warm' } },
        (e) => reported.push(e),
      ),
      { protocolVersion: '2025-11-25' },
    );
    const bad = await rpcError(session.callTool({ name: 'weather', arguments: { city: 'Paris' } }));
    assert.equal(bad.code, -32603);
    assert.equal(
      bad.message,
      'Tool weather returned structuredContent that does not match its outputSchema: conditions: is required; temperature: must be number',
    );
    const missing = await rpcError(session.callTool({ name: 'weather', arguments: { city: 'Nowhere' } }));
    assert.equal(missing.code, -32603);
    assert.match(missing.message, /outputSchema but returned no structuredContent/);
    assert.deepEqual(
      reported.map((e) => e.message),
      [bad.message, missing.message],
    );
  });

  it('does not check error results', async () => {
    const { client: session } = await connectPair(
      weatherServer(() => ({ content: [{ type: 'text', text: 'service unavailable' }], isError: true })),
      { protocolVersion: '2025-11-25' },
    );
    assert.deepEqual(await session.callTool({ name: 'weather' }), {
      content: [{ type: 'text', text: 'service unavailable' }],
      isError: true,
    });
  });

  it('answers a result that is not a result object with -32603', async () => {
    const { client: session } = await connectPair(
      weatherServer(() => 42),
      { protocolVersion: '2025-11-25' },
    );
    const error = await rpcError(session.callTool({ name: 'weather' }));
    assert.equal(error.code, -32603);
    assert.match(error.message, /returned number instead of a result object/);
  });
});

describe('changes at runtime', () => {
  const listChanges = (client: RawClient) =>
    client.pending((m) => m.method === 'notifications/tools/list_changed').length;
  const tick = () => new Promise((resolve) => setTimeout(resolve, 5));
  const names = async (client: RawClient) =>
    ((await client.request('tools/list')).result?.tools as { name: string }[]).map((t) => t.name);

  it('announces enable, disable, remove and update, one notification per tick', async () => {
    const server = adder();
    const client = await RawClient.connect(server);
    const tool = server.tool('echo', { description: 'v1' }, () => ({ content: [] }));
    await tick();
    assert.equal(listChanges(client), 1);
    tool.disable();
    await tick();
    assert.equal(listChanges(client), 2);
    assert.deepEqual(await names(client), ['add']);
    assert.equal(tool.enabled, false);
    tool.enable();
    tool.update({ description: 'v2' });
    tool.update({ title: 'Echo' });
    await tick();
    assert.equal(listChanges(client), 3);
    const listed = (await client.request('tools/list')).result?.tools as Record<string, unknown>[];
    assert.deepEqual(listed[1], { name: 'echo', title: 'Echo', description: 'v2', inputSchema: { type: 'object' } });
    tool.remove();
    await tick();
    assert.equal(listChanges(client), 4);
    assert.deepEqual(await names(client), ['add']);
  });

  it('update replaces the handler, removes members set to undefined, and keeps the order', async () => {
    const server = new Server(info);
    const tool = server.tool('greet', { title: 'Greeter', description: 'Says hello' }, () => ({
      content: [{ type: 'text', text: 'hello' }],
    }));
    server.tool('after', {}, () => ({ content: [] }));
    const client = await RawClient.connect(server);
    tool.update({ handler: () => ({ content: [{ type: 'text', text: 'bonjour' }] }) });
    await tick();
    assert.equal(listChanges(client), 0, 'a new handler alone changes nothing clients see');
    const call = await client.request('tools/call', { name: 'greet' });
    assert.deepEqual(call.result?.content, [{ type: 'text', text: 'bonjour' }]);
    tool.update({
      title: undefined,
      inputSchema: { type: 'object', properties: { who: { type: 'string' } }, required: ['who'] },
    });
    const listed = (await client.request('tools/list')).result?.tools as Record<string, unknown>[];
    assert.deepEqual(
      listed.map((t) => t.name),
      ['greet', 'after'],
    );
    assert.deepEqual(listed[0], {
      name: 'greet',
      description: 'Says hello',
      inputSchema: { type: 'object', properties: { who: { type: 'string' } }, required: ['who'] },
    });
    const invalid = await client.request('tools/call', { name: 'greet', arguments: {} });
    assert.equal(
      (invalid.result?.content as { text: string }[])[0]?.text,
      'Invalid arguments for tool greet: who: is required',
    );
  });

  it('update checks the new definition and changes nothing when it fails; a removed tool cannot be updated', async () => {
    const server = new Server(info);
    const tool = server.tool('t', { description: 'kept' }, () => ({ content: [] }));
    assert.throws(
      () => tool.update({ inputSchema: { type: 'object', properties: { a: { $ref: 'https://example.com/a.json' } } } }),
      /not fetched/,
    );
    const client = await RawClient.connect(server);
    assert.deepEqual((await client.request('tools/list')).result?.tools, [
      { name: 't', description: 'kept', inputSchema: { type: 'object' } },
    ]);
    tool.remove();
    assert.throws(() => tool.update({ description: 'again' }), /was removed/);
    server.tool('t', { description: 'new one' }, () => ({ content: [] }));
    assert.throws(() => tool.update({ description: 'hijack' }), /was removed/);
  });

  it('says nothing about changes to a disabled tool', async () => {
    const server = adder();
    const tool = server.tool('quiet', {}, () => ({ content: [] }));
    tool.disable();
    const client = await RawClient.connect(server);
    tool.update({ description: 'still hidden' });
    await tick();
    assert.equal(listChanges(client), 0);
  });
});

describe('pagination', () => {
  it('walks 1,000 tools in pages of 10, each once, in registration order, the same every time', async () => {
    const server = new Server(info, { pageSize: 10 });
    const expected: string[] = [];
    for (let i = 0; i < 1000; i++) {
      const name = `tool_${String(i).padStart(4, '0')}`;
      expected.push(name);
      server.tool(name, { description: `Tool number ${i}` }, () => ({ content: [] }));
    }
    const { client: session } = await connectPair(server, { protocolVersion: '2025-11-25' });
    const walk = async () => {
      const seen: string[] = [];
      let cursor: string | undefined;
      let pages = 0;
      do {
        const page = await session.listTools(cursor === undefined ? {} : { cursor });
        assert.ok(page.tools.length <= 10);
        seen.push(...page.tools.map((t) => t.name));
        cursor = page.nextCursor;
        pages++;
      } while (cursor !== undefined);
      assert.equal(pages, 100);
      return seen;
    };
    assert.deepEqual(await walk(), expected);
    assert.deepEqual(await walk(), expected);
  });

  it('answers an invalid cursor with -32602', async () => {
    const { client: session } = await connectPair(adder(new Server(info, { pageSize: 1 })), {
      protocolVersion: '2025-11-25',
    });
    for (const cursor of ['garbage', 'c', 'czzzzzzzzzzzz', '']) {
      const error = await rpcError(session.listTools({ cursor }));
      assert.equal(error.code, -32602, cursor);
    }
  });
});

describe('a failing or hanging tool', () => {
  it('leaves the server serving other calls', async () => {
    const server = adder();
    let sawAbort = false;
    server.tool('hang', {}, async (_args, ctx) => {
      await new Promise<void>((resolve) => ctx.signal.addEventListener('abort', () => resolve()));
      sawAbort = true;
      return { content: [{ type: 'text', text: 'too late' }] };
    });
    server.tool('crash', {}, () => {
      throw new TypeError('Cannot read properties of undefined');
    });
    const { client: session } = await connectPair(server, { protocolVersion: '2025-11-25' });
    const controller = new AbortController();
    const hanging = session.callTool({ name: 'hang' }, { signal: controller.signal });
    const [crashed, added] = await Promise.all([
      session.callTool({ name: 'crash' }),
      session.callTool({ name: 'add', arguments: { a: 1, b: 1 } }),
    ]);
    assert.equal(crashed.isError, true);
    assert.equal(textOf(added), '2');
    controller.abort(new Error('user gave up'));
    await assert.rejects(hanging);
    assert.equal(textOf(await session.callTool({ name: 'add', arguments: { a: 2, b: 2 } })), '4');
    assert.equal(sawAbort, true);
  });
});
