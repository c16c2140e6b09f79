// The inspector page's forms without a browser: an elicitation schema read into fields and the
// answer they make (or why it cannot be sent), the connect form's text (arguments, environment,
// headers) read into a target, resource templates expanded, and tasks gathered from what the
// page saw in either era.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import type { ServerState, WireEntry } from '../../../src/cli/inspect/protocol.js';
import {
  EMPTY_DRAFT,
  parseEnv,
  parseHeaders,
  splitArgs,
  targetOf,
} from '../../../src/cli/inspect/page/connect-target.js';
import {
  answerOf,
  elicitationFields,
  FormSchemaError,
  initialEntries,
  PAGE_FORMATS,
} from '../../../src/cli/inspect/page/elicitation-fields.js';
import type { LogEntry } from '../../../src/cli/inspect/page/state.js';
import { gatherTasks, isTerminal, taskSupport } from '../../../src/cli/inspect/page/tasks-model.js';
import { dataIcon, serverTabs } from '../../../src/cli/inspect/page/server-tabs.js';
import { expandTemplate, templateVariables } from '../../../src/cli/inspect/page/template-uri.js';

const schema = {
  type: 'object',
  properties: {
    name: { type: 'string', title: 'Name', minLength: 1 },
    email: { type: 'string', format: 'email' },
    age: { type: 'integer', minimum: 0, maximum: 150 },
    ok: { type: 'boolean', default: true },
    size: {
      type: 'string',
      oneOf: [
        { const: 's', title: 'Small' },
        { const: 'l', title: 'Large' },
      ],
    },
    tags: { type: 'array', items: { enum: ['a', 'b', 'c'] }, maxItems: 2, default: ['a'] },
  },
  required: ['name', 'size'],
};

describe('inspector page: elicitation form', () => {
  const fields = elicitationFields(schema);

  it('reads each property as a labelled field of its kind, required ones marked', () => {
    assert.deepEqual(
      fields.map((f) => [f.key, f.label, f.kind, f.required]),
      [
        ['name', 'Name', 'text', true],
        ['email', 'email', 'text', false],
        ['age', 'age', 'text', false],
        ['ok', 'ok', 'boolean', false],
        ['size', 'size', 'choice', true],
        ['tags', 'tags', 'multi', false],
      ],
    );
    const size = fields[4]!;
    assert.ok(size.kind === 'choice');
    assert.deepEqual(size.options, [
      { value: 's', label: 'Small' },
      { value: 'l', label: 'Large' },
    ]);
    assert.deepEqual(initialEntries(fields), { name: '', email: '', age: '', ok: true, size: '', tags: ['a'] });
  });

  it('answers with typed content, leaving out what was left empty', () => {
    const entered = { ...initialEntries(fields), name: 'Ada', age: ' 36 ', size: 'l', tags: ['a', 'c'] };
    assert.deepEqual(answerOf(fields, entered), {
      content: { name: 'Ada', age: 36, ok: true, size: 'l', tags: ['a', 'c'] },
    });
  });

  it('says per field why the answer cannot be sent', () => {
    const entered = { ...initialEntries(fields), email: 'nope', age: '1.5', tags: ['a', 'b', 'c'] };
    const answer = answerOf(fields, entered);
    assert.ok('errors' in answer);
    assert.deepEqual(Object.keys(answer.errors).sort(), ['age', 'email', 'name', 'size', 'tags']);
    assert.match(answer.errors.age!, /whole number/);
    assert.match(answer.errors.email!, /email/);
    assert.match(answer.errors.tags!, /at most 2/);
  });

  it('refuses a schema it cannot show, naming the field', () => {
    assert.throws(
      () => elicitationFields({ type: 'object', properties: { deep: { type: 'object' } } }),
      (error: Error) => error instanceof FormSchemaError && /deep/.test(error.message),
    );
    assert.throws(() => elicitationFields(null), FormSchemaError);
  });

  it('checks the string formats without a validator library', () => {
    assert.ok(PAGE_FORMATS.email('a@b.co'));
    assert.ok(!PAGE_FORMATS.email('a@b'));
    assert.ok(PAGE_FORMATS.uri('https://example.com/x'));
    assert.ok(!PAGE_FORMATS.uri('example.com'));
    assert.ok(PAGE_FORMATS.date('2024-02-29'));
    assert.ok(!PAGE_FORMATS.date('2023-02-29'));
    assert.ok(PAGE_FORMATS['date-time']('2025-01-31T14:30:00Z'));
    assert.ok(!PAGE_FORMATS['date-time']('2025-01-31 14:30'));
  });
});

describe('inspector page: connect form', () => {
  it('splits arguments as a shell would, without expanding anything', () => {
    assert.deepEqual(splitArgs(` a "b c"  'd $e' f\\ g "h\\"i" '' `), ['a', 'b c', 'd $e', 'f g', 'h"i', '']);
    assert.deepEqual(splitArgs(''), []);
    assert.throws(() => splitArgs('"open'), /unclosed "/);
  });

  it('reads environment and header lines, skipping blanks and comments, naming a bad line', () => {
    assert.deepEqual(parseEnv('A=1\n\n# note\nB_2= two = 2 \r\nEMPTY='), { A: '1', B_2: ' two = 2', EMPTY: '' });
    assert.throws(() => parseEnv('A=1\nnot a pair'), /line 2/);
    assert.deepEqual(parseHeaders('Authorization: Bearer x\nX-Trace:1'), { Authorization: 'Bearer x', 'X-Trace': '1' });
    assert.throws(() => parseHeaders('no colon'), /line 1/);
  });

  it('makes the target of each transport, with only what was given', () => {
    assert.deepEqual(
      targetOf({ ...EMPTY_DRAFT, command: 'node', args: 'server.js --port 1', env: 'K=v', cwd: ' /tmp ' }),
      {
        type: 'stdio',
        command: 'node',
        args: ['server.js', '--port', '1'],
        env: { K: 'v' },
        cwd: '/tmp',
      },
    );
    assert.deepEqual(targetOf({ ...EMPTY_DRAFT, kind: 'http', url: 'http://127.0.0.1:3000/mcp' }), {
      type: 'http',
      url: 'http://127.0.0.1:3000/mcp',
      transport: 'auto',
    });
    assert.deepEqual(targetOf({ ...EMPTY_DRAFT, kind: 'http', url: 'http://127.0.0.1:3000/mcp', transport: 'sse' }), {
      type: 'http',
      url: 'http://127.0.0.1:3000/mcp',
      transport: 'sse',
    });
    assert.deepEqual(targetOf({ ...EMPTY_DRAFT, command: ` node "my server.js" --x ` }), {
      type: 'stdio',
      command: 'node',
      args: ['my server.js', '--x'],
    });
    assert.deepEqual(targetOf({ ...EMPTY_DRAFT, command: '/opt/My Tools/server', args: '--x' }), {
      type: 'stdio',
      command: '/opt/My Tools/server',
      args: ['--x'],
    });
    assert.throws(() => targetOf(EMPTY_DRAFT), /command/);
    assert.throws(() => targetOf({ ...EMPTY_DRAFT, command: '   ' }), /command/);
    assert.throws(() => targetOf({ ...EMPTY_DRAFT, kind: 'http', url: 'file:///x' }), /http/);
  });
});

describe('inspector page: resource templates', () => {
  it('lists the variables once, in order', () => {
    assert.deepEqual(templateVariables('greeting://{name}'), ['name']);
    assert.deepEqual(templateVariables('file:///{+path}{?q,lang}{&q}'), ['path', 'q', 'lang']);
    assert.deepEqual(templateVariables('plain://x'), []);
  });

  it('expands each operator, encoding what must be, leaving out empty values', () => {
    assert.equal(expandTemplate('greeting://{name}', { name: 'Ada L/x' }), 'greeting://Ada%20L%2Fx');
    assert.equal(expandTemplate('file:///{+path}', { path: 'a/b c' }), 'file:///a/b%20c');
    assert.equal(expandTemplate('x://s{?q,lang}', { q: 'a&b', lang: '' }), 'x://s?q=a%26b');
    assert.equal(expandTemplate('x://s{/a,b}{.ext}', { a: '1', b: '2', ext: 'json' }), 'x://s/1/2.json');
    assert.equal(expandTemplate('greeting://{name}', {}), 'greeting://');
  });
});

describe('inspector page: tasks', () => {
  const server = (capabilities: Record<string, unknown>, era: 'stateful' | 'stateless' = 'stateful'): ServerState => ({
    id: 's1',
    label: 'x',
    status: 'connected',
    roots: [],
    info: { name: 'x', version: '1', protocolVersion: '2025-11-25', era, capabilities },
  });

  it('knows how each era offers tasks', () => {
    assert.equal(taskSupport(server({ tools: {} })), undefined);
    assert.deepEqual(taskSupport(server({ tasks: { list: {}, cancel: {} } })), {
      list: true,
      cancel: true,
      extension: false,
    });
    assert.deepEqual(taskSupport(server({ extensions: { 'io.modelcontextprotocol/tasks': {} } }, 'stateless')), {
      list: false,
      cancel: true,
      extension: true,
    });
  });

  it('gathers tasks from answers, lists and notifications, the latest word winning', () => {
    const received = (time: number, result: unknown, server = 's1'): WireEntry => ({
      seq: time,
      server,
      direction: 'received',
      time,
      size: 1,
      message: { jsonrpc: '2.0', id: time, result },
    });
    const task = (taskId: string, status: string, createdAt: string) => ({
      taskId,
      status,
      createdAt,
      lastUpdatedAt: createdAt,
      ttl: null,
    });
    const wire = [
      received(1, { task: task('t1', 'working', '2025-01-01T00:00:01Z') }),
      received(2, { resultType: 'task', ...task('t2', 'working', '2025-01-01T00:00:02Z') }),
      received(3, { tasks: [task('t3', 'completed', '2025-01-01T00:00:00Z')] }),
      received(4, { task: task('other', 'working', '2025-01-01T00:00:09Z') }, 's2'),
      received(5, { content: [] }),
    ];
    const logs: LogEntry[] = [
      {
        seq: 1,
        server: 's1',
        time: 6,
        method: 'notifications/tasks/status',
        params: { ...task('t1', 'input_required', '2025-01-01T00:00:01Z'), statusMessage: 'asks' },
      },
      {
        seq: 2,
        server: 's1',
        time: 7,
        method: 'notifications/tasks',
        params: { taskId: 't2', status: 'completed', result: { content: [] } },
      },
      { seq: 3, server: 's1', time: 8, method: 'notifications/message', params: { taskId: 't9', status: 'working' } },
    ];
    const tasks = gatherTasks('s1', wire, logs);
    assert.deepEqual(
      tasks.map((t) => [t.taskId, t.status]),
      [
        ['t2', 'completed'],
        ['t1', 'input_required'],
        ['t3', 'completed'],
      ],
    );
    assert.equal(tasks[1]!.statusMessage, 'asks');
    assert.deepEqual(tasks[0]!.result, { content: [] });
    assert.equal(tasks[0]!.createdAt, '2025-01-01T00:00:02Z');
    assert.ok(isTerminal('cancelled') && !isTerminal('input_required'));
  });
});

describe('inspector page: a server’s view', () => {
  const server = (capabilities: Record<string, unknown>): ServerState => ({
    id: 's1',
    label: 'x',
    status: 'connected',
    roots: [],
    info: { name: 'x', version: '1', protocolVersion: '2025-11-25', era: 'stateful', capabilities },
  });

  it('offers the tabs of the capabilities, and Network and Logs always', () => {
    assert.deepEqual(
      serverTabs(server({})).map((t) => t.label),
      ['Network', 'Logs'],
    );
    assert.deepEqual(
      serverTabs(server({ tools: {}, resources: {}, prompts: {}, tasks: { list: {} } })).map((t) => t.label),
      ['Tools', 'Resources', 'Prompts', 'Tasks', 'Network', 'Logs'],
    );
    assert.deepEqual(
      serverTabs(server({ prompts: {}, extensions: { 'io.modelcontextprotocol/tasks': {} } })).map((t) => t.label),
      ['Prompts', 'Tasks', 'Network', 'Logs'],
    );
  });

  it('shows only icons given as base64 data: URIs of images, never fetching one', () => {
    assert.deepEqual(dataIcon({ src: 'data:image/png;base64,iVBORw0K' }), { mime: 'image/png', data: 'iVBORw0K' });
    assert.equal(dataIcon({ src: 'https://example.com/icon.png' }), undefined);
    assert.equal(dataIcon({ src: 'data:text/html;base64,PGI+' }), undefined);
    assert.equal(dataIcon({ src: 'data:image/svg+xml,<svg onload=x>' }), undefined);
    assert.equal(dataIcon(null), undefined);
  });
});
