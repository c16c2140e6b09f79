// The inspector's tool form: a tool's inputSchema read as fields, what the user types kept as
// drafts, and the arguments read back from them (exact numbers, defaults, required fields,
// variants, references and their cycles), with raw JSON turned back into the form.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import {
  argumentsOf,
  draftOf,
  initialDraft,
  leafProblem,
  nextBoolean,
  type Draft,
} from '../../../src/cli/inspect/page/field-drafts.js';
import { formOf, freeForm, MAX_DEPTH, type Field } from '../../../src/cli/inspect/page/schema-fields.js';

/** The field named `name` of a form (or of an object field). */
function field(form: Field, name: string): Field {
  assert.ok(form.kind === 'object');
  const found = form.fields.find((f) => f.name === name);
  assert.ok(found, `no field ${name}`);
  return found;
}

/** The arguments of `schema`'s form once `edit` changed its initial draft. */
function argumentsAfter(schema: unknown, edit: (drafts: Draft[]) => void = () => {}) {
  const form = formOf(schema);
  const draft = initialDraft(form);
  assert.ok(draft.kind === 'object');
  edit(draft.fields);
  return argumentsOf(form, draft);
}

const text = (value: string): Draft => ({ kind: 'text', text: value });

describe('formOf: a tool schema read as fields', () => {
  it('reads strings, their formats and lengths; labels are the argument names, required is marked', () => {
    const form = formOf({
      type: 'object',
      properties: {
        name: { type: 'string', title: 'Full name', description: 'Who', maxLength: 40 },
        mail: { type: 'string', format: 'email' },
        site: { type: 'string', format: 'uri' },
        day: { type: 'string', format: 'date' },
        at: { type: 'string', format: 'date-time' },
        essay: { type: 'string' },
        code: { type: 'string', pattern: '^[A-Z]{3}$' },
      },
      required: ['name'],
    });
    const name = field(form, 'name');
    assert.deepEqual(
      { kind: name.kind, label: name.label, required: name.required, description: name.description },
      { kind: 'string', label: 'name', required: true, description: 'Who' },
    );
    const inputs = ['name', 'mail', 'site', 'day', 'at', 'essay', 'code'].map((n) => {
      const f = field(form, n);
      return f.kind === 'string' ? f.input : f.kind;
    });
    assert.deepEqual(inputs, ['text', 'email', 'url', 'date', 'datetime-local', 'textarea', 'text']);
    assert.equal(field(form, 'mail').required, false);
    assert.equal(new Set(form.fields.map((f) => f.id)).size, form.fields.length, 'ids are unique');
  });

  it('reads numbers, integers, booleans and choices (radios up to four, else a select)', () => {
    const form = formOf({
      properties: {
        n: { type: 'integer', minimum: 1, maximum: 10 },
        x: { type: 'number', exclusiveMinimum: 0 },
        flag: { type: 'boolean' },
        size: { type: 'string', enum: ['s', 'm', 'l'] },
        color: { enum: ['red', 'green', 'blue', 'cyan', 'pink'] },
        level: {
          oneOf: [
            { const: 1, title: 'Low' },
            { const: 2, title: 'High' },
          ],
        },
        legacy: { type: 'string', enum: ['a', 'b'], enumNames: ['Apple', 'Banana'] },
      },
    });
    const n = field(form, 'n');
    assert.ok(n.kind === 'number' && n.integer && n.minimum === 1 && n.maximum === 10);
    const x = field(form, 'x');
    assert.ok(x.kind === 'number' && !x.integer && x.exclusiveMinimum === 0);
    assert.equal(field(form, 'flag').kind, 'boolean');
    const size = field(form, 'size');
    assert.ok(size.kind === 'choice' && size.widget === 'radio');
    const color = field(form, 'color');
    assert.ok(color.kind === 'choice' && color.widget === 'select' && color.options.length === 5);
    const level = field(form, 'level');
    assert.ok(level.kind === 'choice');
    assert.deepEqual(level.options, [
      { value: 1, label: 'Low' },
      { value: 2, label: 'High' },
    ]);
    const legacy = field(form, 'legacy');
    assert.ok(legacy.kind === 'choice');
    assert.deepEqual(
      legacy.options.map((o) => o.label),
      ['Apple', 'Banana'],
    );
  });

  it('reads arrays: of plain values as rows, of string choices as checkboxes, of objects as JSON', () => {
    const form = formOf({
      properties: {
        tags: { type: 'array', items: { type: 'string' }, maxItems: 3 },
        days: { type: 'array', items: { type: 'string', enum: ['mon', 'tue'] } },
        people: { type: 'array', items: { type: 'object', properties: { a: { type: 'string' } } } },
        anything: { type: 'array' },
      },
    });
    const tags = field(form, 'tags');
    assert.ok(tags.kind === 'list' && tags.item.kind === 'string' && tags.maxItems === 3);
    const days = field(form, 'days');
    assert.ok(days.kind === 'multi');
    assert.deepEqual(
      days.options.map((o) => o.value),
      ['mon', 'tue'],
    );
    assert.equal(field(form, 'people').kind, 'json');
    assert.equal(field(form, 'anything').kind, 'json');
  });

  it('nests objects as groups, to a depth limit past which the rest is JSON', () => {
    let schema: Record<string, unknown> = { type: 'string' };
    for (let i = 0; i < MAX_DEPTH + 2; i++) schema = { type: 'object', properties: { inner: schema } };
    const form = formOf({ type: 'object', properties: { outer: schema } });
    let at: Field = field(form, 'outer');
    let depth = 0;
    while (at.kind === 'object') {
      at = field(at, 'inner');
      depth++;
    }
    assert.equal(depth, MAX_DEPTH);
    assert.ok(at.kind === 'json' && /too deep/.test(at.reason));
  });

  it('reads oneOf/anyOf as variants, and a nullable union as its one type', () => {
    const form = formOf({
      properties: {
        shape: {
          oneOf: [
            { title: 'Circle', type: 'object', properties: { r: { type: 'number' } }, required: ['r'] },
            { title: 'Label', type: 'string' },
          ],
        },
        maybe: { anyOf: [{ type: 'integer' }, { type: 'null' }], description: 'or null' },
        either: { type: ['string', 'number'] },
        nullable: { type: ['boolean', 'null'] },
      },
    });
    const shape = field(form, 'shape');
    assert.ok(shape.kind === 'union');
    assert.deepEqual(
      shape.variants.map((v) => [v.label, v.kind]),
      [
        ['Circle', 'object'],
        ['Label', 'string'],
      ],
    );
    const maybe = field(form, 'maybe');
    assert.ok(maybe.kind === 'number' && maybe.integer && maybe.description === 'or null' && maybe.label === 'maybe');
    const either = field(form, 'either');
    assert.ok(either.kind === 'union');
    assert.deepEqual(
      either.variants.map((v) => v.kind),
      ['string', 'number'],
    );
    assert.equal(field(form, 'nullable').kind, 'boolean');
  });

  it('follows local $refs, with the referring keywords over them, and stops at a cycle', () => {
    const form = formOf({
      type: 'object',
      $defs: {
        Point: { type: 'object', properties: { x: { type: 'number' } } },
        Node: { type: 'object', properties: { label: { type: 'string' }, next: { $ref: '#/$defs/Node' } } },
        'a/b': { type: 'boolean' },
      },
      properties: {
        at: { $ref: '#/$defs/Point', description: 'Where' },
        list: { $ref: '#/$defs/Node' },
        slash: { $ref: '#/$defs/a~1b' },
        away: { $ref: 'https://example.com/schema.json' },
        missing: { $ref: '#/$defs/Nope' },
      },
    });
    const at = field(form, 'at');
    assert.ok(at.kind === 'object' && at.description === 'Where');
    assert.equal(field(at, 'x').kind, 'number');
    const list = field(form, 'list');
    assert.ok(list.kind === 'object');
    const next = field(list, 'next');
    assert.ok(next.kind === 'json' && /refers to itself/.test(next.reason), 'a cycle becomes JSON');
    assert.equal(field(form, 'slash').kind, 'boolean');
    assert.equal(field(form, 'away').kind, 'json');
    assert.equal(field(form, 'missing').kind, 'json');
  });

  it('follows a cycle through the root and between two definitions without looping', () => {
    const form = formOf({
      type: 'object',
      $defs: {
        A: { type: 'object', properties: { b: { $ref: '#/$defs/B' } } },
        B: { type: 'object', properties: { a: { $ref: '#/$defs/A' } } },
      },
      properties: { a: { $ref: '#/$defs/A' }, self: { $ref: '#' } },
    });
    const b = field(field(form, 'a'), 'b');
    assert.equal(field(b, 'a').kind, 'json');
    const self = field(form, 'self');
    assert.ok(self.kind === 'object');
    assert.equal(field(self, 'self').kind, 'json');
  });

  it('types as JSON what has no control, and reads a missing or odd schema as no arguments', () => {
    const form = formOf({
      properties: {
        map: { type: 'object', additionalProperties: { type: 'string' } },
        all: { allOf: [{ type: 'string' }] },
        untyped: {},
        odd: 5,
      },
    });
    for (const name of ['map', 'all', 'untyped', 'odd']) assert.equal(field(form, name).kind, 'json', name);
    assert.deepEqual(formOf(undefined).fields, []);
    assert.deepEqual(formOf({ type: 'object' }).fields, []);
    assert.deepEqual(formOf([1, 2]).fields, []);
  });

  it('says when the arguments have no fixed fields but take something, to type them as JSON', () => {
    assert.equal(freeForm({ type: 'object', additionalProperties: { type: 'string' } }), true);
    assert.equal(freeForm({ oneOf: [{ properties: { a: {} } }, { properties: { b: {} } }] }), true);
    assert.equal(freeForm({ type: 'object' }), false);
    assert.equal(freeForm({ type: 'object', additionalProperties: false }), false);
    assert.equal(
      freeForm({ type: 'object', properties: { a: { type: 'string' } }, additionalProperties: true }),
      false,
    );
    assert.equal(freeForm(undefined), false);
  });
});

describe('drafts: what is typed, read into arguments', () => {
  it('sends required fields, leaves out empty optional ones, and names what is missing', () => {
    const schema = {
      properties: { text: { type: 'string' }, note: { type: 'string' }, n: { type: 'integer' } },
      required: ['text', 'n'],
    };
    const missing = argumentsAfter(schema);
    assert.ok('problems' in missing);
    assert.deepEqual(
      missing.problems.map((p) => `${p.path} ${p.message}`),
      ['text is required', 'n is required'],
    );
    assert.deepEqual(
      argumentsAfter(schema, (d) => {
        d[0] = text('hi');
        d[2] = text('3');
      }),
      { value: { text: 'hi', n: 3 } },
    );
  });

  it('keeps the text of a number apart from its value and sends only exact numbers', () => {
    const schema = { properties: { x: { type: 'number', minimum: 0 }, i: { type: 'integer' } } };
    const read = (x: string, i = '') =>
      argumentsAfter(schema, (d) => {
        d[0] = text(x);
        d[1] = text(i);
      });
    assert.deepEqual(read('0.1'), { value: { x: 0.1 } });
    assert.deepEqual(read('1e3', '2.0'), { value: { x: 1000, i: 2 } });
    assert.deepEqual(read('9007199254740993'), {
      problems: [
        { id: 'arg-0', path: 'x', message: 'cannot be sent exactly (the nearest number is 9007199254740992)' },
      ],
    });
    for (const [typed, message] of [
      ['1.', 'is not a number'],
      ['0x10', 'is not a number'],
      ['1e999', 'is too large'],
      ['-1', 'must be at least 0'],
    ])
      assert.deepEqual(read(typed!), { problems: [{ id: 'arg-0', path: 'x', message }] }, typed);
    assert.deepEqual(read('1', '2.5'), { problems: [{ id: 'arg-1', path: 'i', message: 'must be a whole number' }] });
  });

  it('starts from defaults, of every kind', () => {
    const result = argumentsAfter({
      properties: {
        s: { type: 'string', default: 'x' },
        n: { type: 'integer', default: 4 },
        b: { type: 'boolean', default: true },
        c: { enum: ['a', 'b'], default: 'b' },
        m: { type: 'array', items: { enum: ['x', 'y', 'z'] }, default: ['z', 'x'] },
        l: { type: 'array', items: { type: 'number' }, default: [1, 2] },
        j: { type: 'object', additionalProperties: true, default: { k: 1 } },
        bad: { type: 'integer', default: 'not a number' },
      },
    });
    assert.deepEqual(result, {
      value: { s: 'x', n: 4, b: true, c: 'b', m: ['x', 'z'], l: [1, 2], j: { k: 1 } },
    });
  });

  it('reads booleans: unset when optional, false when required', () => {
    const schema = { properties: { on: { type: 'boolean' }, must: { type: 'boolean' } }, required: ['must'] };
    assert.deepEqual(argumentsAfter(schema), { value: { must: false } });
    assert.deepEqual(
      argumentsAfter(schema, (d) => {
        d[0] = { kind: 'boolean', value: false };
      }),
      { value: { on: false, must: false } },
    );
  });

  it('turns a checkbox over at the first click, from its default too, and reaches unset after', () => {
    const form = formOf({
      properties: {
        on: { type: 'boolean' },
        off: { type: 'boolean', default: false },
        yes: { type: 'boolean', default: true },
        must: { type: 'boolean' },
      },
      required: ['must'],
    });
    const clicks = (name: string) => {
      const f = field(form, name);
      let draft = initialDraft(f);
      const seen = [draft.kind === 'boolean' ? draft.value : 'not a boolean'];
      for (let i = 0; i < 3; i++) {
        draft = { kind: 'boolean', value: nextBoolean(f, draft.kind === 'boolean' ? draft.value : undefined) };
        seen.push(draft.value);
      }
      return seen;
    };
    assert.deepEqual(clicks('on'), [undefined, true, false, undefined]);
    assert.deepEqual(clicks('off'), [false, true, undefined, false]);
    assert.deepEqual(clicks('yes'), [true, false, undefined, true]);
    assert.deepEqual(clicks('must'), [false, true, false, true]);
  });

  it('reads choices by position, whatever the type of their values', () => {
    const schema = { properties: { level: { oneOf: [{ const: 1 }, { const: null }, { const: 'x' }] } } };
    assert.deepEqual(
      argumentsAfter(schema, (d) => {
        d[0] = { kind: 'choice', index: 1 };
      }),
      { value: { level: null } },
    );
    assert.deepEqual(argumentsAfter({ ...schema, required: ['level'] }), {
      problems: [{ id: 'arg-0', path: 'level', message: 'is required' }],
    });
  });

  it('reads lists of rows and groups of checkboxes, with their counts checked', () => {
    const schema = {
      properties: {
        tags: { type: 'array', items: { type: 'string' }, maxItems: 1 },
        days: { type: 'array', items: { type: 'string', enum: ['mon', 'tue', 'wed'] }, minItems: 1 },
      },
      required: ['days'],
    };
    assert.deepEqual(
      argumentsAfter(schema, (d) => {
        d[0] = { kind: 'list', items: [text('a')] };
        d[1] = { kind: 'multi', chosen: [0, 2] };
      }),
      { value: { tags: ['a'], days: ['mon', 'wed'] } },
    );
    const wrong = argumentsAfter(schema, (d) => {
      d[0] = { kind: 'list', items: [text('a'), text('')] };
    });
    assert.ok('problems' in wrong);
    assert.deepEqual(
      wrong.problems.map((p) => [p.id, `${p.path} ${p.message}`]),
      [
        ['arg-0', 'tags takes at most 1'],
        ['arg-1', 'days needs at least 1'],
      ],
    );
    const emptyRow = argumentsAfter(schema, (d) => {
      d[0] = { kind: 'list', items: [text('')] };
      d[1] = { kind: 'multi', chosen: [1] };
    });
    assert.deepEqual(emptyRow, { problems: [{ id: 'arg-0-0', path: 'tags 1', message: 'is required' }] });
  });

  it('leaves out an optional object nothing was filled in, and checks a filled one', () => {
    const schema = {
      properties: {
        opts: {
          type: 'object',
          properties: { level: { type: 'integer' }, name: { type: 'string' }, flag: { type: 'boolean' } },
          required: ['name', 'flag'],
        },
      },
    };
    assert.deepEqual(argumentsAfter(schema), { value: {} });
    const started = argumentsAfter(schema, (d) => {
      const opts = d[0]!;
      assert.ok(opts.kind === 'object');
      opts.fields[0] = text('2');
    });
    assert.deepEqual(started, { problems: [{ id: 'arg-0-1', path: 'opts › name', message: 'is required' }] });
  });

  it('reads the chosen variant of a union, and keeps each variant’s draft', () => {
    const form = formOf({
      properties: {
        shape: {
          oneOf: [
            { title: 'Circle', type: 'object', properties: { r: { type: 'number' } }, required: ['r'] },
            { title: 'Label', type: 'string' },
          ],
        },
      },
      required: ['shape'],
    });
    const draft = initialDraft(form);
    assert.ok(draft.kind === 'object');
    const shape = draft.fields[0]!;
    assert.ok(shape.kind === 'union' && shape.index === 0);
    assert.deepEqual(argumentsOf(form, draft), {
      problems: [{ id: 'arg-0-v0-0', path: 'shape › r', message: 'is required' }],
    });
    shape.drafts[0] = { kind: 'object', fields: [text('2.5')] };
    assert.deepEqual(argumentsOf(form, draft), { value: { shape: { r: 2.5 } } });
    shape.index = 1;
    shape.drafts[1] = text('hello');
    assert.deepEqual(argumentsOf(form, draft), { value: { shape: 'hello' } });
    shape.index = 0;
    assert.deepEqual(argumentsOf(form, draft), { value: { shape: { r: 2.5 } } }, 'the first variant kept its draft');
  });

  it('checks string lengths, formats and patterns, and JSON fields', () => {
    const form = formOf({
      properties: {
        s: { type: 'string', minLength: 2, maxLength: 3 },
        mail: { type: 'string', format: 'email' },
        site: { type: 'string', format: 'uri' },
        code: { type: 'string', pattern: '^[A-Z]+$' },
        bad: { type: 'string', pattern: '(' },
        j: { type: 'object' },
      },
    });
    const problem = (name: string, typed: string) => leafProblem(field(form, name), text(typed));
    assert.equal(problem('s', 'a'), 'needs at least 2 characters');
    assert.equal(problem('s', 'abcd'), 'takes at most 3 characters');
    assert.equal(problem('s', 'ab'), undefined);
    assert.equal(problem('mail', 'nope'), 'is not an email address');
    assert.equal(problem('mail', 'a@b.example'), undefined);
    assert.equal(problem('site', 'not a url'), 'is not a URL');
    assert.equal(problem('site', 'https://example.com/'), undefined);
    assert.equal(problem('code', 'abc'), 'does not match ^[A-Z]+$');
    assert.equal(problem('bad', 'anything'), undefined, 'a pattern JavaScript cannot read checks nothing');
    assert.match(problem('j', '{oops')!, /^is not valid JSON/);
    assert.equal(problem('j', '{"k": [1]}'), undefined);
  });

  it('sends a date-time typed in local time with its offset', () => {
    const form = formOf({ properties: { at: { type: 'string', format: 'date-time' } } });
    const result = argumentsOf(form, { kind: 'object', fields: [text('2025-01-31T14:30')] });
    assert.ok('value' in result);
    const sent = result.value.at as string;
    assert.match(sent, /^2025-01-31T14:30:00(Z|[+-]\d{2}:\d{2})$/);
    assert.equal(new Date(sent).getTime(), new Date(2025, 0, 31, 14, 30).getTime());
  });

  it('keeps a property named __proto__ as a property', () => {
    const schema: unknown = JSON.parse('{"properties": {"__proto__": {"type": "string"}}}');
    const result = argumentsAfter(schema, (d) => {
      d[0] = text('x');
    });
    assert.ok('value' in result);
    assert.equal(JSON.stringify(result.value), '{"__proto__":"x"}');
  });
});

describe('draftOf: raw JSON turned back into the form', () => {
  const form = formOf({
    properties: {
      text: { type: 'string' },
      n: { type: 'number' },
      on: { type: 'boolean' },
      size: { enum: ['s', 'm'] },
      tags: { type: 'array', items: { type: 'string' } },
      opts: { type: 'object', properties: { deep: { type: 'integer' } } },
      shape: { anyOf: [{ type: 'integer' }, { type: 'string' }] },
      extra: { type: 'object', additionalProperties: true },
    },
  });

  it('shows every value that fits and reads back the same arguments', () => {
    const value = {
      text: 'hi',
      n: 0.1,
      on: false,
      size: 'm',
      tags: ['a', 'b'],
      opts: { deep: 3 },
      shape: 'round',
      extra: { any: [1, { two: 2 }] },
    };
    const made = draftOf(form, value);
    assert.ok('draft' in made);
    assert.deepEqual(argumentsOf(form, made.draft), { value });
    const numeric = draftOf(form, { shape: 7 });
    assert.ok('draft' in numeric);
    assert.deepEqual(argumentsOf(form, numeric.draft), { value: { shape: 7 } });
  });

  it('says why a value does not fit the form', () => {
    const cases: [unknown, string][] = [
      [{ text: 5 }, 'text: is not a string'],
      [{ size: 'xl' }, 'size: "xl" is not one of its choices'],
      [{ nope: 1 }, 'Arguments: the form has no field "nope"'],
      [{ shape: true }, 'shape: fits none of its variants'],
      [{ opts: { deep: 'x' } }, 'deep: is not a number'],
      [[1], 'Arguments: is not an object'],
    ];
    for (const [value, error] of cases) assert.deepEqual(draftOf(form, value), { error });
  });
});
