// examples/host: the mcpServers file read, both servers in one catalog under its deny list, and
// calls routed with consent as the file's rules say, as its README says.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { runExample } from '../helpers/examples.js';

describe('examples/host', () => {
  it('lists the catalog of two servers and calls tools of each', async () => {
    const { code, stdout, stderr } = await runExample('host');
    assert.equal(code, 0, stderr);
    const catalog = /^(\d+) tools: (.*)$/m.exec(stdout);
    assert.ok(catalog, stdout);
    const names = catalog[2]!.split(', ');
    assert.equal(names.length, Number(catalog[1]));
    assert.ok(names.includes('notes__add_note') && names.includes('example__add'), catalog[2]);
    assert.ok(!names.includes('example__fail'), 'the deny list leaves out fail');
    assert.match(stdout, /^server notes: ready, /m);
    assert.match(stdout, /^server example: ready, /m);
    assert.match(stdout, /^notes__search_notes -> Buy milk$/m);
    assert.deepEqual(stdout.match(/^consent asked for .*$/gm), ['consent asked for notes__add_note: allowed']);
    assert.match(stdout, /^notes__add_note -> \{"count":2\}$/m);
    assert.match(stdout, /^example__add -> 42$/m);
  });
});
