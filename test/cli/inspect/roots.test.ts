// The roots the inspector offers: changed from the page, told to the server, which sees them
// (the reference server-everything's get-roots-list asks for them); a root typed as a path is
// made a file:// URI, anything else is refused.
import assert from 'node:assert/strict';
import { createRequire } from 'node:module';
import { after, before, describe, it } from 'node:test';
import { rootUri } from '../../../src/cli/inspect/page/roots-panel.js';
import { startInspect, type InspectChild } from '../../helpers/inspect-child.js';

const EVERYTHING = createRequire(import.meta.url).resolve('@modelcontextprotocol/server-everything/dist/index.js');

describe('roots in the inspector', () => {
  let inspect: InspectChild;
  before(async () => {
    inspect = await startInspect(['--', process.execPath, EVERYTHING, 'stdio']);
  });
  after(() => inspect?.stop());

  const command = async (name: string, body: unknown) => {
    const response = await fetch(new URL(`/api/${name}`, inspect.url), {
      method: 'POST',
      headers: { authorization: `Bearer ${inspect.token}`, 'content-type': 'application/json' },
      body: JSON.stringify(body),
    });
    type State = { servers: { id: string; status: string; roots: unknown }[] };
    return {
      status: response.status,
      body: (await response.json()) as { result?: State; error?: { message: string } },
    };
  };

  it('changes the roots, and the server sees the new ones', async () => {
    let state = (await command('state', {})).body.result!;
    for (let tries = 0; state.servers[0]?.status !== 'connected' && tries < 200; tries++) {
      await new Promise((resolve) => setTimeout(resolve, 50));
      state = (await command('state', {})).body.result!;
    }
    const server = state.servers[0]!.id;
    const roots = [{ uri: 'file:///work/project', name: 'project' }];
    assert.equal((await command('roots', { server, roots })).status, 200);
    assert.deepEqual((await command('state', {})).body.result!.servers[0]!.roots, roots);
    const listed = await command('request', {
      server,
      method: 'tools/call',
      params: { name: 'get-roots-list', arguments: {} },
    });
    assert.match(JSON.stringify(listed.body.result), /file:\/\/\/work\/project/);
  });

  it('refuses roots that are not file:// URIs', async () => {
    const state = (await command('state', {})).body.result!;
    const refused = await command('roots', { server: state.servers[0]!.id, roots: [{ uri: 'https://x' }] });
    assert.equal(refused.status, 400);
    assert.match(refused.body.error!.message, /file:\/\//);
  });

  it('makes a typed path a file:// URI', () => {
    assert.equal(rootUri('/home/me/my project'), 'file:///home/me/my%20project');
    assert.equal(rootUri(' file:///x '), 'file:///x');
    assert.equal(rootUri('relative/path'), undefined);
  });
});
