// examples/stdio-server: the client of main.ts starts the notes server over stdio and prints
// what its README says: the tools, their answers, a refusal by the schema, the resource, the prompt.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { runExample } from '../helpers/examples.js';

describe('examples/stdio-server', () => {
  it('lists the tools, calls them, reads the resource and gets the prompt', async () => {
    const { code, stdout, stderr } = await runExample('stdio-server');
    assert.equal(code, 0, stderr);
    assert.match(stdout, /^tool add_note: Adds a note to the list\.$/m);
    assert.match(stdout, /^tool search_notes: /m);
    assert.match(stdout, /^add_note -> \{"count":2\}$/m);
    assert.match(stdout, /^search_notes -> Call Ada about the launch$/m);
    assert.match(stdout, /^add_note with a number -> isError true: .*expected string/m);
    assert.match(stdout, /^notes:\/\/all -> "Buy milk\\nCall Ada about the launch"$/m);
    assert.match(stdout, /^summarize_notes -> Summarize these notes \(one line\):$/m);
  });
});
