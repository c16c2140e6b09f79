// Golden wire transcripts over stdio: each file in test/golden/transcripts/<revision>/*.wire is
// replayed line by line against a real server process, and what the server writes must match
// it exactly, in order, with nothing extra. The legacy revisions' transcripts begin with the
// initialize handshake; the modern revision's carry the envelope in every request.
// GOLDEN_RECORD=1 rewrites the expected lines from what the server says now (placeholders
// kept), for review in the diff; a new transcript can leave `< null` lines, or skeletons
// holding only its placeholders, for the recording to fill in.
import { readFileSync, writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { RawChild } from '../helpers/raw-child.js';
import { fixture } from '../helpers/e2e.js';
import {
  formatTranscript,
  keepPlaceholders,
  match,
  parseTranscript,
  substitute,
  transcriptsByRevision,
  type Captures,
  type Step,
} from '../helpers/golden-transcript.js';

// Compiled to build/test/golden/; the transcripts stay in the source tree.
const dir = fileURLToPath(new URL('../../../test/golden/transcripts/', import.meta.url));
const record = process.env.GOLDEN_RECORD === '1';

async function replay(file: string): Promise<void> {
  const path = dir + file;
  const transcript = parseTranscript(readFileSync(path, 'utf8'), file);
  const child = new RawChild([fixture('golden-server')]);
  const captures: Captures = new Map();
  let read = 0;
  const recorded: Step[] = [];
  try {
    for (const step of transcript.steps) {
      if ('send' in step) {
        await child.send(substitute(step.send, captures));
        recorded.push(step);
        continue;
      }
      const index = read++;
      await child.until(() => child.lines.length > index, `line ${index + 1} of ${file}`);
      const actual = JSON.parse(child.lines[index]!) as unknown;
      const expected = record ? keepPlaceholders(step.receive, actual) : step.receive;
      if (record) recorded.push({ receive: expected });
      match(expected, actual, captures, `${file}, line ${index + 1} received`);
    }
    const exit = await child.endInput();
    assert.equal(exit.code, 0, `the server exited with ${exit.code}; stderr: ${child.stderr}`);
    if (!record)
      assert.deepEqual(child.lines.slice(read), [], `${file}: the server wrote more than the transcript holds`);
  } finally {
    if (child.alive) child.child.kill('SIGKILL');
  }
  if (record) writeFileSync(path, formatTranscript({ ...transcript, steps: recorded }));
}

for (const { revision, files } of transcriptsByRevision(dir)) {
  describe(`golden wire transcripts (${revision} over stdio)`, () => {
    it('there are transcripts to replay', () => assert.ok(files.length > 0));
    for (const file of files) {
      const { description } = parseTranscript(readFileSync(dir + file, 'utf8'), file);
      it(`${file}: ${description}`, () => replay(file));
    }
  });
}
