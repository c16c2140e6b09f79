// examples/client: the client of the example server answers its form, sampling and roots, and
// shows the progress of a call, as its README says.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { runExample } from '../helpers/examples.js';

describe('examples/client', () => {
  it('lists the tools, follows progress and answers what the server asks', async () => {
    const { code, stdout, stderr } = await runExample('client');
    assert.equal(code, 0, stderr);
    assert.match(stdout, /^echo$/m);
    assert.match(stdout, /^progress 1 2$/m);
    assert.match(stdout, /^progress 2 2$/m);
    assert.match(stdout, /counted to 2/);
    assert.match(stdout, /^ask_name -> .*Hello, Ada!/m);
    assert.match(stdout, /^haiku -> .*Leaves fall, code compiles\./m);
    assert.match(stdout, /^roots -> .*file:\/\/\/home\/me\/project/m);
  });
});
