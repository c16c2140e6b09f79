// examples/chat: one question answered by a model that calls the notes server's tool. The model
// is a scripted stand-in on 127.0.0.1 that speaks each provider's API (test/helpers/scripted-llm.ts),
// chosen as a user chooses a model: MCPKIT_PROVIDER and MCPKIT_BASE_URL.
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { runExample } from '../helpers/examples.js';
import { startScriptedLlm, type ScriptedLlm } from '../helpers/scripted-llm.js';

describe('examples/chat', () => {
  let llm: ScriptedLlm;
  before(async () => (llm = await startScriptedLlm()));
  after(() => llm.close());

  for (const provider of ['openai', 'anthropic'] as const) {
    it(`answers through the notes server's tool, with ${provider}'s API`, async () => {
      const first = llm.requests.length;
      llm.push(
        { toolCalls: [{ name: 'notes__search_notes', arguments: { word: 'milk' } }] },
        { text: ['One note mentions milk: ', '"Buy milk".'] },
      );
      const { code, stdout, stderr } = await runExample('chat', {
        args: ['Which of my notes mention milk?'],
        env: {
          MCPKIT_PROVIDER: provider,
          MCPKIT_BASE_URL: provider === 'openai' ? llm.openaiBaseUrl : llm.url,
          MCPKIT_MODEL: 'scripted',
          OPENAI_API_KEY: '',
          ANTHROPIC_API_KEY: '',
        },
      });
      assert.equal(code, 0, stderr);
      assert.match(stdout, /^you: Which of my notes mention milk\?$/m);
      assert.match(stdout, /^\[calls notes__search_notes \{"word":"milk"\}\]$/m);
      assert.match(stdout, /^\[notes__search_notes answered: Buy milk\]$/m);
      assert.match(stdout, /^One note mentions milk: "Buy milk"\.$/m);
      assert.match(stdout, /^\(2 model calls, ended by /m);

      const [asked, answered] = llm.requests.slice(first);
      assert.equal(asked?.api, provider);
      assert.match(JSON.stringify(asked?.body?.tools), /notes__search_notes/, 'the tool is offered to the model');
      assert.match(JSON.stringify(answered?.body?.messages), /Buy milk/, "the tool's answer goes back to the model");
    });
  }

  it('says what to set when no model is configured', async () => {
    const { code, stderr } = await runExample('chat', {
      env: { MCPKIT_PROVIDER: '', MCPKIT_BASE_URL: '', OPENAI_API_KEY: '', ANTHROPIC_API_KEY: '' },
    });
    assert.equal(code, 2);
    assert.match(stderr, /No model: set OPENAI_API_KEY, or MCPKIT_BASE_URL/);
  });
});
