// examples/typed-tools: the Zod schemas reach the client as JSON Schema, a default applies and
// bad arguments are refused, as its README says.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { runExample } from '../helpers/examples.js';

describe('examples/typed-tools', () => {
  it('shows the derived schema, the typed result and a refusal', async () => {
    const { code, stdout, stderr } = await runExample('typed-tools');
    assert.equal(code, 0, stderr);
    assert.match(stdout, /^split_bill takes \{"total":\{"type":"number".*"tipPercent":\{"default":15/m);
    assert.match(stdout, /^split_bill -> \{"each":34\.5,"tip":13\.5\}$/m);
    assert.match(stdout, /^split_bill refused: true$/m);
  });
});
