// RFC 6570 URI templates: expansion against the RFC's own examples (section 3.2, levels 1-4),
// matching as the inverse of expansion, and clear errors for malformed templates.
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { UriTemplate, UriTemplateError, type TemplateValue } from '../../src/server/uri-template.js';

// The variables of RFC 6570 section 3.2.
const vars: Record<string, TemplateValue> = {
  count: ['one', 'two', 'three'],
  dom: ['example', 'com'],
  dub: 'me/too',
  hello: 'Hello World!',
  half: '50%',
  var: 'value',
  who: 'fred',
  base: 'http://example.com/home/',
  path: '/foo/bar',
  list: ['red', 'green', 'blue'],
  keys: { semi: ';', dot: '.', comma: ',' },
  v: '6',
  x: '1024',
  y: '768',
  empty: '',
  empty_keys: {},
  undef: undefined,
};

const RFC_EXAMPLES: Record<string, [string, string][]> = {
  '3.2.1 variable expansion': [
    ['{count}', 'one,two,three'],
    ['{count*}', 'one,two,three'],
    ['{/count}', '/one,two,three'],
    ['{/count*}', '/one/two/three'],
    ['{;count}', ';count=one,two,three'],
    ['{;count*}', ';count=one;count=two;count=three'],
    ['{?count}', '?count=one,two,three'],
    ['{?count*}', '?count=one&count=two&count=three'],
    ['{&count*}', '&count=one&count=two&count=three'],
  ],
  '3.2.2 simple string expansion': [
    ['{var}', 'value'],
    ['{hello}', 'Hello%20World%21'],
    ['{half}', '50%25'],
    ['O{empty}X', 'OX'],
    ['O{undef}X', 'OX'],
    ['{x,y}', '1024,768'],
    ['{x,hello,y}', '1024,Hello%20World%21,768'],
    ['?{x,empty}', '?1024,'],
    ['?{x,undef}', '?1024'],
    ['?{undef,y}', '?768'],
    ['{var:3}', 'val'],
    ['{var:30}', 'value'],
    ['{list}', 'red,green,blue'],
    ['{list*}', 'red,green,blue'],
    ['{keys}', 'semi,%3B,dot,.,comma,%2C'],
    ['{keys*}', 'semi=%3B,dot=.,comma=%2C'],
  ],
  '3.2.3 reserved expansion': [
    ['{+var}', 'value'],
    ['{+hello}', 'Hello%20World!'],
    ['{+half}', '50%25'],
    ['{base}index', 'http%3A%2F%2Fexample.com%2Fhome%2Findex'],
    ['{+base}index', 'http://example.com/home/index'],
    ['O{+empty}X', 'OX'],
    ['O{+undef}X', 'OX'],
    ['{+path}/here', '/foo/bar/here'],
    ['here?ref={+path}', 'here?ref=/foo/bar'],
    ['up{+path}{var}/here', 'up/foo/barvalue/here'],
    ['{+x,hello,y}', '1024,Hello%20World!,768'],
    ['{+path,x}/here', '/foo/bar,1024/here'],
    ['{+path:6}/here', '/foo/b/here'],
    ['{+list}', 'red,green,blue'],
    ['{+list*}', 'red,green,blue'],
    ['{+keys}', 'semi,;,dot,.,comma,,'],
    ['{+keys*}', 'semi=;,dot=.,comma=,'],
  ],
  '3.2.4 fragment expansion': [
    ['{#var}', '#value'],
    ['{#hello}', '#Hello%20World!'],
    ['{#half}', '#50%25'],
    ['foo{#empty}', 'foo#'],
    ['foo{#undef}', 'foo'],
    ['{#x,hello,y}', '#1024,Hello%20World!,768'],
    ['{#path,x}/here', '#/foo/bar,1024/here'],
    ['{#path:6}/here', '#/foo/b/here'],
    ['{#list}', '#red,green,blue'],
    ['{#list*}', '#red,green,blue'],
    ['{#keys}', '#semi,;,dot,.,comma,,'],
    ['{#keys*}', '#semi=;,dot=.,comma=,'],
  ],
  '3.2.5 label expansion': [
    ['{.who}', '.fred'],
    ['{.who,who}', '.fred.fred'],
    ['{.half,who}', '.50%25.fred'],
    ['www{.dom*}', 'www.example.com'],
    ['X{.var}', 'X.value'],
    ['X{.empty}', 'X.'],
    ['X{.undef}', 'X'],
    ['X{.var:3}', 'X.val'],
    ['X{.list}', 'X.red,green,blue'],
    ['X{.list*}', 'X.red.green.blue'],
    ['X{.keys}', 'X.semi,%3B,dot,.,comma,%2C'],
    ['X{.keys*}', 'X.semi=%3B.dot=..comma=%2C'],
    ['X{.empty_keys}', 'X'],
    ['X{.empty_keys*}', 'X'],
  ],
  '3.2.6 path segment expansion': [
    ['{/who}', '/fred'],
    ['{/who,who}', '/fred/fred'],
    ['{/half,who}', '/50%25/fred'],
    ['{/who,dub}', '/fred/me%2Ftoo'],
    ['{/var}', '/value'],
    ['{/var,empty}', '/value/'],
    ['{/var,undef}', '/value'],
    ['{/var,x}/here', '/value/1024/here'],
    ['{/var:1,var}', '/v/value'],
    ['{/list}', '/red,green,blue'],
    ['{/list*}', '/red/green/blue'],
    ['{/list*,path:4}', '/red/green/blue/%2Ffoo'],
    ['{/keys}', '/semi,%3B,dot,.,comma,%2C'],
    ['{/keys*}', '/semi=%3B/dot=./comma=%2C'],
  ],
  '3.2.7 path-style parameter expansion': [
    ['{;who}', ';who=fred'],
    ['{;half}', ';half=50%25'],
    ['{;empty}', ';empty'],
    ['{;v,empty,who}', ';v=6;empty;who=fred'],
    ['{;v,bar,who}', ';v=6;who=fred'],
    ['{;x,y}', ';x=1024;y=768'],
    ['{;x,y,empty}', ';x=1024;y=768;empty'],
    ['{;x,y,undef}', ';x=1024;y=768'],
    ['{;hello:5}', ';hello=Hello'],
    ['{;list}', ';list=red,green,blue'],
    ['{;list*}', ';list=red;list=green;list=blue'],
    ['{;keys}', ';keys=semi,%3B,dot,.,comma,%2C'],
    ['{;keys*}', ';semi=%3B;dot=.;comma=%2C'],
  ],
  '3.2.8 form-style query expansion': [
    ['{?who}', '?who=fred'],
    ['{?half}', '?half=50%25'],
    ['{?x,y}', '?x=1024&y=768'],
    ['{?x,y,empty}', '?x=1024&y=768&empty='],
    ['{?x,y,undef}', '?x=1024&y=768'],
    ['{?var:3}', '?var=val'],
    ['{?list}', '?list=red,green,blue'],
    ['{?list*}', '?list=red&list=green&list=blue'],
    ['{?keys}', '?keys=semi,%3B,dot,.,comma,%2C'],
    ['{?keys*}', '?semi=%3B&dot=.&comma=%2C'],
  ],
  '3.2.9 form-style query continuation': [
    ['{&who}', '&who=fred'],
    ['{&half}', '&half=50%25'],
    ['?fixed=yes{&x}', '?fixed=yes&x=1024'],
    ['{&x,y,empty}', '&x=1024&y=768&empty='],
    ['{&var:3}', '&var=val'],
    ['{&list}', '&list=red,green,blue'],
    ['{&list*}', '&list=red&list=green&list=blue'],
    ['{&keys}', '&keys=semi,%3B,dot,.,comma,%2C'],
    ['{&keys*}', '&semi=%3B&dot=.&comma=%2C'],
  ],
};

describe('URI template expansion (RFC 6570 section 3.2)', () => {
  for (const [section, cases] of Object.entries(RFC_EXAMPLES)) {
    it(section, () => {
      for (const [template, expected] of cases)
        assert.equal(new UriTemplate(template).expand(vars), expected, template);
    });
  }

  it('writes numbers and booleans as text, and keeps multi-byte characters whole under a prefix', () => {
    assert.equal(new UriTemplate('/items/{id}{?draft}').expand({ id: 42, draft: true }), '/items/42?draft=true');
    assert.equal(new UriTemplate('{word:2}').expand({ word: 'é€x' }), '%C3%A9%E2%82%AC');
  });

  it('lists its variables once each, in order', () => {
    assert.deepEqual(new UriTemplate('{a}/{b}{?c,a}{&d*}').variableNames, ['a', 'b', 'c', 'd']);
    assert.equal(UriTemplate.isTemplate('file:///{path}'), true);
    assert.equal(UriTemplate.isTemplate('file:///plain'), false);
  });
});

describe('URI template matching', () => {
  const roundTrips: [string, Record<string, string | string[]>][] = [
    ['users/{id}', { id: 'alice' }],
    ['users/{id}', { id: 'a b/c?' }],
    ['file:///{+path}', { path: 'src/deep/main.rs' }],
    ['repo://{owner}/{repo}/issues/{number}', { owner: 'octo', repo: 'cat', number: '7' }],
    ['{/segments*}', { segments: ['a', 'b c', 'd'] }],
    ['api{/version,resource}', { version: 'v1', resource: 'items' }],
    ['www{.dom*}', { dom: ['example', 'com'] }],
    ['file{.ext}', { ext: 'txt' }],
    ['map{;x,y}', { x: '1024', y: '768' }],
    ['map{;list*}', { list: ['red', 'green'] }],
    ['search{?q,lang}', { q: 'hello world', lang: 'en' }],
    ['search{?tag*}', { tag: ['a', 'b'] }],
    ['?fixed=yes{&x}', { x: '1024' }],
    ['{#section}', { section: 'intro/part 1' }],
    ['{x,y}', { x: '1', y: '2' }],
  ];
  for (const [template, variables] of roundTrips) {
    it(`recovers the variables of ${template}`, () => {
      const t = new UriTemplate(template);
      const uri = t.expand(variables);
      assert.deepEqual(t.match(uri), variables, uri);
    });
  }

  it('takes query parameters in any order, and missing ones as absent', () => {
    const t = new UriTemplate('search{?q,lang,page}');
    assert.deepEqual(t.match('search?lang=en&q=x'), { q: 'x', lang: 'en' });
    assert.deepEqual(t.match('search'), {});
    assert.deepEqual(t.match('search?q='), { q: '' });
    assert.equal(t.match('search?q=x&other=1'), undefined, 'a parameter the template does not name');
    assert.deepEqual(new UriTemplate('a{?x}{&y}').match('a?y=2&x=1'), { x: '1', y: '2' });
  });

  it('leaves out optional path-style parts', () => {
    assert.deepEqual(new UriTemplate('file{.ext}').match('file'), {});
    assert.deepEqual(new UriTemplate('api{/version,resource}').match('api/v1'), { version: 'v1' });
    assert.deepEqual(new UriTemplate('m{;x,y}').match('m;y=2'), { y: '2' });
    assert.deepEqual(new UriTemplate('m{;x,y}').match('m;x;y=2'), { x: '', y: '2' });
  });

  it('does not match what the template cannot produce', () => {
    const t = new UriTemplate('users/{id}');
    assert.equal(t.match('users/a/b'), undefined, 'a simple variable never holds an unencoded "/"');
    assert.equal(t.match('groups/a'), undefined);
    assert.equal(t.match('users/%E0%A4%A'), undefined, 'malformed percent-encoding');
    assert.equal(new UriTemplate('{a}-{a}').match('x-y'), undefined, 'a repeated variable must repeat its value');
    assert.deepEqual(new UriTemplate('{a}-{a}').match('x-x'), { a: 'x' });
  });

  it('matches literal regular-expression characters literally', () => {
    const t = new UriTemplate('x+y.(z)/{id}');
    assert.deepEqual(t.match('x+y.(z)/1'), { id: '1' });
    assert.equal(t.match('xxy.(z)/1'), undefined);
  });
});

describe('malformed URI templates', () => {
  const bad: [string, RegExp][] = [
    ['users/{id', /unclosed "\{" at position 6/],
    ['users/id}', /unmatched "\}" at position 8/],
    ['{a{b}}', /"\{" inside an expression/],
    ['x{}', /empty expression/],
    ['{=x}', /operator "=" is reserved/],
    ['{|x}', /operator "\|" is reserved/],
    ['{a-b}', /invalid variable name "a-b"/],
    ['{a,}', /invalid variable name ""/],
    ['{a..b}', /invalid variable name/],
    ['{x:0}', /prefix length of "x" must be 1 to 9999/],
    ['{x:10000}', /prefix length/],
    ['{x:3*}', /invalid variable name "x:3"/],
  ];
  for (const [template, message] of bad) {
    it(`rejects ${template}`, () => {
      assert.throws(
        () => new UriTemplate(template),
        (e: unknown) =>
          e instanceof UriTemplateError && message.test(e.message) && e.message.includes(JSON.stringify(template)),
      );
    });
  }

  it('accepts percent-encoded and dotted variable names', () => {
    assert.equal(new UriTemplate('{a.b}{%41}').expand({ 'a.b': '1', '%41': '2' }), '12');
  });
});

describe('loose matching', () => {
  // Whether a URI could come from a template, as a router asks: looser than `match` in some
  // ways, stricter in one (a simple expression stands for a non-empty segment).
  const cases: [string, string, boolean][] = [
    ['files/{name}', 'files/a.txt', true],
    ['files/{name}', 'files/', false],
    ['files/{name}', 'files/a/b', false],
    ['files{/path}', 'files/a/b/c', true],
    ['res://{id}{?q}', 'res://1?other=1', true],
    ['a{#x}', 'abc', true],
    ['a{+x}', 'a#b', true],
    ['x/{id}', 'x/%zz', true],
    ['x/{a', 'x/{a', true],
    ['x/}{a}', 'x/}b', true],
    ['{=x}', 'q', true],
    ['{a{b}', 'q', true],
  ];
  for (const [template, uri, fits] of cases) {
    it(`${fits ? 'fits' : 'does not fit'} ${uri} to ${template}`, () => {
      assert.equal(UriTemplate.matches(template, uri, { loose: true }), fits);
    });
  }

  it('matches as match does, and refuses a malformed template, without loose', () => {
    assert.equal(UriTemplate.matches('files{/path}', 'files/a/b'), false);
    assert.equal(UriTemplate.matches('files/{name}', 'files/'), true);
    assert.throws(() => UriTemplate.matches('x/{a', 'x/{a'), UriTemplateError);
  });
});
