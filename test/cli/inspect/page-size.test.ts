// The inspector's page as it ships (dist/inspector/): its script and stylesheet, gzipped, stay
// within the 200 kB budget a page that loads on every run may take; the build bundles every
// dependency into it and fetches nothing at run time. `npm run bench` reports the figure.
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { describe, it } from 'node:test';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';

const PAGE = fileURLToPath(new URL('../../../../dist/inspector/', import.meta.url));
const BUDGET = 200_000;

describe('the inspector’s page as it ships', () => {
  it('is its own script and stylesheet, within 200 kB gzipped, from its own origin', () => {
    const html = readFileSync(`${PAGE}index.html`, 'utf8');
    assert.match(html, /<script type="module" src="\/?page\.js"><\/script>/);
    assert.doesNotMatch(html, /https?:\/\//, 'nothing from another origin');
    const script = readFileSync(`${PAGE}page.js`);
    const style = readFileSync(`${PAGE}page.css`);
    const gzipped = gzipSync(script, { level: 9 }).length + gzipSync(style, { level: 9 }).length;
    assert.ok(gzipped < BUDGET, `${gzipped} bytes gzipped`);
  });
});
