// No import cycle of src/ carries a value: the order modules start in never depends on which
// one a program imports first. Types may refer to one another (a request context names its
// session, which makes it), since an import of types is gone at run time. The check is shown
// catching planted cycles before it is run on the tree.
import assert from 'node:assert/strict';
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, it } from 'node:test';
import { valueCycles } from '../helpers/import-cycles.js';

// From build/test/lint/ to the repository.
const root = fileURLToPath(new URL('../../../', import.meta.url));

function sources(dir: string, out = new Map<string, string>()): Map<string, string> {
  for (const name of readdirSync(dir)) {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) sources(path, out);
    else if (name.endsWith('.ts') && !name.endsWith('.test.ts'))
      out.set(relative(root, path), readFileSync(path, 'utf8'));
  }
  return out;
}

describe('import cycles', () => {
  it('finds a planted cycle that carries a value, through re-exports and namespace imports too', () => {
    const files = new Map([
      ['src/a/one.ts', "import { two } from './two.js';\nexport const one = () => two;\n"],
      ['src/a/two.ts', "export { three as two } from './three.js';\n"],
      ['src/a/three.ts', "import * as first from './one.js';\nexport const three = () => first.one;\n"],
      ['src/a/leaf.ts', "import { one } from './one.js';\nexport default one;\n"],
    ]);
    assert.deepEqual(valueCycles(files), [
      {
        files: ['src/a/one.ts', 'src/a/three.ts', 'src/a/two.ts'],
        valueImports: ['src/a/one.ts → src/a/two.ts', 'src/a/three.ts → src/a/one.ts', 'src/a/two.ts → src/a/three.ts'],
      },
    ]);
  });

  it('finds a module that runs another for its side effects in a cycle too', () => {
    const files = new Map([
      ['src/c/one.ts', "import './two.js';\nexport const one = 1;\n"],
      ['src/c/two.ts', "import { one } from './one.js';\nexport const two = one + 1;\n"],
    ]);
    assert.deepEqual(valueCycles(files), [
      {
        files: ['src/c/one.ts', 'src/c/two.ts'],
        valueImports: ['src/c/one.ts → src/c/two.ts', 'src/c/two.ts → src/c/one.ts'],
      },
    ]);
  });

  it('lets a cycle of types alone pass, and an import of an index by its folder resolve', () => {
    const files = new Map([
      ['src/b/index.ts', "import { type Two } from './two.js';\nexport type One = Two | 1;\n"],
      ['src/b/two.ts', "import type { One } from '../b/index.js';\nexport type Two = One[];\n"],
      ['src/b/three.ts', "import './two.js';\nimport { x } from '../b';\nexport const y = x;\n"],
    ]);
    assert.deepEqual(valueCycles(files), []);
  });

  it('lets a loop that an import of types closes pass: it is gone at run time', () => {
    const files = new Map([
      [
        'src/d/session.ts',
        "import { Context } from './context.js';\nexport class Session { make() { return new Context(this); } }\n",
      ],
      [
        'src/d/context.ts',
        "import type { Session } from './session.js';\nexport class Context { constructor(readonly session: Session) {} }\n",
      ],
    ]);
    assert.deepEqual(valueCycles(files), []);
  });

  it('finds none in src/', () => {
    assert.deepEqual(valueCycles(sources(join(root, 'src'))), []);
  });
});
