// `mcpkit chat --prompt`, the published CLI against scripted stand-ins of the OpenAI and
// Anthropic APIs on loopback, with the example server from a configuration file.
import assert from 'node:assert/strict';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import process from 'node:process';
import { after, before, describe, it } from 'node:test';
import { CLI, runCli } from '../helpers/e2e.js';
import { startScriptedLlm, type ScriptedLlm } from '../helpers/scripted-llm.js';

describe('mcpkit chat', () => {
  let dir: string;
  let config: string;
  let llm: ScriptedLlm;
  before(async () => {
    dir = mkdtempSync(join(tmpdir(), 'mcpkit-chat-'));
    config = join(dir, 'mcp.json');
    writeFileSync(
      config,
      JSON.stringify({ mcpServers: { example: { command: process.execPath, args: [CLI, 'example-server'] } } }),
    );
    llm = await startScriptedLlm([]);
  });
  after(async () => {
    await llm.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it('answers one prompt with --prompt, running the tool calls --yes allows', async () => {
    const first = llm.requests.length;
    llm.push(
      { toolCalls: [{ name: 'example__weather', arguments: { city: 'Oslo' } }] },
      { text: ['It is ', 'sunny.'] },
    );
    const r = await runCli(
      ['chat', '--config', config, '--base-url', llm.openaiBaseUrl, '--model', 'local', '--yes', '--prompt', 'Oslo?'],
      60_000,
      { OPENAI_API_KEY: '' },
    );
    assert.equal(r.code, 0, r.stderr);
    assert.equal(r.stdout, 'It is sunny.\n');
    assert.match(r.stderr, /\[example__weather \{"city":"Oslo"\}\]\n {2}result: \{"city":"Oslo"/);
    const [ask] = llm.requests.slice(first);
    assert.equal(ask!.body!.model, 'local');
    assert.equal(ask!.headers.authorization, undefined, 'a local server gets no key');
  });

  it('refuses tool calls it cannot ask about, and tells the model', async () => {
    const first = llm.requests.length;
    llm.push({ toolCalls: [{ name: 'example__note', arguments: { text: 'x' } }] }, { text: ['Not noted.'] });
    const r = await runCli(['chat', '--config', config, '--prompt', 'Note x', '--provider', 'anthropic'], 60_000, {
      ANTHROPIC_API_KEY: 'sk-ant-test',
      MCPKIT_BASE_URL: llm.url,
    });
    assert.equal(r.code, 0, r.stderr);
    assert.equal(r.stdout, 'Not noted.\n');
    assert.match(
      r.stderr,
      /the call of example__note needs your consent \(--yes gives it\); refused without a terminal/,
    );
    assert.match(r.stderr, /not allowed: The user did not allow this call/);
    const [ask, back] = llm.requests.slice(first);
    assert.equal(ask!.headers['x-api-key'], 'sk-ant-test');
    assert.match(JSON.stringify(back!.body!.messages), /"is_error":true/);
  });

  it('prints the events as JSON lines with --json', async () => {
    llm.push({ toolCalls: [{ name: 'example__add', arguments: { a: 1, b: 2 } }] }, { text: ['3.'] });
    const r = await runCli(
      ['chat', '--config', config, '--base-url', llm.openaiBaseUrl, '--yes', '--json', '--prompt', '1+2?'],
      60_000,
      { OPENAI_API_KEY: '' },
    );
    assert.equal(r.code, 0, r.stderr);
    const events = r.stdout
      .trim()
      .split('\n')
      .map((line) => JSON.parse(line) as { type: string });
    assert.deepEqual(
      events.map((e) => e.type),
      ['tool_call', 'tool_result', 'text', 'done'],
    );
    assert.deepEqual((events[1] as unknown as { result: { content: unknown } }).result.content, [
      { type: 'text', text: '3' },
    ]);
  });

  it('says what is missing without a key or with a provider it does not know', async () => {
    const noKey = await runCli(['chat', '--prompt', 'hi'], 20_000, { OPENAI_API_KEY: '', ANTHROPIC_API_KEY: '' });
    assert.equal(noKey.code, 2);
    assert.match(noKey.stderr, /set OPENAI_API_KEY for openai's API, or give --base-url/);
    const bad = await runCli(['chat', '--provider', 'acme', '--prompt', 'hi']);
    assert.equal(bad.code, 2);
    assert.match(bad.stderr, /--provider must be openai or anthropic/);
  });

  it('reports a provider that refuses as a failure, with its message', async () => {
    llm.push({ status: 401, error: { message: 'Incorrect API key provided', type: 'invalid_request_error' } });
    const r = await runCli(['chat', '--base-url', llm.openaiBaseUrl, '--prompt', 'hi'], 20_000, {
      OPENAI_API_KEY: 'sk-wrong',
    });
    assert.equal(r.code, 3);
    assert.match(r.stderr, /Incorrect API key provided/);
    assert.doesNotMatch(r.stderr, /sk-wrong/);
  });
});
