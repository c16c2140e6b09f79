/**
 * The ticket form's page: filled in from the model's arguments as they arrive (a field the
 * user has changed is theirs from then on), kept in the model's context as the user edits it,
 * and filed through the app-only tool `save_ticket`; the server's answer is shown, and the
 * conversation is told what was filed.
 * @module
 */
import { App, applyHostStyles } from 'mcpkit/app';
import type { Ticket, TicketDraft } from '../ticket-app.js';

const PRIORITIES: readonly string[] = ['low', 'normal', 'high', 'urgent'];

const byId = <T extends HTMLElement = HTMLElement>(id: string) => document.getElementById(id) as T;
const form = byId<HTMLFormElement>('form');
const title = byId<HTMLInputElement>('title');
const description = byId<HTMLTextAreaElement>('description');
const button = byId<HTMLButtonElement>('file');
const status = byId('status');

const app = new App({ name: 'ticket-form', version: '1.0.0' });
/** The fields the user changed: the model's arguments no longer overwrite them. */
const touched = new Set<string>();
let filed: Ticket | undefined;
let contextTimer: ReturnType<typeof setTimeout> | undefined;

app.on('toolinputpartial', ({ arguments: args = {} }) => fill(args));
app.on('toolinput', ({ arguments: args = {} }) => {
  fill(args);
  void tellModel();
});
app.on('toolresult', (result) => {
  // The draft as the server read it, defaults filled in.
  const draft = (result.structuredContent as { draft?: Partial<TicketDraft> } | undefined)?.draft;
  if (draft) fill(draft);
});
app.on('toolcancelled', () => say('The draft was not finished: complete it here.'));
app.on('hostcontextchanged', () => applyHostStyles(app.hostContext));

form.addEventListener('input', (event) => {
  const name = (event.target as HTMLInputElement).name;
  if (name) touched.add(name);
  if (status.className === 'error') say('');
  clearTimeout(contextTimer);
  contextTimer = setTimeout(() => void tellModel(), 500);
});
// Hosts may sandbox a view without `allow-forms`, where a form is never submitted: the button
// and the Enter key file the ticket themselves.
form.addEventListener('submit', (event) => event.preventDefault());
button.addEventListener('click', () => void file());
title.addEventListener('keydown', (event) => {
  if (event.key !== 'Enter') return;
  event.preventDefault();
  void file();
});

try {
  await app.connect();
  applyHostStyles(app.hostContext);
} catch (error) {
  say(`This page is an MCP App view, shown by a host that renders MCP Apps (${String(error)}).`, true);
  button.disabled = true;
}

/** Fills the fields the user has not changed from `args`. */
function fill(args: Record<string, unknown>): void {
  if (filed) return;
  if (typeof args.title === 'string' && !touched.has('title')) title.value = args.title;
  if (typeof args.description === 'string' && !touched.has('description')) description.value = args.description;
  if (typeof args.priority === 'string' && PRIORITIES.includes(args.priority) && !touched.has('priority')) {
    const radio = form.querySelector<HTMLInputElement>(`input[name="priority"][value="${args.priority}"]`);
    if (radio) radio.checked = true;
  }
}

/** The form's ticket. */
function draft(): TicketDraft {
  const priority = new FormData(form).get('priority');
  return {
    title: title.value.trim(),
    description: description.value,
    priority: (typeof priority === 'string' && PRIORITIES.includes(priority)
      ? priority
      : 'normal') as TicketDraft['priority'],
  };
}

/** Files the ticket through the server's `save_ticket`, shows the answer and tells the conversation. */
async function file(): Promise<void> {
  if (button.disabled) return;
  const ticket = draft();
  if (ticket.title === '') {
    say('A ticket needs a title.', true);
    title.focus();
    return;
  }
  button.disabled = true;
  say('Filing…');
  try {
    const result = await app.callServerTool('save_ticket', { ...ticket });
    const text = result.content.map((c) => ('text' in c ? c.text : '')).join(' ');
    const saved = (result.structuredContent as { ticket?: Ticket } | undefined)?.ticket;
    if (result.isError === true || saved === undefined) throw new Error(text || 'the server did not file it');
    filed = saved;
    showFiled(saved, text);
  } catch (error) {
    button.disabled = false;
    say(`Not filed: ${error instanceof Error ? error.message : String(error)}`, true);
    return;
  }
  await tellModel();
  try {
    await app.sendMessage(`I filed ticket ${filed.id}: "${filed.title}" (priority ${filed.priority}).`);
  } catch {
    say('The host did not add it to the conversation.');
  }
}

function showFiled(ticket: Ticket, text: string): void {
  for (const field of form.querySelectorAll<HTMLInputElement | HTMLTextAreaElement>('input, textarea'))
    field.disabled = true;
  button.textContent = 'Filed';
  say('');
  byId('filed-title').textContent = `Filed as ${ticket.id}`;
  byId('filed-text').textContent = text;
  byId('filed').hidden = false;
  byId('subtitle').textContent = 'The ticket is filed.';
}

/** Tells the model what the form holds now (each update replaces the last); a host that takes none is fine. */
async function tellModel(): Promise<void> {
  clearTimeout(contextTimer);
  const now = filed ?? draft();
  const text = filed
    ? `The user filed ticket ${filed.id} "${filed.title}" (priority ${filed.priority}) from the ticket form.`
    : `The ticket form holds a draft the user has not filed yet: "${now.title}" (priority ${now.priority}). ` +
      `Description: ${now.description || '(none)'}`;
  try {
    await app.updateModelContext({
      content: [{ type: 'text', text }],
      structuredContent: filed ? { filed: true, ticket: filed } : { filed: false, draft: now },
    });
  } catch {
    // The host keeps no context for the model: the message after filing still tells it.
  }
}

function say(text: string, error = false): void {
  status.textContent = text;
  status.className = error ? 'error' : 'muted';
}
