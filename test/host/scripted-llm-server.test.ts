// The scripted LLM APIs as a process of their own, as the command line's tests use them: the
// script comes in the environment, the URL and each request come out as JSON lines.
import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { createInterface } from 'node:readline';
import { describe, it } from 'node:test';
import { anthropicModel, complete, openaiModel } from '../../src/host/index.js';
import { fixture, within } from '../helpers/e2e.js';
import type { LlmRequest, ScriptedReply } from '../helpers/scripted-llm.js';

/** A line the server prints. */
type Line = { url?: string; openaiBaseUrl?: string; request?: LlmRequest };

describe('scripted-llm-server', { timeout: 30_000 }, () => {
  it('answers from the script it was given and reports each request', async () => {
    const script: ScriptedReply[] = [{ text: ['from ', 'openai'] }, { text: ['from anthropic'] }];
    const child = spawn(process.execPath, [fixture('scripted-llm-server')], {
      env: { ...process.env, SCRIPTED_LLM_SCRIPT: JSON.stringify(script) },
      stdio: ['ignore', 'pipe', 'inherit'],
    });
    const exited = once(child, 'exit');
    try {
      const lines = createInterface({ input: child.stdout })[Symbol.asyncIterator]();
      /** The next line of the server's output. */
      const next = async () => JSON.parse((await within(lines.next(), 10_000, 'a line')).value as string) as Line;
      const { url, openaiBaseUrl } = (await next()) as { url: string; openaiBaseUrl: string };
      const openai = openaiModel({ model: 'gpt-test', baseUrl: openaiBaseUrl, apiKey: 'k' });
      assert.equal((await complete(openai, { messages: [{ role: 'user', content: 'hi' }] })).text, 'from openai');
      const first = (await next()).request!;
      assert.equal(first.api, 'openai');
      assert.equal(first.headers.authorization, 'Bearer k');
      assert.deepEqual(first.body!.messages, [{ role: 'user', content: 'hi' }]);
      const anthropic = anthropicModel({ model: 'claude-test', baseUrl: url });
      assert.equal((await complete(anthropic, { messages: [{ role: 'user', content: 'hi' }] })).text, 'from anthropic');
      assert.equal((await next()).request!.api, 'anthropic');
    } finally {
      child.kill('SIGTERM');
    }
    const [code] = await within(exited, 10_000, 'the server to exit');
    assert.equal(code, 0);
  });
});
