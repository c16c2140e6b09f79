/**
 * The server of the two example apps: a loan chart and a ticket form. Each view's page is
 * bundled into one self-contained document as the server starts, once, and served from then
 * on; a view that fails to bundle says why on stderr and to each client that reads it.
 * @module
 */
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { Server } from 'mcpkit/server';
import { inlineView } from './inline-view.js';
import { addLoanApp } from './loan-app.js';
import { addTicketApp } from './ticket-app.js';

/**
 * The views' sources: beside this file when it runs from examples/apps, or in the sources'
 * folder when it runs compiled from build/examples/apps (`npm test` compiles it there).
 */
const VIEWS = [new URL('./views/', import.meta.url), new URL('../../../examples/apps/views/', import.meta.url)]
  .map((url) => fileURLToPath(url))
  .find((dir) => existsSync(join(dir, 'loan-chart.html')));

export function createAppsServer(): Server {
  const server = new Server(
    { name: 'mcpkit-apps-example', version: '0.1.0', title: 'mcpkit MCP Apps example' },
    {
      instructions:
        'chart_loan charts a loan; new_ticket opens a ticket form the user files. ' +
        'Hosts that render MCP Apps show both as views; other clients get text.',
    },
  );
  addLoanApp(server, page('loan-chart.html'));
  addTicketApp(server, page('ticket-form.html'));
  return server;
}

/** The page `file`, bundled now; what `appView` serves it from. */
function page(file: string): () => Promise<string> {
  const html =
    VIEWS === undefined
      ? Promise.reject(new Error(`the views' sources (examples/apps/views/${file}) are not found`))
      : inlineView(VIEWS, file);
  html.catch((error: unknown) => console.error(`mcpkit apps example: ${file}: ${String(error)}`));
  return () => html;
}
