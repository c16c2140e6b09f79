// The parts of the terminal pieces that need no terminal: how a server's text is made safe and
// short, how an elicitation schema becomes fields and their checks, and what is refused before
// anything is shown.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import type { ConsentHook } from '../../src/host/index.js';
import type { ElicitRequestFormParams } from '../../src/index.js';
import { formFields, FormSchemaError, loadFormatChecks, type Field } from '../../src/cli/terminal/form-fields.js';
import { askConsent, askForm, askUrl } from '../../src/cli/terminal/index.js';

// The consent prompt is a consent hook as the host takes one (checked by the compiler).
const hook: ConsentHook = askConsent;
void hook;
import { wrap } from '../../src/cli/terminal/prompt.js';
import { cut, cutLines, firstLine, prettyJson, sanitize } from '../../src/cli/terminal/text.js';

type Schema = ElicitRequestFormParams['requestedSchema'];

describe("a server's text in a terminal", () => {
  it('shows control characters and bidirectional marks as escapes, keeping line breaks only where asked', () => {
    assert.equal(sanitize('a\u001b[2Jb\u009bc\u202ed\u2066e\u007f'), 'a\\u001b[2Jb\\u009bc\\u202ed\\u2066e\\u007f');
    assert.equal(sanitize('one\r\ntwo\tthree'), 'one\\ntwo  three');
    assert.equal(sanitize('one\r\ntwo\rthree', true), 'one\ntwo\nthree');
    assert.equal(sanitize('déjà vu 🙂 日本'), 'déjà vu 🙂 日本');
  });

  it('cuts long text by characters (not halves of an emoji) and lines, saying how much', () => {
    assert.equal(cut('🙂🙂🙂', 2), '🙂🙂… (1 more characters)');
    assert.equal(cut('short', 5), 'short');
    assert.equal(cutLines('1\n2\n3\n4', 2), '1\n2\n… (2 more lines)');
    assert.equal(firstLine('\n  \n  Reads a file.  \nMore.'), 'Reads a file.');
    assert.equal(firstLine(undefined), undefined);
  });

  it('indents arguments, cutting long strings and many lines', () => {
    assert.equal(
      prettyJson({ a: 'x'.repeat(5), b: [1] }, 3),
      '{\n  "a": "xxx… (2 more characters)",\n  "b": [\n    1\n  ]\n}',
    );
    assert.equal(prettyJson({ e: '\u001b\u009b' }), '{\n  "e": "\\u001b\\u009b"\n}');
    assert.match(
      prettyJson(
        Array.from({ length: 50 }, (_, i) => i),
        200,
        5,
      ),
      /\n… \(47 more lines\)$/,
    );
    const cycle: Record<string, unknown> = {};
    cycle.self = cycle;
    assert.match(prettyJson(cycle), /^\(not JSON: /);
  });

  it('wraps at a space near the end of a line, else mid-word', () => {
    assert.deepEqual(wrap('aaaa bbbb cccc', 10), ['aaaa bbbb', 'cccc']);
    assert.deepEqual(wrap('x'.repeat(25), 10), ['x'.repeat(10), 'x'.repeat(10), 'x'.repeat(5)]);
    assert.deepEqual(wrap('', 10), ['']);
  });
});

describe('the fields of an elicitation form', async () => {
  const formats = await loadFormatChecks();
  const fields = (properties: Record<string, unknown>, required: string[] = []): Field[] =>
    formFields({ type: 'object', properties, required } as Schema, formats);
  const one = (property: unknown, required = false): Field => fields({ f: property }, required ? ['f'] : [])[0]!;
  const parse = (field: Field, text: string) => {
    assert.equal(field.kind, 'text');
    return field.kind === 'text' ? field.parse(text) : undefined;
  };

  it('reads each kind of field with its title, description, requirement and default', () => {
    assert.deepEqual(
      fields(
        {
          name: { type: 'string', title: 'Name', description: 'Yours', default: 'Ada' },
          n: { type: 'integer', minimum: 1, maximum: 3, default: 2 },
          ok: { type: 'boolean', default: false },
          size: { type: 'string', enum: ['s', 'l'], enumNames: ['Small', 'Large'], default: 'l' },
          color: { type: 'string', oneOf: [{ const: '#f00', title: 'Red' }], default: 'blue' },
          plain: { type: 'string', enum: ['a', 'b'], enumNames: ['only one'] },
          tags: { type: 'array', items: { type: 'string', enum: ['x', 'y'] }, default: ['y', 'z'], maxItems: 1 },
        },
        ['name', 'tags'],
      ).map((field) => {
        const { key, label, kind, required } = field;
        return {
          key,
          label,
          kind,
          required,
          ...(field.description !== undefined && { description: field.description }),
          ...('initial' in field && field.initial !== undefined && { initial: field.initial }),
          ...('hint' in field && field.hint !== undefined && { hint: field.hint }),
          ...('options' in field && { options: field.options.map((o) => `${o.value}=${o.label}`) }),
        };
      }),
      [
        { key: 'name', label: 'Name', kind: 'text', required: true, description: 'Yours', initial: 'Ada' },
        { key: 'n', label: 'n', kind: 'text', required: false, initial: '2', hint: 'whole number, 1 to 3' },
        { key: 'ok', label: 'ok', kind: 'boolean', required: false, initial: false },
        { key: 'size', label: 'size', kind: 'choice', required: false, initial: 'l', options: ['s=Small', 'l=Large'] },
        // A default that is not one of the choices is not chosen.
        { key: 'color', label: 'color', kind: 'choice', required: false, options: ['#f00=Red'] },
        // enumNames of the wrong length are not used.
        { key: 'plain', label: 'plain', kind: 'choice', required: false, options: ['a=a', 'b=b'] },
        {
          key: 'tags',
          label: 'tags',
          kind: 'multi',
          required: true,
          initial: ['y'],
          hint: 'choose at most 1',
          options: ['x=x', 'y=y'],
        },
      ],
    );
  });

  it('checks strings: required, lengths in characters, and the four formats', () => {
    const name = one({ type: 'string', minLength: 2, maxLength: 3 }, true);
    assert.deepEqual(parse(name, ''), { error: 'an answer is required' });
    assert.deepEqual(parse(name, 'a'), { error: 'at least 2 characters, please (1 given)' });
    assert.deepEqual(parse(name, '🙂🙂🙂'), { value: '🙂🙂🙂' });
    assert.deepEqual(parse(name, 'abcd'), { error: 'at most 3 characters, please (4 given)' });
    assert.deepEqual(parse(one({ type: 'string' }), ''), { value: undefined });

    const checks: [string, string, string][] = [
      ['email', 'ada@example.com', 'ada@'],
      ['uri', 'https://example.com/a?b=c', 'example.com'],
      ['date', '2024-02-29', '2023-02-29'],
      ['date-time', '2025-01-31T14:30:00Z', '2025-01-31T14:30:00'],
    ];
    for (const [format, good, bad] of checks) {
      const field = one({ type: 'string', format });
      assert.deepEqual(parse(field, good), { value: good }, format);
      assert.match((parse(field, bad) as { error: string }).error, /^not an? /, format);
    }
  });

  it('checks numbers as a person types them, integers and bounds', () => {
    const number = one({ type: 'number', minimum: -1.5, maximum: 1e3 });
    assert.deepEqual(parse(number, ' 1e3 '), { value: 1000 });
    assert.deepEqual(parse(number, '-1.5'), { value: -1.5 });
    assert.deepEqual(parse(number, '.5'), { value: 0.5 });
    for (const text of ['0x10', 'Infinity', '1,5', '1 2', 'NaN'])
      assert.deepEqual(parse(number, text), { error: `"${text}" is not a number` }, text);
    assert.deepEqual(parse(number, '-2'), { error: '-2 is less than -1.5' });
    assert.deepEqual(parse(number, '1001'), { error: '1001 is more than 1000' });
    const integer = one({ type: 'integer' }, true);
    assert.deepEqual(parse(integer, '2.5'), { error: '2.5 is not a whole number' });
    assert.deepEqual(parse(integer, '3.0'), { value: 3 });
    assert.deepEqual(parse(integer, ' '), { error: 'an answer is required' });
  });

  it('checks how many choices are made', () => {
    const tags = one({ type: 'array', minItems: 1, maxItems: 2, items: { anyOf: [{ const: 'a', title: 'A' }] } });
    assert.equal(tags.kind === 'multi' && tags.check([]), 'choose at least 1 (0 chosen)');
    assert.equal(tags.kind === 'multi' && tags.check(['a', 'b', 'c']), 'choose at most 2 (3 chosen)');
    assert.equal(tags.kind === 'multi' && tags.check(['a']), undefined);
  });

  it('refuses a schema it cannot show, naming the field and what is wrong', () => {
    const refused: [unknown, RegExp][] = [
      [null, /^the requested schema is not an object$/],
      [{ type: 'object', properties: [] }, /properties are not an object/],
      [{ type: 'object', properties: { a: 'string' } }, /^field "a": its schema is not an object$/],
      [
        { type: 'object', properties: { a: { type: 'object' } } },
        /^field "a": type "object" is not one a form can ask for/,
      ],
      [{ type: 'object', properties: { a: {} } }, /^field "a": type undefined is not one/],
      [
        { type: 'object', properties: { a: { type: 'string', format: 'phone' } } },
        /^field "a": format "phone" is not one MCP allows/,
      ],
      [
        { type: 'object', properties: { a: { type: 'string', minLength: -1 } } },
        /^field "a": minLength is -1, not a whole number/,
      ],
      [
        { type: 'object', properties: { a: { type: 'number', maximum: '9' } } },
        /^field "a": maximum is "9", not a number$/,
      ],
      [
        { type: 'object', properties: { a: { type: 'string', enum: [] } } },
        /^field "a": enum is not a list of strings$/,
      ],
      [
        { type: 'object', properties: { a: { type: 'string', oneOf: [{ title: 'x' }] } } },
        /^field "a": oneOf\[0\] has no string "const"$/,
      ],
      [
        { type: 'object', properties: { a: { type: 'array', items: { type: 'string' } } } },
        /^field "a": an array is asked for as a choice/,
      ],
      [{ type: 'object', properties: { 'a\u001b': { type: 'date' } } }, /^field "a\\u001b": type "date"/],
    ];
    for (const [schema, message] of refused)
      assert.throws(
        () => formFields(schema as Schema, formats),
        (error: Error) => {
          assert.ok(error instanceof FormSchemaError, String(error));
          assert.match(error.message, message);
          return true;
        },
      );
  });

  it('askForm refuses such a schema before it shows or asks anything', async () => {
    await assert.rejects(
      askForm({ message: 'm', requestedSchema: { type: 'object', properties: { a: { type: 'object' } } } as never }),
      FormSchemaError,
    );
  });
});

describe('URL elicitation before anything is shown', () => {
  it('refuses a URL that is not a web page, or not a URL', async () => {
    await assert.rejects(askUrl({ mode: 'url', message: 'm', url: 'javascript:alert(1)' }), {
      name: 'TypeError',
      message: "the server's URL is not a web page (javascript:): only http and https are opened",
    });
    await assert.rejects(askUrl({ mode: 'url', message: 'm', url: 'not a url' }), {
      name: 'TypeError',
      message: `the server's URL is not a valid URL: "not a url"`,
    });
  });
});
