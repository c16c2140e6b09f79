/**
 * The form app: `new_ticket` opens the view `ui://tickets/form.html`, a ticket form filled in
 * from the model's arguments, for the user to check and file; the form files it through
 * `save_ticket`, a tool only the view may call (visibility `["app"]`), which stores it and
 * answers with its number. A client that shows no apps has no form: `new_ticket` files the
 * ticket as given and says so. `list_tickets` shows the model what was filed.
 * @module
 */
import { z } from 'zod';
import { appToolMeta, appView, rendersApps, type AppViewSource, type Server } from 'mcpkit/server';

export const TICKET_VIEW = 'ui://tickets/form.html';

export const PRIORITIES = ['low', 'normal', 'high', 'urgent'] as const;

const ticketInput = z.object({
  title: z.string().trim().min(1, 'a ticket needs a title').max(120).describe('One line saying what is wrong'),
  description: z.string().max(4000).default('').describe('What happened, what was expected, how to reproduce it'),
  priority: z.enum(PRIORITIES).default('normal').describe('How urgent it is'),
});

/** A ticket as the form edits it. */
export type TicketDraft = z.infer<typeof ticketInput>;

/** A filed ticket. */
export interface Ticket extends TicketDraft {
  id: string;
}

/** Registers the form's view (its page, `html`) and the tools of tickets on `server`. */
export function addTicketApp(server: Server, html: AppViewSource): void {
  const tickets: Ticket[] = [];
  const file = (draft: TicketDraft): Ticket => {
    const ticket = { id: `TCK-${tickets.length + 1}`, ...draft };
    tickets.push(ticket);
    return ticket;
  };
  appView(
    server,
    TICKET_VIEW,
    { name: 'Ticket form', description: 'A form to check a ticket and file it', prefersBorder: true },
    html,
  );
  server.tool(
    'new_ticket',
    {
      title: 'New ticket',
      description:
        'Drafts a support ticket and opens it in a form for the user to check and file. ' +
        'Fill in what you know; the user corrects the rest before filing.',
      inputSchema: ticketInput,
      _meta: appToolMeta({ view: TICKET_VIEW }),
    },
    (draft, ctx) => {
      if (rendersApps(ctx)) {
        return {
          content: [
            {
              type: 'text',
              text: `The ticket form is open with the draft "${draft.title}" (priority ${draft.priority}). Nothing is filed until the user presses File ticket; you will be told when they do.`,
            },
          ],
          structuredContent: { draft },
        };
      }
      const ticket = file(draft);
      return {
        content: [
          {
            type: 'text',
            text: `${filed(ticket)} This client shows no apps, so there was no form to check it in: it was filed as given.`,
          },
        ],
        structuredContent: { ticket },
      };
    },
  );
  server.tool(
    'save_ticket',
    {
      title: 'File a ticket',
      description: 'Files the ticket of the form. Only the ticket form calls it.',
      inputSchema: ticketInput,
      _meta: appToolMeta({ visibility: ['app'] }),
    },
    (draft) => {
      const ticket = file(draft);
      return { content: [{ type: 'text', text: filed(ticket) }], structuredContent: { ticket } };
    },
  );
  server.tool(
    'list_tickets',
    {
      title: 'List tickets',
      description: 'Lists the tickets filed so far, newest last.',
      annotations: { readOnlyHint: true },
    },
    () => ({
      content: [
        {
          type: 'text',
          text: tickets.length === 0 ? 'No tickets filed yet.' : tickets.map((t) => `- ${filed(t)}`).join('\n'),
        },
      ],
      structuredContent: { tickets },
    }),
  );
}

/** One sentence saying what was filed. */
function filed(ticket: Ticket): string {
  return `Filed ${ticket.id} "${ticket.title}" (priority ${ticket.priority}).`;
}
