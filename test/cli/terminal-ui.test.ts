// The command line's terminal pieces as a person meets them: each runs in a real
// pseudo-terminal (tmux), driven by test/fixtures/terminal-ui-driver.ts the way the command
// line calls it; the test types keys, reads the screen, and checks both what was shown and the
// answer the piece returned. The checks that need no terminal run without tmux.
import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import { fixture } from '../helpers/e2e.js';
import { tmuxMissing, TmuxServer, type TerminalSession } from '../helpers/terminal.js';

const DRIVER = fixture('terminal-ui-driver');

/**
 * The prompt being answered: the screen from the last prompt still open (◆, or ▲ when its
 * answer was refused) to the end. Answered prompts (◇) stay on the screen above it.
 */
function active(screen: string): string {
  const lines = screen.split('\n');
  const start = lines.findLastIndex((line) => line.startsWith('◆') || line.startsWith('▲'));
  return start < 0 ? '' : lines.slice(start).join('\n');
}

/** A wait for the prompt being answered to show `test`. */
function asking(test: string | RegExp): (screen: string) => boolean {
  return (screen) => {
    const prompt = active(screen);
    return typeof test === 'string' ? prompt.includes(test) : test.test(prompt);
  };
}

/** Asserts that `screen` shows each of `texts`. */
function assertShows(screen: string, texts: readonly string[]): void {
  for (const text of texts) assert.ok(screen.includes(text), `the screen shows ${JSON.stringify(text)}:\n${screen}`);
}

interface Outcome {
  status: number;
  result?: unknown;
  error?: { name: string; message: string };
}

describe('terminal pieces without a terminal', { timeout: 30_000 }, () => {
  let dir: string;
  before(() => (dir = mkdtempSync(join(tmpdir(), 'mcpkit-terminal-'))));
  after(() => rmSync(dir, { recursive: true, force: true }));

  /** Runs the driver with pipes for stdin, stdout and stderr. */
  async function piped(piece: string): Promise<Outcome & { stderr: string }> {
    const out = join(dir, `${piece}.json`);
    const child = spawn(process.execPath, [DRIVER, out, piece], { stdio: 'pipe' });
    let stderr = '';
    child.stderr.setEncoding('utf8').on('data', (chunk: string) => (stderr += chunk));
    child.stdin.end();
    const [status] = (await once(child, 'exit')) as [number];
    return { status, stderr, ...(JSON.parse(readFileSync(out, 'utf8')) as object) };
  }

  it('canAsk is false when stdin and stderr are pipes', async () => {
    assert.deepEqual(await piped('can-ask'), { status: 0, stderr: '', result: false });
  });

  it('a progress bar draws nothing when stderr is not a terminal', async () => {
    assert.deepEqual(await piped('quiet-progress'), { status: 0, stderr: '', result: { active: false } });
  });
});

const missing = tmuxMissing();

describe('terminal pieces in a pseudo-terminal', { skip: missing ?? false, timeout: 180_000 }, () => {
  let tmux: TmuxServer;
  let runs = 0;
  before(() => (tmux = new TmuxServer()));
  after(() => tmux?.close());

  /** Starts the driver on `piece` in a terminal of its own; `outcome()` waits for its end. */
  function run(piece: string, input?: unknown): { screen: TerminalSession; outcome: () => Promise<Outcome> } {
    const out = tmux.file(`result-${++runs}.json`);
    const args = [process.execPath, DRIVER, out, piece, ...(input === undefined ? [] : [JSON.stringify(input)])];
    const screen = tmux.start(args);
    return {
      screen,
      outcome: async () => {
        const status = await screen.exitStatus();
        return { status, ...(JSON.parse(readFileSync(out, 'utf8')) as object) };
      },
    };
  }

  /**
   * Starts `piece` held before its prompt, with the terminal raw: types `text` and Enter, which
   * stdin reads into its buffer, where no one takes them; then lets the piece go on.
   */
  async function typedAhead(
    piece: string,
    input: unknown,
    text: string,
  ): Promise<{ screen: TerminalSession; outcome: () => Promise<Outcome> }> {
    const started = run(`${piece}@typed-ahead-read=${text.length + 1}`, input);
    await started.screen.waitFor('type ahead now');
    started.screen.type(text);
    started.screen.keys('Enter');
    process.kill(started.screen.pid(), 'SIGUSR2');
    return started;
  }

  it('canAsk is true in a terminal', async () => {
    assert.deepEqual(await run('can-ask').outcome(), { status: 0, result: true });
  });

  describe('consent', () => {
    const toolRequest = {
      kind: 'tool',
      server: 'files',
      trusted: false,
      name: 'files__read_file',
      tool: {
        name: 'read_file',
        title: 'Read a file',
        description: 'Reads the file at a path.\nThis second line is not shown.',
        inputSchema: { type: 'object' },
        annotations: { readOnlyHint: true },
      },
      arguments: { path: '/etc/hosts', note: 'x'.repeat(300) },
    };
    const question = 'Run read_file?';

    it('shows the server, the tool, its hints and arguments, and denies on Enter: it starts on Deny', async () => {
      const { screen, outcome } = run('consent', toolRequest);
      const shown = await screen.waitFor('Allow once');
      assertShows(shown, [
        'Tool call from server "files" (not trusted)',
        'Read a file (read_file)',
        'Reads the file at a path.',
        "Hints (the server's word, not a promise): read-only",
        '"path": "/etc/hosts"',
        question,
        'Always allow read_file (while this runs)',
        'Deny',
      ]);
      assert.ok(!shown.includes('second line'), 'only the first line of the description is shown');
      // A long value is cut (and wrapped under the guide bar).
      const note = /"note": "([x\n│ ]+)… \(100 more\s(?:│\s+)?characters\)"/.exec(shown);
      assert.equal(note?.[1]?.replace(/[^x]/g, '').length, 200, shown);
      assert.match(active(shown), /○ Allow once\n.*○ Always allow read_file \(while this runs\)\n.*● Deny/);
      screen.keys('Enter');
      assert.deepEqual(await outcome(), { status: 0, result: 'deny' });
    });

    it('allows once, or always, by the choice made with the arrow keys', async () => {
      const once = run('consent', toolRequest);
      await once.screen.waitFor('Allow once');
      once.screen.keys('Up', 'Up', 'Enter');
      assert.deepEqual(await once.outcome(), { status: 0, result: 'allow' });

      const always = run('consent', toolRequest);
      await always.screen.waitFor('Allow once');
      always.screen.keys('Up', 'Enter');
      assert.deepEqual(await always.outcome(), { status: 0, result: 'always' });
    });

    it('drops keys typed before it shows, waiting in the terminal', async () => {
      // Up twice (k is Up at a prompt), typed while nothing reads stdin: a line not ended,
      // which the terminal echoes and holds, and which raw mode makes readable.
      const { screen, outcome } = run('consent@typed-ahead', toolRequest);
      await screen.waitFor('type ahead now');
      screen.type('kk');
      await screen.waitFor(/^kk$/m, 'the keys typed ahead, echoed');
      process.kill(screen.pid(), 'SIGUSR2');
      const shown = await screen.waitFor(asking('● Deny'));
      assert.match(active(shown), /○ Allow once\n.*○ Always allow read_file \(while this runs\)\n.*● Deny/);
      screen.keys('Enter');
      assert.deepEqual(await outcome(), { status: 0, result: 'deny' });
    });

    it('drops keys typed before it shows, read into stdin’s buffer', async () => {
      // Up, Up and Enter in a raw terminal, read by stdin and held where no one took them:
      // were they handed to the prompt, it would allow once at once.
      const { screen, outcome } = await typedAhead('consent', toolRequest, 'kk');
      await screen.waitFor(asking('● Deny'));
      screen.keys('Enter');
      assert.deepEqual(await outcome(), { status: 0, result: 'deny' });
    });

    it('is still answered by keys typed once it shows', async () => {
      const { screen, outcome } = run('consent@typed-ahead', toolRequest);
      await screen.waitFor('type ahead now');
      process.kill(screen.pid(), 'SIGUSR2');
      await screen.waitFor(asking('● Deny'));
      screen.keys('Up', 'Up', 'Enter');
      assert.deepEqual(await outcome(), { status: 0, result: 'allow' });
    });

    for (const key of ['n', 'Escape']) {
      it(`denies on ${key}`, async () => {
        const { screen, outcome } = run('consent', toolRequest);
        await screen.waitFor('Allow once');
        screen.keys(key);
        assert.deepEqual(await outcome(), { status: 0, result: 'deny' });
        assert.match(screen.screen(), /Denied\./);
      });
    }

    it('Ctrl-C denies and interrupts: InterruptedError, exit status 130', async () => {
      const { screen, outcome } = run('consent', toolRequest);
      await screen.waitFor('Allow once');
      screen.keys('C-c');
      assert.deepEqual(await outcome(), {
        status: 130,
        error: { name: 'InterruptedError', message: 'interrupted (Ctrl-C)' },
      });
    });

    it('closes when the request is given up, rejecting with the reason', async () => {
      const { screen, outcome } = run('consent', toolRequest);
      await screen.waitFor('Allow once');
      process.kill(screen.pid(), 'SIGUSR1');
      assert.deepEqual(await outcome(), { status: 1, error: { name: 'Error', message: 'given up by the server' } });
    });

    it('shows what a tool without hints is assumed to do, and escapes control characters', async () => {
      const { screen, outcome } = run('consent', {
        ...toolRequest,
        trusted: true,
        tool: { name: 'rm\u001b[2Jrf', description: 'Deletes \u202eevil', inputSchema: { type: 'object' } },
        arguments: {},
      });
      const shown = await screen.waitFor('Allow once');
      assert.match(shown, /Tool call from server "files" \(trusted\)/);
      assert.ok(shown.includes('rm\\u001b[2Jrf'), shown);
      assert.ok(shown.includes('Deletes \\u202eevil'), shown);
      assert.match(
        shown,
        /Hints \(the server's word, not a promise\): destructive \(assumed\), open world \(assumed\)/,
      );
      assert.match(shown, /Arguments: none/);
      screen.keys('Up', 'Enter');
      assert.deepEqual(await outcome(), { status: 0, result: 'always' });
    });

    it('shows a sampling request: the system prompt, the last message and the token limit', async () => {
      const { screen, outcome } = run('consent', {
        kind: 'sampling',
        server: 'writer',
        trusted: false,
        params: {
          systemPrompt: 'You are a terse assistant.',
          messages: [
            { role: 'user', content: { type: 'text', text: 'First question' } },
            { role: 'assistant', content: { type: 'text', text: 'First answer' } },
            {
              role: 'user',
              content: [
                { type: 'text', text: 'Summarize the report' },
                { type: 'image', data: 'AAAA', mimeType: 'image/png' },
              ],
            },
          ],
          maxTokens: 256,
        },
      });
      const shown = await screen.waitFor('Let the model answer?');
      assertShows(shown, [
        'Sampling request from server "writer" (not trusted): it wants the model to answer.',
        'System prompt:',
        'You are a terse assistant.',
        'Last message (user):',
        'Summarize the report',
        '[image image/png]',
        'Answer: at most 256 tokens, 3 messages',
        'Always allow sampling for writer (while this runs)',
      ]);
      assert.ok(!shown.includes('First question'), 'only the last message is shown');
      screen.keys('Up', 'Up', 'Enter');
      assert.deepEqual(await outcome(), { status: 0, result: 'allow' });
    });
  });

  describe('elicitation form', () => {
    const form = {
      server: 'people',
      params: {
        message: 'Please tell us about you.',
        requestedSchema: {
          type: 'object',
          properties: {
            name: { type: 'string', title: 'Your name', description: 'As on your badge', minLength: 2, default: 'Ada' },
            email: { type: 'string', format: 'email' },
            age: { type: 'integer', title: 'Age', minimum: 18, maximum: 130 },
            height: { type: 'number', title: 'Height in metres' },
            subscribe: { type: 'boolean', title: 'Subscribe?', default: true },
            color: {
              type: 'string',
              title: 'Colour',
              oneOf: [
                { const: '#f00', title: 'Red' },
                { const: '#0f0', title: 'Green' },
              ],
              default: '#0f0',
            },
            size: { type: 'string', title: 'Size', enum: ['s', 'm', 'l'], enumNames: ['Small', 'Medium', 'Large'] },
            tags: {
              type: 'array',
              title: 'Tags',
              minItems: 1,
              maxItems: 2,
              items: {
                anyOf: [
                  { const: 'a', title: 'Alpha' },
                  { const: 'b', title: 'Beta' },
                  { const: 'c', title: 'Gamma' },
                ],
              },
              default: ['b'],
            },
          },
          required: ['name', 'age', 'size'],
        },
      },
    };

    it('asks each field with its default, asks again with the reason, reviews, and sends', async () => {
      const { screen, outcome } = run('form', form);
      let shown = await screen.waitFor('Answer (8 questions)');
      assert.match(shown, /Server "people" asks for information:\n.*Please tell us about you\./);
      screen.keys('Enter');

      // A string with a default, filled in: accepted as it is.
      await screen.waitFor(asking(/Your name \(required\)\n.*As on your badge\n.*\(at least 2 characters\)\n.*Ada/));
      screen.keys('Enter');

      // An email: a bad one is refused with the reason, then corrected.
      await screen.waitFor(asking(/email\n.*\(an email address\)/));
      screen.type('bob');
      screen.keys('Enter');
      await screen.waitFor(asking('not an email address'));
      screen.type('@example.com');
      screen.keys('Enter');

      // An integer with bounds: not a number, then not whole, then too small, then right.
      await screen.waitFor(asking(/Age \(required\)\n.*\(whole number, 18 to 130\)/));
      screen.type('abc');
      screen.keys('Enter');
      await screen.waitFor(asking('"abc" is not a whole number'));
      screen.keys('C-u');
      screen.type('12.5');
      screen.keys('Enter');
      await screen.waitFor(asking('12.5 is not a whole number'));
      screen.keys('C-u');
      screen.type('12');
      screen.keys('Enter');
      await screen.waitFor(asking('12 is less than 18'));
      screen.keys('C-u');
      screen.type('42');
      screen.keys('Enter');

      // An optional number: a decimal is fine.
      await screen.waitFor(asking(/Height in metres\n.*\(number\)/));
      screen.type('1.75');
      screen.keys('Enter');

      // A boolean whose default (yes) is chosen; changed to no.
      shown = active(await screen.waitFor(asking(/Subscribe\?\n.*● Yes/)));
      assert.match(shown, /○ \(no answer\)/, 'an optional field can be left unanswered');
      screen.keys('Down', 'Enter');

      // A titled choice with its default chosen.
      await screen.waitFor(asking(/Colour\n.*○ Red\n.*● Green/));
      screen.keys('Enter');

      // A required choice titled by the legacy enumNames: no "(no answer)".
      shown = active(await screen.waitFor(asking(/Size \(required\)\n.*● Small\n.*○ Medium\n.*○ Large/)));
      assert.doesNotMatch(shown, /no answer/);
      screen.keys('Down', 'Down', 'Enter');

      // A multiple choice with its default chosen: three chosen is one too many.
      await screen.waitFor(asking(/Tags\n.*\(choose 1 to 2\)\n(.*\n)?.*◻ Alpha\n.*◼ Beta\n.*◻ Gamma/));
      screen.keys('Space', 'Down', 'Down', 'Space', 'Enter');
      await screen.waitFor('Tags: choose at most 2 (3 chosen).');
      await screen.waitFor(asking(/Tags\n(.*\n)*.*◼ Alpha\n.*◼ Beta\n.*◼ Gamma/));
      screen.keys('Down', 'Space', 'Enter');

      shown = await screen.waitFor(asking('Send these answers?'));
      assertShows(shown, [
        'Your name: Ada',
        'email: bob@example.com',
        'Age: 42',
        'Height in metres: 1.75',
        'Subscribe?: no',
        'Colour: Green',
        'Size: Large',
        'Tags: Alpha, Gamma',
      ]);

      // Enter alone changes the answers (sending takes a choice): every field again, with the
      // answers given so far.
      assert.match(active(shown), /○ Send\n.*● Change them\n.*○ Decline/);
      screen.keys('Enter');
      await screen.waitFor(asking(/Your name \(required\)\n(.*\n){2}.*Ada/));
      screen.keys('C-u');
      screen.type('Grace');
      screen.keys('Enter');
      await screen.waitFor(asking(/email\n.*\n.*bob@example\.com/));
      for (const next of ['Age (required)', 'Height in metres', 'Subscribe?', 'Colour', 'Size (required)', 'Tags']) {
        screen.keys('Enter');
        await screen.waitFor(asking(next));
      }
      screen.keys('Enter');
      await screen.waitFor(
        (s) => asking('Send these answers?')(s) && s.includes('Your name: Grace'),
        'the second review',
      );
      screen.keys('Up', 'Enter');
      assert.deepEqual(await outcome(), {
        status: 0,
        result: {
          action: 'accept',
          content: {
            name: 'Grace',
            email: 'bob@example.com',
            age: 42,
            height: 1.75,
            subscribe: false,
            color: '#0f0',
            size: 'l',
            tags: ['a', 'c'],
          },
        },
      });
    });

    it('leaves unanswered optional fields out', async () => {
      const { screen, outcome } = run('form', {
        params: {
          message: 'Anything to add?',
          requestedSchema: {
            type: 'object',
            properties: {
              comment: { type: 'string' },
              rating: { type: 'integer' },
              ok: { type: 'boolean' },
              tags: { type: 'array', items: { type: 'string', enum: ['x', 'y'] } },
            },
          },
        },
      });
      assert.match(await screen.waitFor('Answer (4 questions)'), /A server asks for information:/);
      screen.keys('Enter');
      await screen.waitFor(asking(/◆ {2}comment\n/));
      screen.keys('Enter');
      await screen.waitFor(asking(/rating\n.*\(whole number\)/));
      screen.keys('Enter');
      await screen.waitFor(asking(/ok\n.*● Yes\n.*○ No\n.*○ \(no answer\)/));
      screen.keys('Down', 'Down', 'Enter');
      await screen.waitFor(asking(/◆ {2}tags\n/));
      screen.keys('Enter');
      const shown = await screen.waitFor('Send these answers?');
      assert.match(shown, /comment: \(no answer\)/);
      screen.keys('Up', 'Enter');
      assert.deepEqual(await outcome(), { status: 0, result: { action: 'accept', content: {} } });
    });

    it('declines before the questions, or at the review', async () => {
      const first = run('form', form);
      await first.screen.waitFor('Answer (8 questions)');
      first.screen.keys('Down', 'Enter');
      assert.deepEqual(await first.outcome(), { status: 0, result: { action: 'decline' } });

      const review = run('form', {
        params: { message: 'Name?', requestedSchema: { type: 'object', properties: { n: { type: 'string' } } } },
      });
      await review.screen.waitFor('Answer (1 question)');
      review.screen.keys('Enter');
      await review.screen.waitFor(asking(/◆ {2}n\n/));
      review.screen.type('x');
      review.screen.keys('Enter');
      await review.screen.waitFor('Send these answers?');
      review.screen.keys('Down', 'Enter');
      assert.deepEqual(await review.outcome(), { status: 0, result: { action: 'decline' } });
    });

    it('accepts a form without fields at once when chosen; Enter alone declines it', async () => {
      const empty = { params: { message: 'Go ahead?', requestedSchema: { type: 'object', properties: {} } } };
      const accept = run('form', empty);
      await accept.screen.waitFor('Accept? (Esc: cancel)');
      accept.screen.keys('Up', 'Enter');
      assert.deepEqual(await accept.outcome(), { status: 0, result: { action: 'accept', content: {} } });

      const decline = run('form', empty);
      await decline.screen.waitFor(asking(/○ Accept\n.*● Decline/));
      decline.screen.keys('Enter');
      assert.deepEqual(await decline.outcome(), { status: 0, result: { action: 'decline' } });
    });

    it('drops keys typed before a form without fields shows: it is accepted only when chosen there', async () => {
      const empty = { params: { message: 'Go ahead?', requestedSchema: { type: 'object', properties: {} } } };
      const { screen, outcome } = await typedAhead('form', empty, 'k');
      await screen.waitFor(asking(/○ Accept\n.*● Decline/));
      screen.keys('Enter');
      assert.deepEqual(await outcome(), { status: 0, result: { action: 'decline' } });
    });

    it('cancels on Esc at a question; Ctrl-C cancels and interrupts; a request given up closes it', async () => {
      const escape = run('form', form);
      await escape.screen.waitFor('Answer (8 questions)');
      escape.screen.keys('Enter');
      await escape.screen.waitFor('Your name (required)');
      escape.screen.keys('Escape');
      assert.deepEqual(await escape.outcome(), { status: 0, result: { action: 'cancel' } });

      const interrupt = run('form', form);
      await interrupt.screen.waitFor('Answer (8 questions)');
      interrupt.screen.keys('Enter');
      await interrupt.screen.waitFor('Your name (required)');
      interrupt.screen.keys('C-c');
      assert.deepEqual(await interrupt.outcome(), {
        status: 130,
        error: { name: 'InterruptedError', message: 'interrupted (Ctrl-C)' },
      });

      const givenUp = run('form', form);
      await givenUp.screen.waitFor('Answer (8 questions)');
      givenUp.screen.keys('Enter');
      await givenUp.screen.waitFor('Your name (required)');
      process.kill(givenUp.screen.pid(), 'SIGUSR1');
      assert.deepEqual(await givenUp.outcome(), {
        status: 1,
        error: { name: 'Error', message: 'given up by the server' },
      });
    });

    it('refuses a schema it cannot show, before asking anything', async () => {
      const { outcome } = run('form', {
        params: {
          message: 'Address?',
          requestedSchema: { type: 'object', properties: { address: { type: 'object' } } },
        },
      });
      const result = await outcome();
      assert.equal(result.status, 1);
      assert.equal(result.error?.name, 'FormSchemaError');
      assert.match(result.error?.message ?? '', /^field "address": type "object" is not one a form can ask for/);
    });
  });

  describe('URL elicitation', () => {
    const request = {
      server: 'payments',
      opener: 'xdg-open',
      params: {
        mode: 'url',
        elicitationId: 'e-1',
        message: 'Please enter your card details.',
        url: 'https://pay.example.com/checkout?session=abc&step=2',
      },
    };

    it('shows the server, its message, the full URL and its host, and accepts when chosen', async () => {
      const { screen, outcome } = run('url', request);
      const shown = await screen.waitFor('Open it (with xdg-open)');
      assert.match(shown, /Server "payments" asks you to open a web page:\n.*Please enter your card details\./);
      assert.match(shown, /URL: {2}https:\/\/pay\.example\.com\/checkout\?session=abc&step=2\n/);
      assert.match(shown, /Host: pay\.example\.com\n/);
      assert.match(active(shown), /○ Open it \(with xdg-open\)\n.*● Decline/);
      screen.keys('Up', 'Enter');
      assert.deepEqual(await outcome(), {
        status: 0,
        result: { action: 'accept', url: 'https://pay.example.com/checkout?session=abc&step=2' },
      });
    });

    it('declines on Enter alone, and drops keys typed before it shows', async () => {
      const { screen, outcome } = await typedAhead('url', request, 'k');
      await screen.waitFor(asking('● Decline'));
      screen.keys('Enter');
      assert.equal(((await outcome()).result as { action: string }).action, 'decline');
    });

    it('declines on n, cancels on Esc, and says so when the page cannot be opened here', async () => {
      const decline = run('url', request);
      await decline.screen.waitFor('Open it (with xdg-open)');
      decline.screen.keys('n');
      assert.equal(((await decline.outcome()).result as { action: string }).action, 'decline');

      const cancel = run('url', {
        ...request,
        opener: null,
        params: { ...request.params, url: 'http://xn--e1afmkfd.example/a' },
      });
      const shown = await cancel.screen.waitFor('Go on (open the URL above yourself)');
      assert.match(shown, /Host: xn--e1afmkfd\.example \(not encrypted: http\)/);
      cancel.screen.keys('Escape');
      assert.equal(((await cancel.outcome()).result as { action: string }).action, 'cancel');
    });
  });

  describe('configuration inputs', () => {
    it('masks a password as it is typed', async () => {
      const { screen, outcome } = run('input', { description: 'API token for the server', password: true });
      await screen.waitFor('API token for the server');
      screen.type('s3cret-value');
      const shown = await screen.waitFor(/[▪•]{12}/);
      assert.ok(!shown.includes('s3cret'), `the screen shows no typed character:\n${shown}`);
      screen.keys('Enter');
      assert.deepEqual(await outcome(), { status: 0, result: 's3cret-value' });
      assert.ok(!screen.screen().includes('s3cret'), 'nor does it after the answer');
    });

    it('fills in a default, and picks one of a list', async () => {
      const text = run('input', { description: 'Region', default: 'eu-west-1' });
      await text.screen.waitFor(/Region\n.*eu-west-1/);
      text.screen.keys('Enter');
      assert.deepEqual(await text.outcome(), { status: 0, result: 'eu-west-1' });

      const pick = run('input', {
        description: 'Environment',
        options: ['dev', { label: 'Production', value: 'prod' }, 'test'],
        default: 'prod',
      });
      await pick.screen.waitFor(/Environment\n.*○ dev\n.*● Production\n.*○ test/);
      pick.screen.keys('Down', 'Enter');
      assert.deepEqual(await pick.outcome(), { status: 0, result: 'test' });

      const escape = run('input', { description: 'Anything' });
      await escape.screen.waitFor('Anything');
      escape.screen.keys('Escape');
      assert.deepEqual(await escape.outcome(), { status: 0, result: null });
    });
  });

  describe('progress bar', () => {
    it('draws in place, throttles, turns when the total is unknown, and leaves a clean line', async () => {
      const { screen, outcome } = run('progress');
      /** The row after "progress below": where the bar is drawn. */
      const barRow = (s: string): string => s.split('\n')[s.split('\n').indexOf('progress below') + 1] ?? '';
      let shown = await screen.waitFor('three of ten');
      assert.equal(barRow(shown), `copying [${'█'.repeat(7)}${'░'.repeat(17)}]  30% three of ten`);
      screen.keys('Enter');
      // A thousand updates at once: one drawn at once, the last one at the interval's end.
      shown = await screen.waitFor('file 1000');
      assert.equal(barRow(shown), `copying [${'█'.repeat(24)}] 100% file 1000`);
      screen.keys('Enter');
      shown = await screen.waitFor('total unknown');
      assert.match(barRow(shown), /^copying [⠋⠙⠹⠸⠼⠴⠦⠧⠇⠏] 7 total unknown$/);
      screen.keys('Enter');
      const result = await outcome();
      shown = screen.screen();
      assert.equal(barRow(shown), 'after the bar', `the bar's line is clean:\n${shown}`);
      assert.ok(!shown.includes('copying'), 'nothing of the bar is left, and nothing drawn after done()');
      assert.equal(result.status, 0);
      const { active, burst } = result.result as { active: boolean; burst: number };
      assert.equal(active, true);
      assert.ok(burst <= 2, `a burst of 1000 updates drew ${burst} times`);
    });
  });
});
