// Interoperability over stdio, every feature, written once: a client (through its adapter,
// features-client.ts) against a feature server in a child process (features-servers.ts says
// where the two servers answer differently). The client answers sampling, elicitation and roots
// with its own library's handlers.
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { firstText, startedCall, within } from '../helpers/e2e.js';
import {
  GREETING,
  LOG_LEVELS,
  LOGIN,
  LOGIN_REQUIRED,
  LOGO,
  PROFILE_FORM,
  noteText,
  reviewMessages,
} from '../helpers/interop-features-data.js';
import type { CallToolResult } from '../../src/index.js';
import type { FeatureClient } from './features-client.js';
import type { FeatureServer } from './features-servers.js';
import {
  HANG,
  assertCompletions,
  listedPrompts,
  LISTED_TEMPLATES,
  ROOTS_AFTER,
  ROOTS_BEFORE,
  SAMPLE_OPTIONS,
  TOOL_NAMES,
  TOOL_OFFER,
  expectedToolAnswer,
  expectedToolUse,
  fillProfile,
  parsed,
  toolConversation,
} from '../helpers/interop-features.js';

/** Runs the scenario: `client` connects to a new process of `server` and calls every feature. */
export function runFeatureScenario(client: FeatureClient, server: FeatureServer): void {
  const { sampled, elicited, logs, updates, elicitationsComplete, errors } = client.arrived;

  const rejectsWith = (code: number) => (error: unknown) => {
    assert.equal(client.protocolError(error)?.code, code, String(error));
    return true;
  };

  /** A call whose handler failed with protocol error `code` and `message`, as the server reports it. */
  async function assertToolFailed(call: Promise<CallToolResult>, code: number, message: string): Promise<void> {
    if (server.toolErrors === 'protocol error') {
      await assert.rejects(call, (error: unknown) => {
        assert.equal(client.protocolError(error)?.code, code, String(error));
        assert.ok(String(client.protocolError(error)?.message).includes(message), String(error));
        return true;
      });
      return;
    }
    const result = await call;
    assert.equal(result.isError, true);
    assert.ok(firstText(result).startsWith(`MCP error ${code}: ${message}`), firstText(result));
  }

  describe(`${client.name} against ${server.name} with every feature`, () => {
    before(() => within(client.connect(server.script), 15_000, `${client.name} to connect`));
    after(() => within(client.close(), 15_000, `${client.name} to close`));

    it('negotiates the latest revision and sees the server’s identity and every capability it declares', () => {
      assert.equal(client.protocolVersion, '2025-11-25');
      assert.deepEqual(client.serverInfo, server.info);
      assert.deepEqual(client.serverCapabilities, {
        tools: { listChanged: true },
        resources: { subscribe: true, listChanged: true },
        prompts: { listChanged: true },
        completions: {},
        logging: {},
      });
    });

    it('lists and calls tools, with structured content', async () => {
      const { tools } = await client.listTools();
      assert.deepEqual(
        tools.map((t) => t.name),
        TOOL_NAMES,
      );
      const forecast = tools.find((t) => t.name === 'forecast');
      assert.deepEqual(forecast?.inputSchema.required, ['city']);
      assert.deepEqual(Object.keys(forecast?.outputSchema?.properties ?? {}), ['city', 'celsius', 'conditions']);

      // Both clients check structuredContent against the listed outputSchema.
      assert.deepEqual(await client.callTool({ name: 'forecast', arguments: { city: 'Lisbon' } }), {
        content: [{ type: 'text', text: 'Lisbon: 16 °C, sunny' }],
        structuredContent: { city: 'Lisbon', celsius: 16, conditions: 'sunny' },
      });
      const invalid = await client.callTool({ name: 'forecast', arguments: { city: 42 } });
      assert.equal(invalid.isError, true);
      assert.equal(invalid.structuredContent, undefined);
    });

    it('reads text, binary and templated resources, and lists both kinds', async () => {
      assert.deepEqual((await client.listResources()).resources, server.listedResources);
      assert.deepEqual((await client.listResourceTemplates()).resourceTemplates, LISTED_TEMPLATES);

      assert.deepEqual(await client.readResource({ uri: GREETING.uri }), {
        contents: [{ uri: GREETING.uri, mimeType: GREETING.mimeType, text: GREETING.text }],
      });
      const logo = await client.readResource({ uri: LOGO.uri });
      assert.deepEqual(logo, { contents: [{ uri: LOGO.uri, mimeType: LOGO.mimeType, blob: LOGO.base64 }] });
      assert.deepEqual(
        [...Buffer.from((logo.contents[0] as { blob: string }).blob, 'base64')].slice(-4),
        [0x00, 0xff, 0xfe, 0x80],
      );
      assert.deepEqual(await client.readResource({ uri: 'memo://notes/beta' }), {
        contents: [{ uri: 'memo://notes/beta', mimeType: 'text/markdown', text: noteText('beta') }],
      });
      assert.deepEqual(await client.readResource({ uri: 'memo://files/src/main.ts' }), {
        contents: [{ uri: 'memo://files/src/main.ts', text: 'contents of src/main.ts' }],
      });
      // 2025-11-25 server/resources.mdx: "Resource not found: `-32002`".
      await assert.rejects(client.readResource({ uri: 'memo://files/src/missing.ts' }), rejectsWith(-32002));
      await assert.rejects(client.readResource({ uri: 'memo://nowhere' }), rejectsWith(server.unknownUriCode));
    });

    it('notifies resources/updated for subscribed URIs only', async () => {
      await client.subscribeResource({ uri: GREETING.uri });
      await client.callTool({ name: 'touch', arguments: { uri: GREETING.uri } });
      await updates.waitFor((uri) => uri === GREETING.uri, 'the greeting update');
      await client.unsubscribeResource({ uri: GREETING.uri });
      await client.callTool({ name: 'touch', arguments: { uri: GREETING.uri } });
      await client.subscribeResource({ uri: LOGO.uri });
      await client.callTool({ name: 'touch', arguments: { uri: LOGO.uri } });
      await updates.waitFor((uri) => uri === LOGO.uri, 'the logo update');
      // Updates come in the order they were sent: none came for the unsubscribed greeting.
      assert.deepEqual(updates.items, [GREETING.uri, LOGO.uri]);
    });

    it('lists prompts and fills them in with every content type', async () => {
      assert.deepEqual((await client.listPrompts()).prompts, listedPrompts(server.listsOptionalArguments));
      assert.deepEqual(await client.getPrompt({ name: 'review', arguments: { language: 'rust', style: 'clippy' } }), {
        description: 'Review of rust code',
        messages: reviewMessages('rust', 'clippy'),
      });
      assert.deepEqual(await client.getPrompt({ name: 'greet' }), {
        messages: [{ role: 'user', content: { type: 'text', text: 'Hello!' } }],
      });
      await assert.rejects(client.getPrompt({ name: 'review', arguments: { style: 'black' } }), rejectsWith(-32602));
    });

    it('completes prompt arguments and template variables, given the other arguments', () =>
      assertCompletions((params) => client.complete(params)));

    it(`sends log messages at and above the level set; ${server.logsBeforeLevelSet ? 'every message' : 'none'} before a level is set`, async () => {
      await client.callTool({ name: 'log', arguments: {} });
      await client.setLoggingLevel('error');
      await client.callTool({ name: 'log', arguments: {} });
      const message = (level: (typeof LOG_LEVELS)[number]) => ({
        level,
        logger: 'features',
        data: { seq: LOG_LEVELS.indexOf(level), level },
      });
      // Messages arrive in order: had the first call logged what it should not, it would come first.
      const expected = [
        ...(server.logsBeforeLevelSet ? LOG_LEVELS.map(message) : []),
        ...LOG_LEVELS.slice(4).map(message),
      ];
      await logs.waitFor(
        (m) => m.level === 'emergency' && logs.items.indexOf(m) >= expected.length - 1,
        'the emergency log message of the second call',
      );
      assert.deepEqual(logs.items, expected);
      await assert.rejects(client.request('logging/setLevel', { level: 'loud' }), rejectsWith(server.invalidLevelCode));
    });

    it('reports progress with totals and messages', async () => {
      const progress: unknown[] = [];
      const result = await client.callTool(
        { name: 'progress', arguments: { n: 3 } },
        { onprogress: (p) => progress.push(p) },
      );
      assert.deepEqual(result.content, [{ type: 'text', text: 'reported 3 steps' }]);
      assert.deepEqual(
        progress,
        [1, 2, 3].map((i) => ({ progress: i, total: 3, message: `step ${i} of 3` })),
      );
    });

    it('cancels a tool call: the server aborts it, and cancels the sampling request it was waiting on', async () => {
      const controller = new AbortController();
      const { call } = await startedCall(
        (onprogress) =>
          client.callTool({ name: 'slow', arguments: { tag: client.tag } }, { signal: controller.signal, onprogress }),
        10_000,
        'the slow tool to start',
      );
      controller.abort(client.abortReason('changed my mind'));
      await assert.rejects(call, /changed my mind/);
      assert.deepEqual(parsed(await client.callTool({ name: 'aborts', arguments: {} })), [
        `${client.tag}: ${server.cancelledByPeer('changed my mind')}`,
      ]);

      const sampling = new AbortController();
      const waiting = client.callTool({ name: 'sample', arguments: { prompt: HANG } }, { signal: sampling.signal });
      const { signal } = await sampled.waitFor(
        (s) => JSON.stringify(s.params).includes(HANG),
        'the hanging sampling request',
      );
      sampling.abort(client.abortReason('no longer needed'));
      await assert.rejects(waiting, /no longer needed/);
      await within(
        new Promise((resolve) => (signal.aborted ? resolve(undefined) : signal.addEventListener('abort', resolve))),
        10_000,
        'the sampling request to be cancelled',
      );
      assert.equal(String(signal.reason), client.cancelledByPeer(server.cancelledByPeer('no longer needed')));
    });

    it('samples the client’s model, plain and with a tool offered', async () => {
      assert.deepEqual(parsed(await client.callTool({ name: 'sample', arguments: { prompt: 'Hi there' } })), {
        role: 'assistant',
        content: { type: 'text', text: 'You said: Hi there' },
        model: 'stub-model',
        stopReason: 'endTurn',
      });
      const plain = await sampled.waitFor(
        (s) => JSON.stringify(s.params).includes('Hi there'),
        'the plain sampling request',
      );
      assert.deepEqual(plain.params, {
        messages: [{ role: 'user', content: { type: 'text', text: 'Hi there' } }],
        ...SAMPLE_OPTIONS,
      });

      const question = 'What is MCP?';
      const before = sampled.items.length;
      assert.deepEqual(parsed(await client.callTool({ name: 'sample-with-tools', arguments: { question } })), {
        first: expectedToolUse,
        second: expectedToolAnswer,
      });
      const [first, second] = sampled.items.slice(before).map((s) => s.params);
      assert.deepEqual(first, { messages: toolConversation(question).slice(0, 1), ...TOOL_OFFER });
      assert.deepEqual(second, { messages: toolConversation(question), ...TOOL_OFFER });
    });

    it('elicits through the client in form and URL modes, and hears the URL one complete', async () => {
      assert.deepEqual(parsed(await client.callTool({ name: 'elicit-form', arguments: {} })), fillProfile(''));
      assert.deepEqual(elicited.items.at(-1), { mode: 'form', ...PROFILE_FORM });
      assert.deepEqual(
        parsed(await client.callTool({ name: 'elicit-form', arguments: { message: 'please decline' } })),
        { action: 'decline' },
      );

      assert.deepEqual(parsed(await client.callTool({ name: 'elicit-url', arguments: {} })), { action: 'accept' });
      assert.deepEqual(elicited.items.at(-1), LOGIN);
      assert.equal(
        await elicitationsComplete.waitFor((id) => id === LOGIN.elicitationId, 'the elicitation complete notification'),
        LOGIN.elicitationId,
      );

      // Learning of an elicitation from a -32042 error is what lets its completion through.
      await assert.rejects(client.callTool({ name: 'needs-login', arguments: {} }), (error: unknown) => {
        assert.equal(client.protocolError(error)?.code, -32042, String(error));
        assert.deepEqual(client.protocolError(error)?.data, { elicitations: [LOGIN_REQUIRED] });
        return true;
      });
      await client.callTool({ name: 'finish-login', arguments: {} });
      await elicitationsComplete.waitFor(
        (id) => id === LOGIN_REQUIRED.elicitationId,
        'the completion of the required elicitation',
      );
      assert.deepEqual(elicitationsComplete.items, [LOGIN.elicitationId, LOGIN_REQUIRED.elicitationId]);
    });

    it('refuses a form answer that breaks the requested schema', async () => {
      // 2025-11-25 client/elicitation.mdx: "Servers **SHOULD** validate received data matches the
      // requested schema". A client that checks the answer itself refuses it before it is sent.
      const call = client.callTool({ name: 'elicit-form', arguments: { message: 'answer off-schema' } });
      if (client.checksElicitationAnswers) {
        await assertToolFailed(call, -32602, 'The elicitation answer does not match the requested schema');
        assert.match(String(errors.pop()), /does not match the requested schema/);
      } else {
        await assertToolFailed(call, -32602, "The client's answer does not match the requested schema");
      }
    });

    it('offers its roots, and lists them again when they change', async () => {
      assert.deepEqual(parsed(await client.callTool({ name: 'roots', arguments: {} })), { roots: ROOTS_BEFORE });
      await client.setRoots(ROOTS_AFTER);
      assert.deepEqual(parsed(await client.callTool({ name: 'roots-seen', arguments: { count: 1 } })), [
        { roots: ROOTS_AFTER },
      ]);
      if (client.rootsListed) assert.equal(client.rootsListed(), 2);
    });

    it('saw nothing unexpected on the way: no stray responses, progress or malformed messages', () => {
      assert.deepEqual(errors.map(String), []);
    });
  });
}
