// Answering a server's request from the page with a JSON-RPC error, through the inspector's API
// (`mcpkit inspect` on the example server, real child processes): a sampling request the user
// rejects goes back to a 2025-11-25 server as the error -1, with which its tool call fails; at
// 2026-07-28 the call whose result asked for it ends with that error, and is not sent again. A
// malformed error answer is refused and leaves the request waiting. A question is withdrawn
// when the call that asked it is cancelled.
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { EXAMPLE_SERVER, startInspect, type InspectChild } from '../../helpers/inspect-child.js';
import { inspectorApi, type InspectorApiClient } from '../../helpers/inspect-api.js';

const REJECTED = { code: -1, message: 'User rejected sampling request' };

for (const era of ['legacy', 'modern'] as const) {
  describe(`a server's question answered with an error, or withdrawn (${era} era)`, () => {
    let inspect: InspectChild;
    let api: InspectorApiClient;
    before(async () => {
      inspect = await startInspect(['--era', era, ...EXAMPLE_SERVER]);
      api = await inspectorApi(inspect);
    });
    after(async () => {
      api?.close();
      await inspect?.stop();
    });

    it('sends the error to the server, and the call ends as the era has it', async () => {
      const asked = api.nextRequest();
      const call = api.command('request', {
        server: api.server,
        method: 'tools/call',
        params: { name: 'haiku', arguments: { topic: 'rain' } },
      });
      const request = await asked;
      assert.equal(request.kind, 'sampling');
      // Malformed: refused, and the request still waits.
      const refused = await api.command('respond', { id: request.id, error: { code: 'no', message: 'x' } });
      assert.equal(refused.status, 400);
      assert.match(refused.body.error!.message, /code: <integer>/);
      const both = await api.command('respond', { id: request.id, error: REJECTED, result: {} });
      assert.equal(both.status, 400);
      assert.equal((await api.command('respond', { id: request.id, error: REJECTED })).status, 200);
      const answered = await call;
      const wire = (await api.command('state', {})).body.result!.wire!;
      const sent = wire.filter((w) => w.direction === 'sent').map((w) => w.message as Record<string, unknown>);
      const haikuCalls = sent.filter(
        (m) => m.method === 'tools/call' && (m.params as { name?: string }).name === 'haiku',
      );
      // The call ends with the error: the tool of a 2025-11-25 server fails with the error its
      // request got; at 2026-07-28 there is no request to answer, and the call is not sent again.
      assert.equal(answered.status, 502);
      assert.deepEqual(answered.body.error, REJECTED);
      if (era === 'legacy') {
        assert.ok(sent.some((m) => m.id !== undefined && JSON.stringify(m.error) === JSON.stringify(REJECTED)));
      } else {
        assert.ok(!sent.some((m) => m.error !== undefined));
        assert.equal(haikuCalls.length, 1);
      }
    });

    it('withdraws the question when the call that asked is cancelled', async () => {
      const asked = api.nextRequest();
      const call = api.command('request', {
        server: api.server,
        method: 'tools/call',
        params: { name: 'ask_name', arguments: {} },
        call: 'asking',
      });
      const request = await asked;
      assert.equal(request.kind, 'elicitation');
      const withdrawn = api.next((e) => (e.type === 'request-done' && e.id === request.id ? e : undefined), 'done');
      assert.equal((await api.command('cancel', { call: 'asking' })).status, 200);
      await withdrawn;
      assert.deepEqual((await api.command('state', {})).body.result!.pending, []);
      const answered = await call;
      assert.equal(answered.status, 502);
      assert.match(answered.body.error!.message, /cancelled from the inspector/);
      const late = await api.command('respond', { id: request.id, result: { action: 'cancel' } });
      assert.equal(late.status, 400, 'nothing waits for an answer any more');
    });
  });
}
