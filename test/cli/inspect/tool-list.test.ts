// The Tools tab's pure parts: every page of tools/list, the filter, a tool's hints and icons,
// and the bytes and file names of media in results.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { base64Bytes, fileName } from '../../../src/cli/inspect/page/media.js';
import {
  callsAsTask,
  offersTask,
  filterTools,
  hintWords,
  listAll,
  MAX_PAGES,
  toolIcons,
  toolTitle,
  type Tool,
} from '../../../src/cli/inspect/page/tool-list.js';

describe('listAll', () => {
  it('follows nextCursor to the last page, in order', async () => {
    const asked: (string | undefined)[] = [];
    const pages: Record<string, Record<string, unknown>> = {
      first: { tools: [{ name: 'a' }, { name: 'b' }], nextCursor: 'p2' },
      p2: { tools: [{ name: 'c' }, { nope: true }, 'x'], nextCursor: 'p3' },
      p3: { tools: [{ name: 'd' }], nextCursor: '' },
    };
    const tools = await listAll(async (cursor) => {
      asked.push(cursor);
      return pages[cursor ?? 'first']!;
    });
    assert.deepEqual(
      tools.map((t) => t.name),
      ['a', 'b', 'c', 'd'],
    );
    assert.deepEqual(asked, [undefined, 'p2', 'p3']);
  });

  it('stops a server whose cursors repeat or never end, saying so', async () => {
    await assert.rejects(
      listAll(async () => ({ tools: [], nextCursor: 'same' })),
      /gave the cursor "same" twice/,
    );
    let n = 0;
    await assert.rejects(
      listAll(async () => ({ tools: [], nextCursor: String(++n) })),
      new RegExp(`more than ${MAX_PAGES} pages`),
    );
    assert.equal(n, MAX_PAGES);
  });

  it('passes on the failure of a page', async () => {
    await assert.rejects(
      listAll(async () => {
        throw new Error('boom');
      }),
      /boom/,
    );
  });
});

describe('the tool list', () => {
  const tools: Tool[] = [
    { name: 'echo', description: 'Echoes the given text back.' },
    { name: 'weather', title: 'Weather', description: 'Made-up weather for a city.' },
    { name: 'get_forecast', annotations: { title: 'Forecast' } },
  ];

  it('filters by name, title and description, every word, case ignored', () => {
    const names = (query: string) => filterTools(tools, query).map((t) => t.name);
    assert.deepEqual(names(''), ['echo', 'weather', 'get_forecast']);
    assert.deepEqual(names('  '), ['echo', 'weather', 'get_forecast']);
    assert.deepEqual(names('ECHO'), ['echo']);
    assert.deepEqual(names('forecast'), ['get_forecast']);
    assert.deepEqual(names('city made-up'), ['weather']);
    assert.deepEqual(names('weather echo'), []);
  });

  it('shows the title, else the annotations’ title, else nothing beside the name', () => {
    assert.deepEqual(tools.map(toolTitle), [undefined, 'Weather', 'Forecast']);
    assert.equal(toolTitle({ name: 'x', title: 'x' }), undefined);
  });

  it('says the hints the annotations state', () => {
    assert.deepEqual(hintWords({ name: 'a', annotations: { readOnlyHint: true, idempotentHint: true } }), [
      'read-only',
      'idempotent',
    ]);
    assert.deepEqual(hintWords({ name: 'b', annotations: { destructiveHint: true, openWorldHint: false } }), [
      'destructive',
      'closed world',
    ]);
    assert.deepEqual(hintWords({ name: 'c', annotations: { destructiveHint: false, openWorldHint: true } }), [
      'not destructive',
      'open world',
    ]);
    assert.deepEqual(hintWords({ name: 'd' }), []);
  });

  it('shows data: images as icons and only names the rest', () => {
    const icons = toolIcons({
      name: 'i',
      icons: [
        { src: 'data:image/png;base64,iVBORw0KGgo=', sizes: ['16x16', '32x32'] },
        { src: 'https://example.com/icon.png' },
        { src: 'data:text/html,<script>alert(1)</script>' },
        { src: '' },
        'junk',
      ],
    });
    assert.deepEqual(icons, {
      shown: [{ src: 'data:image/png;base64,iVBORw0KGgo=', sizes: '16x16 32x32' }],
      named: ['https://example.com/icon.png', 'data:text/html,<script>alert(1)</script>'],
    });
  });
});

describe('media in results', () => {
  it('reads base64 into bytes, and refuses what is not base64', () => {
    assert.deepEqual([...base64Bytes('AAEC/w==')!], [0, 1, 2, 255]);
    assert.deepEqual([...base64Bytes(' AAEC\n/w== ')!], [0, 1, 2, 255]);
    assert.deepEqual([...base64Bytes('')!], []);
    assert.equal(base64Bytes('not base64!'), undefined);
    assert.equal(base64Bytes('A'), undefined);
  });

  it('names a download after the last segment of its URI, safely', () => {
    assert.equal(fileName('file:///tmp/report.pdf'), 'report.pdf');
    assert.equal(fileName('memo://notes?x=1#y'), 'notes');
    assert.equal(fileName('weird://a/b/../..'), 'resource');
    assert.equal(fileName('x://host/we ird/na me;.txt'), 'na_me_.txt');
    assert.equal(fileName(''), 'resource');
  });
});

describe('callsAsTask', () => {
  it('sends a call as a task where the tool requires it, in the stateful era only', () => {
    const required: Tool = { name: 'research', execution: { taskSupport: 'required' } };
    const optional: Tool = { name: 'maybe', execution: { taskSupport: 'optional' } };
    assert.equal(callsAsTask(required, 'stateful'), true);
    assert.equal(callsAsTask(required, 'stateless'), false, 'there the server makes a call a task');
    assert.equal(callsAsTask(optional, 'stateful'), false);
    assert.equal(callsAsTask({ name: 'plain' }, 'stateful'), false);
  });

  it('offers the choice where the tool allows a task, in the stateful era only', () => {
    const optional: Tool = { name: 'maybe', execution: { taskSupport: 'optional' } };
    assert.equal(offersTask(optional, 'stateful'), true);
    assert.equal(offersTask(optional, 'stateless'), false);
    assert.equal(offersTask({ name: 'r', execution: { taskSupport: 'required' } }, 'stateful'), false);
    assert.equal(offersTask({ name: 'plain' }, 'stateful'), false);
  });
});
