// examples/gateway: `mcpkit serve` with the example's configuration offers both servers' tools
// at one endpoint and forwards a call to each, as its README says.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { runExample } from '../helpers/examples.js';

describe('examples/gateway', () => {
  it('serves the tools of two servers at one endpoint', async () => {
    const { code, stdout, stderr } = await runExample('gateway', { ms: 60_000 });
    assert.equal(code, 0, stderr);
    assert.match(stdout, /^gateway at http:\/\/127\.0\.0\.1:\d+\/mcp$/m);
    assert.match(stdout, /^serverInfo: mcpkit-gateway$/m);
    assert.match(stdout, /^tools: notes__add_note, notes__search_notes, bills__split_bill$/m);
    assert.match(stdout, /^notes__search_notes -> Buy milk$/m);
    assert.match(stdout, /^bills__split_bill -> \{"each":34\.5,"tip":13\.5\}$/m);
  });
});
