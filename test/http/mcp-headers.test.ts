// The header rules of the modern revision on their own: the Base64 sentinel both ways, the
// x-mcp-header annotations a tool may carry, and which arguments become which headers.
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import {
  decodeHeaderValue,
  encodeHeaderValue,
  headerMatches,
  nameSource,
  paramHeaders,
} from '../../src/http/mcp-headers.js';
import { checkToolHeaders, headerParams, HeaderAnnotationError } from '../../src/protocol/tool-headers.js';

const schema = (properties: Record<string, unknown>, extra: Record<string, unknown> = {}) => ({
  type: 'object',
  properties,
  ...extra,
});

describe('header values', () => {
  it('encodes what a header cannot carry, as the spec table shows', () => {
    assert.equal(encodeHeaderValue('us-west1'), 'us-west1');
    assert.equal(encodeHeaderValue('us west 1'), 'us west 1');
    assert.equal(encodeHeaderValue(''), '');
    assert.equal(encodeHeaderValue('Hello, 世界'), '=?base64?SGVsbG8sIOS4lueVjA==?=');
    assert.equal(encodeHeaderValue(' padded '), '=?base64?IHBhZGRlZCA=?=');
    assert.equal(encodeHeaderValue('line1\nline2'), '=?base64?bGluZTEKbGluZTI=?=');
    assert.equal(encodeHeaderValue('=?base64?literal?='), '=?base64?PT9iYXNlNjQ/bGl0ZXJhbD89?=');
    assert.equal(encodeHeaderValue('\tindented'), '=?base64?CWluZGVudGVk?=');
    assert.equal(encodeHeaderValue('trailing '), '=?base64?dHJhaWxpbmcg?=');
  });

  it('decodes the sentinel, trims surrounding whitespace, and reads anything else literally', () => {
    for (const value of ['us-west1', 'Hello, 世界', ' padded ', 'line1\r\nline2', '=?base64?literal?=', '']) {
      assert.equal(decodeHeaderValue(encodeHeaderValue(value)), value);
    }
    assert.equal(decodeHeaderValue('  tools_call \t'), 'tools_call');
    assert.equal(decodeHeaderValue('SGVsbG8='), 'SGVsbG8=');
    assert.equal(decodeHeaderValue('=?base64?SGVsbG8='), '=?base64?SGVsbG8=');
    assert.equal(decodeHeaderValue('base64?SGVsbG8=?='), 'base64?SGVsbG8=?=');
  });

  it('refuses malformed Base64, text that is not UTF-8, and characters a header may not hold', () => {
    assert.equal(decodeHeaderValue('=?base64?SGVsbG8?='), undefined, 'missing padding');
    assert.equal(decodeHeaderValue('=?base64?SGVs!!!bG8=?='), undefined, 'outside the alphabet');
    assert.equal(decodeHeaderValue('=?base64?SGVsbG9=?='), undefined, 'unused bits set');
    assert.equal(decodeHeaderValue('=?base64?/w==?='), undefined, 'not UTF-8');
    assert.equal(decodeHeaderValue('caf\u00e9'), undefined);
    assert.equal(decodeHeaderValue('a\nb'), undefined);
  });

  it('compares numbers as numbers, booleans and strings exactly', () => {
    assert.equal(headerMatches('42', 42), true);
    assert.equal(headerMatches('42.0', 42), true);
    assert.equal(headerMatches('-7', -7), true);
    assert.equal(headerMatches('', 0), false);
    assert.equal(headerMatches('43', 42), false);
    assert.equal(headerMatches('true', true), true);
    assert.equal(headerMatches('True', true), false);
    assert.equal(headerMatches('1', true), false);
    assert.equal(headerMatches('abc', 'abc'), true);
    assert.equal(headerMatches('ABC', 'abc'), false);
  });

  it('names the body field Mcp-Name mirrors for each method', () => {
    assert.equal(nameSource('tools/call'), 'name');
    assert.equal(nameSource('prompts/get'), 'name');
    assert.equal(nameSource('resources/read'), 'uri');
    assert.equal(nameSource('tools/list'), undefined);
  });
});

describe('x-mcp-header annotations', () => {
  it('finds annotated properties, nested ones through properties only', () => {
    const params = headerParams(
      schema({
        region: { type: 'string', 'x-mcp-header': 'Region' },
        priority: { type: 'integer', 'x-mcp-header': 'Priority' },
        verbose: { type: ['boolean', 'null'], 'x-mcp-header': 'Verbose' },
        target: { type: 'object', properties: { zone: { type: 'string', 'x-mcp-header': 'Zone' } } },
        query: { type: 'string' },
      }),
    );
    assert.deepEqual(params, [
      { header: 'Region', path: ['region'] },
      { header: 'Priority', path: ['priority'] },
      { header: 'Verbose', path: ['verbose'] },
      { header: 'Zone', path: ['target', 'zone'] },
    ]);
  });

  it('refuses every annotation the spec forbids, naming the property', () => {
    const invalid: [string, Record<string, unknown>, RegExp][] = [
      ['empty', schema({ value: { type: 'string', 'x-mcp-header': '' } }), /non-empty string/],
      ['not a string', schema({ value: { type: 'string', 'x-mcp-header': 7 } }), /non-empty string/],
      ['object', schema({ data: { type: 'object', 'x-mcp-header': 'Data' } }), /string, integer or boolean/],
      [
        'array',
        schema({ items: { type: 'array', items: { type: 'string' }, 'x-mcp-header': 'Items' } }),
        /string, integer or boolean/,
      ],
      ['null', schema({ nil: { type: 'null', 'x-mcp-header': 'Nil' } }), /string, integer or boolean/],
      ['number', schema({ score: { type: 'number', 'x-mcp-header': 'Score' } }), /string, integer or boolean/],
      ['untyped', schema({ any: { 'x-mcp-header': 'Any' } }), /string, integer or boolean/],
      [
        'same name',
        schema({ a: { type: 'string', 'x-mcp-header': 'Region' }, b: { type: 'string', 'x-mcp-header': 'Region' } }),
        /unique/,
      ],
      [
        'same name, other case',
        schema({ a: { type: 'string', 'x-mcp-header': 'MyField' }, b: { type: 'string', 'x-mcp-header': 'myfield' } }),
        /unique/,
      ],
      ['space', schema({ value: { type: 'string', 'x-mcp-header': 'My Region' } }), /not a valid header name/],
      ['colon', schema({ value: { type: 'string', 'x-mcp-header': 'Region:Primary' } }), /not a valid header name/],
      ['non-ASCII', schema({ value: { type: 'string', 'x-mcp-header': 'Région' } }), /not a valid header name/],
      [
        'control character',
        schema({ value: { type: 'string', 'x-mcp-header': 'Region\t1' } }),
        /not a valid header name/,
      ],
      [
        'in items',
        schema({ list: { type: 'array', items: { type: 'string', 'x-mcp-header': 'Item' } } }),
        /through "properties" alone/,
      ],
      [
        'in oneOf',
        schema({ value: { oneOf: [{ type: 'string', 'x-mcp-header': 'V' }] } }),
        /through "properties" alone/,
      ],
      [
        'in $defs',
        schema({ value: { $ref: '#/$defs/v' } }, { $defs: { v: { type: 'string', 'x-mcp-header': 'V' } } }),
        /through "properties" alone/,
      ],
      [
        'under then',
        schema({}, { if: {}, then: { properties: { v: { type: 'string', 'x-mcp-header': 'V' } } } }),
        /through "properties" alone/,
      ],
      ['on the root', { type: 'object', 'x-mcp-header': 'Root' }, /through "properties" alone/],
    ];
    for (const [what, inputSchema, message] of invalid) {
      assert.throws(
        () => checkToolHeaders({ name: 'bad', inputSchema }),
        (error: unknown) => {
          assert.ok(error instanceof HeaderAnnotationError, what);
          assert.match(error.message, /^Tool "bad": inputSchema property "[^"]+": /, what);
          assert.match(error.message, message, what);
          return true;
        },
      );
    }
  });

  it('leaves data alone: an x-mcp-header key in a default, or a property named x-mcp-header', () => {
    assert.deepEqual(
      headerParams(
        schema({
          config: { type: 'object', default: { 'x-mcp-header': 'not one' } },
          'x-mcp-header': { type: 'string' },
        }),
      ),
      [],
    );
  });

  it('mirrors the arguments present, encoded, and omits absent and null ones', () => {
    const params = headerParams(
      schema({
        region: { type: 'string', 'x-mcp-header': 'Region' },
        priority: { type: 'integer', 'x-mcp-header': 'Priority' },
        debug: { type: 'boolean', 'x-mcp-header': 'Debug' },
        verbose: { type: 'boolean', 'x-mcp-header': 'Verbose' },
        greeting: { type: 'string', 'x-mcp-header': 'Greeting' },
        target: { type: 'object', properties: { zone: { type: 'string', 'x-mcp-header': 'Zone' } } },
      }),
    );
    assert.deepEqual(
      paramHeaders(params, {
        region: 'us-west1',
        priority: 42,
        debug: false,
        verbose: null,
        greeting: 'Hello, 世界',
        target: { zone: 'b' },
      }),
      {
        'Mcp-Param-Region': 'us-west1',
        'Mcp-Param-Priority': '42',
        'Mcp-Param-Debug': 'false',
        'Mcp-Param-Greeting': '=?base64?SGVsbG8sIOS4lueVjA==?=',
        'Mcp-Param-Zone': 'b',
      },
    );
    assert.deepEqual(paramHeaders(params, {}), {});
  });
});
