// Tool results held to the tool's output schema in the inspector (`mcpkit inspect` on a test
// server, through its API): `call` says that the structured content matches, or lists what it
// breaks while still giving the result; a tool without an output schema is not checked; and a
// `tools/call` sent with `request` gives back a result that breaks its schema rather than failing.
import assert from 'node:assert/strict';
import { fileURLToPath } from 'node:url';
import { after, before, describe, it } from 'node:test';
import { EXAMPLE_SERVER, startInspect, type InspectChild } from '../../helpers/inspect-child.js';
import { inspectorApi, type InspectorApiClient } from '../../helpers/inspect-api.js';

const FORMS_SERVER = fileURLToPath(new URL('./forms-server.js', import.meta.url));

/** Lists every page of the server's tools, as the page does before a call. */
async function listAll(api: InspectorApiClient): Promise<string[]> {
  const names: string[] = [];
  let cursor: string | undefined;
  do {
    const page = await api.command('request', {
      server: api.server,
      method: 'tools/list',
      ...(cursor !== undefined && { params: { cursor } }),
    });
    const result = page.body.result as { tools: { name: string }[]; nextCursor?: string };
    names.push(...result.tools.map((t) => t.name));
    cursor = result.nextCursor;
  } while (cursor !== undefined);
  return names;
}

describe('structured content against the output schema', () => {
  const stops: (() => Promise<void> | void)[] = [];
  after(async () => {
    for (const stop of stops) await stop();
  });
  const open = async (server: string[]) => {
    const inspect: InspectChild = await startInspect(server);
    const api = await inspectorApi(inspect);
    stops.push(
      () => api.close(),
      () => inspect.stop(),
    );
    return api;
  };
  let forms: InspectorApiClient;
  before(async () => {
    forms = await open(['--', process.execPath, FORMS_SERVER]);
    assert.ok((await listAll(forms)).includes('forecast'));
  });

  it('lists what a result breaks, and gives the result still', async () => {
    const answer = await forms.command('call', { server: forms.server, params: { name: 'forecast', arguments: {} } });
    assert.equal(answer.status, 200);
    const { result, output } = answer.body.result as { result: Record<string, unknown>; output: unknown };
    assert.deepEqual(result.structuredContent, { temperatureC: 'warm' });
    assert.deepEqual(result.content, [{ type: 'text', text: 'warm, and foggy' }]);
    const { ok, issues } = output as { ok: boolean; issues: string[] };
    assert.equal(ok, false);
    assert.equal(issues.length, 2, issues.join('\n'));
    assert.ok(issues.some((issue) => /temperatureC/.test(issue)));
    assert.ok(issues.some((issue) => /conditions/.test(issue)));
  });

  it('gives the result of a plain request too, rather than the check’s failure', async () => {
    const params = { name: 'forecast', arguments: {} };
    const answer = await forms.command('request', { server: forms.server, method: 'tools/call', params });
    assert.equal(answer.status, 200);
    assert.deepEqual(answer.body.result!.structuredContent, { temperatureC: 'warm' });
  });

  it('does not check a tool without an output schema', async () => {
    const params = { name: 'alpha', arguments: {} };
    const answer = await forms.command('call', { server: forms.server, params });
    const { result, output } = answer.body.result as { result: Record<string, unknown>; output?: unknown };
    assert.deepEqual(result.content, [{ type: 'text', text: 'alpha' }]);
    assert.equal(output, undefined);
  });

  it('says that a result matches', async () => {
    const example = await open(EXAMPLE_SERVER);
    await listAll(example);
    const params = { name: 'weather', arguments: { city: 'Oslo' } };
    const answer = await example.command('call', { server: example.server, params });
    const { result, output } = answer.body.result as { result: Record<string, unknown>; output: unknown };
    assert.equal((result.structuredContent as { city: string }).city, 'Oslo');
    assert.deepEqual(output, { ok: true });
  });
});
