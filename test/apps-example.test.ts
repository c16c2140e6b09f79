// The MCP Apps example (examples/apps) as a client meets it: the server in a child process,
// over stdio and over Streamable HTTP, in both eras. Its app tools point at their views by both
// keys and the app-only tool says so; each view reads as one self-contained document of the
// view type; the tools return their data with a text for the model that fits the client (one
// that declares the Apps extension, one that does not); the form's tool files and answers.
import assert from 'node:assert/strict';
import { execFile } from 'node:child_process';
import process from 'node:process';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { after, before, describe, it } from 'node:test';
import { toolView, toolVisibility, viewDocument } from 'mcpkit/app-host';
import { Client, type ClientSession } from 'mcpkit/client';
import { StreamableHttpClientTransport } from 'mcpkit/http';
import { CommandTransport } from 'mcpkit/stdio';
import { serving, within, type ServingProcess } from './helpers/e2e.js';

// The extension and the view type, as the Apps specification spells them.
const APPS_EXTENSION = 'io.modelcontextprotocol/ui';
const APP_MIME_TYPE = 'text/html;profile=mcp-app';
const SERVER = fileURLToPath(new URL('../examples/apps/server.js', import.meta.url));
const ERAS = ['2025-11-25', '2026-07-28'] as const;
const VIEWS = { chart_loan: 'ui://loan/chart.html', new_ticket: 'ui://tickets/form.html' };
const LOAN = { amount: 200_000, ratePercent: 5, years: 30 };

type Era = (typeof ERAS)[number];
type Result = Awaited<ReturnType<ClientSession['callTool']>> & Record<string, unknown>;

/** A client of the example; `rendering`: it declares that it renders MCP Apps. */
function client(rendering: boolean): Client {
  return new Client(
    { name: rendering ? 'apps-host' : 'text-client', version: '1.0.0' },
    rendering ? { capabilities: { extensions: { [APPS_EXTENSION]: { mimeTypes: [APP_MIME_TYPE] } } } } : {},
  );
}

function textOf(result: Result): string {
  const content = result.content as { type: string; text?: string }[];
  return content.map((block) => block.text ?? '').join('\n');
}

async function call(session: ClientSession, name: string, args: Record<string, unknown>): Promise<Result> {
  return (await within(session.callTool({ name, arguments: args }), 15_000, name)) as Result;
}

/** Runs the cases against a server reached by `connect`, in each era. */
function cases(transport: string, connect: (client: Client, era: Era) => Promise<ClientSession>) {
  for (const era of ERAS) {
    describe(`the apps example over ${transport} in ${era}`, () => {
      const open: ClientSession[] = [];
      const session = async (rendering: boolean) => {
        const s = await within(connect(client(rendering), era), 20_000, 'the session');
        open.push(s);
        return s;
      };
      after(() => Promise.all(open.map((s) => s.close())));

      it('lists its app tools with their views, and the app-only tool as such', async () => {
        const { tools } = await (await session(true)).listTools();
        const byName = new Map(tools.map((tool) => [tool.name, tool]));
        assert.deepEqual([...byName.keys()], ['chart_loan', 'new_ticket', 'save_ticket', 'list_tickets']);
        for (const [name, uri] of Object.entries(VIEWS)) {
          assert.deepEqual(byName.get(name)?._meta, { ui: { resourceUri: uri }, 'ui/resourceUri': uri });
          assert.equal(toolView(byName.get(name)!), uri);
          assert.deepEqual(toolVisibility(byName.get(name)!), ['model', 'app']);
        }
        const save = byName.get('save_ticket')!;
        assert.deepEqual(save._meta, { ui: { visibility: ['app'] } });
        assert.equal(toolView(save), undefined);
        assert.deepEqual(toolVisibility(save), ['app']);
        assert.equal(byName.get('list_tickets')?._meta, undefined);
      });

      it('reads each view as one self-contained HTML document with an inline module script', async () => {
        const s = await session(true);
        const { resources } = await s.listResources();
        assert.deepEqual(
          resources.map((r) => [r.uri, r.mimeType, r._meta]).sort(),
          Object.values(VIEWS)
            .map((uri) => [uri, APP_MIME_TYPE, { ui: { prefersBorder: true } }])
            .sort(),
        );
        for (const uri of Object.values(VIEWS)) {
          const read = await s.readResource({ uri });
          assert.equal(read.contents.length, 1);
          assert.equal(read.contents[0]?.mimeType, APP_MIME_TYPE);
          const { html, meta } = viewDocument(uri, read);
          assert.deepEqual(meta, { prefersBorder: true });
          assert.match(html, /^<!doctype html>\s*<html[^>]*>[\s\S]*<\/html>\s*$/i);
          assert.equal(html.match(/<script\b[^>]*>/gi)?.join(), '<script type="module">', 'one inline module script');
          assert.match(html, /<script type="module">[^<]*\S[\s\S]*?<\/script>/, 'the script is not empty');
          assert.match(html, /<style>[\s\S]*--color-background-primary/, "the host's variables in an inline style");
          assert.doesNotMatch(html, /<[a-z][^>]*\s(?:src|href)\s*=/i, 'nothing fetched');
          assert.doesNotMatch(html, /<link\b/i);
          assert.doesNotMatch(html, /\beval\(|new Function\(/, 'no eval');
        }
      });

      it("charts a loan: the schedule as data, a text that fits the client's rendering", async () => {
        const [app, text] = [
          await call(await session(true), 'chart_loan', LOAN),
          await call(await session(false), 'chart_loan', LOAN),
        ];
        for (const result of [app, text]) {
          assert.equal(result.isError, undefined);
          const loan = result.structuredContent as {
            monthlyPayment: number;
            totalInterest: number;
            schedule: { year: number; interest: number; principal: number; balance: number }[];
          };
          assert.equal(loan.monthlyPayment, 1073.64);
          assert.equal(loan.totalInterest, 186_513.24);
          assert.equal(loan.schedule.length, 30);
          assert.deepEqual(loan.schedule[0], { year: 1, interest: 9933, principal: 2950.68, balance: 197_049.32 });
          assert.equal(loan.schedule.at(-1)?.balance, 0);
          const principal = loan.schedule.reduce((sum, y) => sum + Math.round(y.principal * 100), 0);
          assert.equal(principal, LOAN.amount * 100, 'the principal paid is what was borrowed');
        }
        assert.match(textOf(app), /^Borrowing \$200,000\.00 at 5 % over 30 years costs \$1,073\.64 a month\./);
        assert.match(textOf(app), /interactive chart/);
        assert.doesNotMatch(textOf(app), /\| Year \|/);
        assert.match(textOf(text), /This client shows no apps, so here is the schedule by year/);
        assert.match(textOf(text), /\| 1 \| \$9,933\.00 \| \$2,950\.68 \| \$197,049\.32 \|/);
        assert.match(textOf(text), /\| 30 \| .* \| \$0\.00 \|$/);
      });

      it('refuses a loan it cannot chart, saying why', async () => {
        const result = await call(await session(true), 'chart_loan', { ...LOAN, years: 0 });
        assert.equal(result.isError, true);
        assert.match(textOf(result), /Invalid arguments for tool chart_loan: years/);
      });

      it('opens the form for a client that renders apps, and files at once for one that does not', async () => {
        const [app, text] = [await session(true), await session(false)];
        const ticket = { title: `Export hangs (${transport}, ${era})`, priority: 'high' };
        const drafted = await call(app, 'new_ticket', ticket);
        assert.deepEqual(drafted.structuredContent, { draft: { ...ticket, description: '' } });
        assert.match(textOf(drafted), /The ticket form is open .* Nothing is filed until the user presses File ticket/);
        assert.ok(!textOf(await call(app, 'list_tickets', {})).includes(ticket.title), 'a draft is not filed');

        const filed = await call(text, 'new_ticket', ticket);
        const { id } = (filed.structuredContent as { ticket: { id: string } }).ticket;
        assert.match(id, /^TCK-\d+$/);
        assert.equal(
          textOf(filed),
          `Filed ${id} "${ticket.title}" (priority high). This client shows no apps, so there was no form to check it in: it was filed as given.`,
        );
        assert.ok(textOf(await call(text, 'list_tickets', {})).includes(`Filed ${id} "${ticket.title}"`));
      });

      it('files what the form sends through save_ticket, and refuses a ticket without a title', async () => {
        const s = await session(true);
        const ticket = {
          title: `Typo on the pricing page (${era})`,
          description: 'It says "pricng".',
          priority: 'low',
        };
        const saved = await call(s, 'save_ticket', ticket);
        const stored = (saved.structuredContent as { ticket: { id: string } }).ticket;
        assert.deepEqual(stored, { id: stored.id, ...ticket });
        assert.equal(textOf(saved), `Filed ${stored.id} "${ticket.title}" (priority low).`);
        const listed = (await call(s, 'list_tickets', {})).structuredContent as { tickets: unknown[] };
        assert.deepEqual(listed.tickets.at(-1), stored);

        const refused = await call(s, 'save_ticket', { title: '   ', priority: 'low' });
        assert.equal(refused.isError, true);
        assert.match(textOf(refused), /title: a ticket needs a title/);
        const after = (await call(s, 'list_tickets', {})).structuredContent as { tickets: unknown[] };
        assert.equal(after.tickets.length, listed.tickets.length, 'nothing filed');
      });
    });
  }
}

cases('stdio', (c, era) =>
  c.connect(new CommandTransport({ command: process.execPath, args: [SERVER], stderr: 'pipe', closeTimeoutMs: 5000 }), {
    protocolVersion: era,
  }),
);

describe('over Streamable HTTP', () => {
  let server: ServingProcess | undefined;
  before(async () => {
    server = await serving(SERVER, ['--http', '0']);
  });
  after(() => server?.close());
  cases('Streamable HTTP', (c, era) =>
    c.connect(new StreamableHttpClientTransport({ url: server!.url }), { protocolVersion: era }),
  );
});

describe('the command line of the apps example', () => {
  it('prints its URL on 127.0.0.1 with --http', async () => {
    const server = await serving(SERVER, ['--http', '0']);
    try {
      assert.match(server.url, /^http:\/\/127\.0\.0\.1:\d+\/mcp$/);
    } finally {
      await server.close();
    }
  });

  it('refuses what it does not know, with its usage', async () => {
    for (const args of [['--port', '1'], ['8080'], ['--http', 'nine']]) {
      const failed = await promisify(execFile)(process.execPath, [SERVER, ...args]).then(
        () => assert.fail(`${args.join(' ')} was accepted`),
        (error: { code?: number; stderr?: string }) => error,
      );
      assert.equal(failed.code, 2, args.join(' '));
      assert.match(failed.stderr ?? '', /Usage: node build\/examples\/apps\/server\.js \[--http \[port\]\]/);
    }
  });
});
