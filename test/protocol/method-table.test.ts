// The method table (src/types/methods.ts) and the protocol's lookups in it. The table is held
// to the method maps of src/types/messages.ts by the compiler: this file must compile, and each
// `@ts-expect-error` line is a table the types must refuse (tsc fails if one is accepted).
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { hasCapability, methodAllowed, methodInfo, requiredCapability } from '../../src/protocol/methods.js';
import { METHODS, type MethodTable } from '../../src/types/methods.js';
import { ALL } from '../../src/types/revisions.js';

const _same: MethodTable = METHODS;

const { 'tools/call': _dropped, ...withoutToolsCall } = METHODS;
// @ts-expect-error tools/call is in ClientRequestMap but not in the table
const _missing: MethodTable = withoutToolsCall;

// @ts-expect-error tools/frobnicate is in no method map
const _extra: MethodTable = { ...METHODS, 'tools/frobnicate': METHODS['tools/list'] };

const { client: _client, ...toolsCallOfNoOne } = METHODS['tools/call'];
// @ts-expect-error tools/call is a client request, not a server request
const _wrongSender: MethodTable = { ...METHODS, 'tools/call': { ...toolsCallOfNoOne, server: ALL } };

const messageOfClients = { ...METHODS['notifications/message'], client: ALL };
// @ts-expect-error notifications/message is in ServerNotificationMap only: clients do not send it
const _extraSender: MethodTable = { ...METHODS, 'notifications/message': messageOfClients };

const { server: _server, ...pingOfClients } = METHODS.ping;
// @ts-expect-error ping is in ServerRequestMap too
const _lostSender: MethodTable = { ...METHODS, ping: pingOfClients };

const progressRequest = { ...METHODS['notifications/progress'], kind: 'request' as const };
// @ts-expect-error notifications/progress is a notification
const _wrongKind: MethodTable = { ...METHODS, 'notifications/progress': progressRequest };

const { result: _result, ...toolsListWithoutResult } = METHODS['tools/list'];
// @ts-expect-error a request has a result guard
const _noResult: MethodTable = { ...METHODS, 'tools/list': toolsListWithoutResult };

const { multiRoundTrip: _rounds, ...promptsGetOnce } = METHODS['prompts/get'];
// @ts-expect-error prompts/get is an InputRequiredMethod: its result may ask for input
const _noRounds: MethodTable = { ...METHODS, 'prompts/get': promptsGetOnce };

// @ts-expect-error tools/call is not a CacheableMethod: its results carry no caching hints
const _extraHints: MethodTable = { ...METHODS, 'tools/call': { ...METHODS['tools/call'], cacheHints: ALL } };

describe('method lookups', () => {
  it('find the methods of the table and nothing else', () => {
    assert.equal(methodInfo('tools/call'), METHODS['tools/call']);
    assert.equal(methodInfo('custom/thing'), undefined);
    assert.equal(methodInfo('constructor'), undefined, 'inherited names are not methods');
  });

  it('allow a method to the side, kind and revisions of its entry', () => {
    assert.equal(methodAllowed('tools/call', '2024-11-05', 'client', 'request'), true);
    assert.equal(methodAllowed('tools/call', '2024-11-05', 'server', 'request'), false);
    assert.equal(methodAllowed('tools/call', '2024-11-05', 'client', 'notification'), false);
    assert.equal(methodAllowed('tools/call', '1999-01-01', 'client', 'request'), false);
    assert.equal(methodAllowed('ping', '2026-07-28', 'client', 'request'), false);
    // Since 2026-07-28 a server asks for sampling only inside an input-required result.
    assert.equal(methodAllowed('sampling/createMessage', '2025-11-25', 'server', 'request'), true);
    assert.equal(methodAllowed('sampling/createMessage', '2026-07-28', 'server', 'request'), false);
    assert.equal(methodAllowed('custom/thing', '2025-11-25', 'client', 'request'), false);
  });

  it('name the capability the receiver must have declared', () => {
    assert.equal(requiredCapability('tools/call', '2025-11-25'), 'tools');
    assert.equal(requiredCapability('resources/subscribe', '2025-11-25'), 'resources.subscribe');
    assert.equal(requiredCapability('completion/complete', '2024-11-05'), undefined);
    assert.equal(requiredCapability('completion/complete', '2025-03-26'), 'completions');
    assert.equal(requiredCapability('ping', '2025-11-25'), undefined);
    assert.equal(requiredCapability('custom/thing', '2025-11-25'), undefined);
    assert.equal(hasCapability({ resources: { subscribe: true } }, 'resources.subscribe'), true);
    assert.equal(hasCapability({ resources: {} }, 'resources.subscribe'), false);
    assert.equal(hasCapability({ tools: false }, 'tools'), false);
  });
});
