/**
 * One catalog of what every server offers: tools, resources, resource templates, prompts and skills,
 * read from each server when first asked for and read again when the server says its list
 * changed (or when it is started again). Tools and prompts get names unique across servers
 * ({@link ToolNaming}); resources keep their URIs and are routed to the server that lists them.
 * @module
 */
import { isModern, type AppVisibility, type Prompt, type Resource, type ResourceTemplate, type Tool } from 'mcpkit';
import type { ClientSession } from 'mcpkit/client';
import type { Skill } from 'mcpkit';
import { modelToolName, type ToolNaming } from './tool-names.js';

/**
 * A tool in the catalog: its name there, its server, the server's own description of it, and
 * what MCP Apps say of it (`_meta.ui`): the view shown for its calls, and who may call it.
 */
export interface CatalogTool {
  /** The tool's name in the catalog (`<server>__<tool>` by default), which the model calls it by. */
  name: string;
  /** The server's name in the host's configuration. */
  server: string;
  /** The tool as its server describes it. */
  tool: Tool;
  /** The `ui://` URI of its view; absent when it has none (or names it wrong: the host reports that). */
  view?: string;
  /** `model` is in the model's list; `app` is callable by its server's views. Default both. */
  visibility: readonly AppVisibility[];
}

/** A prompt in the catalog, named like tools are. */
export interface CatalogPrompt {
  /** The prompt's name in the catalog. */
  name: string;
  /** The server's name in the host's configuration. */
  server: string;
  /** The prompt as its server describes it. */
  prompt: Prompt;
}

/** A resource of the catalog, and the server that has it. */
export interface CatalogResource {
  /** The server's name in the host's configuration. */
  server: string;
  /** The resource as its server lists it. */
  resource: Resource;
}

/** A resource template of the catalog, and the server that has it. */
export interface CatalogTemplate {
  /** The server's name in the host's configuration. */
  server: string;
  /** The template as its server lists it. */
  template: ResourceTemplate;
}

/** The lists a server may offer. */
export type ListKind = 'tools' | 'resources' | 'templates' | 'prompts' | 'skills';

/** Each list kind's items. */
export interface Lists {
  tools: Tool[];
  resources: Resource[];
  templates: ResourceTemplate[];
  prompts: Prompt[];
  skills: Skill[];
}

/** One server's lists, each read once and kept until it changes. */
class ServerLists {
  readonly session: ClientSession;
  readonly #reads = new Map<ListKind, Promise<unknown[]>>();
  /** The lists read and still current, for a lookup that need not wait. */
  readonly #current = new Map<ListKind, unknown[]>();
  readonly #onInvalid: (skill: Skill, problems: readonly string[]) => void;

  constructor(session: ClientSession, onInvalid: (skill: Skill, problems: readonly string[]) => void) {
    this.session = session;
    this.#onInvalid = onInvalid;
  }

  read<K extends ListKind>(kind: K): Promise<Lists[K]> {
    let read = this.#reads.get(kind);
    if (read === undefined) {
      const reading = readList(this.session, kind, this.#onInvalid);
      read = reading;
      this.#reads.set(kind, reading);
      reading.then(
        (items) => {
          if (this.#reads.get(kind) === reading) this.#current.set(kind, items);
        },
        // A failed read is not kept: asked again, it is tried again.
        () => this.#reads.delete(kind),
      );
    }
    return read as Promise<Lists[K]>;
  }

  forget(kind: ListKind): void {
    this.#reads.delete(kind);
    this.#current.delete(kind);
  }

  current<K extends ListKind>(kind: K): Lists[K] | undefined {
    return this.#current.get(kind) as Lists[K] | undefined;
  }
}

async function readList(
  session: ClientSession,
  kind: ListKind,
  onInvalid: (skill: Skill, problems: readonly string[]) => void,
): Promise<unknown[]> {
  const caps = session.serverCapabilities;
  const items: unknown[] = [];
  switch (kind) {
    case 'tools':
      if (caps.tools) for await (const tool of session.tools()) items.push(tool);
      break;
    case 'prompts':
      if (caps.prompts) for await (const prompt of session.prompts()) items.push(prompt);
      break;
    case 'resources':
      if (caps.resources) for await (const resource of session.resources()) items.push(resource);
      break;
    case 'templates':
      if (caps.resources) for await (const template of session.resourceTemplates()) items.push(template);
      break;
    case 'skills':
      // A skill that breaks the extension's rules is left out and reported; the others stay.
      if (session.skills.supported) for await (const skill of session.skills.list({ onInvalid })) items.push(skill);
      break;
  }
  return items;
}

const LIST_CHANGED = {
  toolsListChanged: ['tools'],
  promptsListChanged: ['prompts'],
  // A server announces a change of its skills as a change of its resources.
  resourcesListChanged: ['resources', 'templates', 'skills'],
} as const;

export class Catalog {
  readonly #naming: ToolNaming;
  readonly #onChange: (server: string, kind: ListKind) => void;
  readonly #onError: (error: Error) => void;
  readonly #servers = new Map<string, ServerLists>();
  /** The last naming, given again for the same lists: each call looks its tool up by name. */
  #named: { input: [string, unknown[]][]; output: { name: string; server: string; item: unknown }[] } | undefined;

  constructor(setup: {
    naming: ToolNaming;
    onChange: (server: string, kind: ListKind) => void;
    onError: (error: Error) => void;
  }) {
    this.#naming = setup.naming;
    this.#onChange = setup.onChange;
    this.#onError = setup.onError;
  }

  /** A server's new session: its lists are read anew, and kept current while it lasts. */
  attach(server: string, session: ClientSession): void {
    const lists = new ServerLists(session, (skill, problems) =>
      this.#onError(new Error(`server "${server}": skill ${skill.uri} left out: ${problems.join('; ')}`)),
    );
    this.#servers.set(server, lists);
    for (const [event, kinds] of Object.entries(LIST_CHANGED)) {
      session.on(event as keyof typeof LIST_CHANGED, () => {
        if (this.#servers.get(server) !== lists) return;
        for (const kind of kinds) {
          lists.forget(kind);
          this.#onChange(server, kind);
        }
      });
    }
    // The modern revision announces changes only on a stream the client opens for them.
    const caps = session.serverCapabilities;
    if (isModern(session.protocolVersion)) {
      const filter = {
        ...(caps.tools?.listChanged && { toolsListChanged: true }),
        ...(caps.prompts?.listChanged && { promptsListChanged: true }),
        ...(caps.resources?.listChanged && { resourcesListChanged: true }),
      };
      if (Object.keys(filter).length > 0)
        session.listen(filter).catch((error: unknown) => {
          if (!session.closed)
            this.#onError(new Error(`server "${server}": listening for list changes failed: ${String(error)}`));
        });
    }
    for (const kind of ['tools', 'resources', 'templates', 'prompts', 'skills'] as const) this.#onChange(server, kind);
  }

  /** The server's lists are gone with its session. */
  detach(server: string): void {
    this.#servers.delete(server);
  }

  /** A server's own list of `kind`, read now or kept from before. */
  /** A server's list of `kind` as last read, while it is current; `undefined` otherwise. */
  current<K extends ListKind>(server: string, kind: K): Lists[K] | undefined {
    return this.#servers.get(server)?.current(kind);
  }

  list<K extends ListKind>(server: string, kind: K): Promise<Lists[K]> {
    const lists = this.#servers.get(server);
    if (lists === undefined) return Promise.resolve([] as Lists[K]);
    return lists.read(kind);
  }

  /**
   * Catalog names for the tools (or prompts) of each server, in the order given. A name two
   * servers would share goes to the first; the other gets a hashed one, the same on every run.
   */
  name<T extends { name: string }>(
    byServer: [server: string, items: T[]][],
  ): { name: string; server: string; item: T }[] {
    const last = this.#named;
    if (last !== undefined && sameLists(last.input, byServer))
      return last.output as { name: string; server: string; item: T }[];
    const taken = new Set<string>();
    const named: { name: string; server: string; item: T }[] = [];
    for (const [server, items] of byServer) {
      for (const item of items) {
        let name = modelToolName(this.#naming(server, item.name));
        if (taken.has(name)) name = modelToolName(`${name}\u0000${server}`);
        if (taken.has(name)) continue; // the server listed the same name twice
        taken.add(name);
        named.push({ name, server, item });
      }
    }
    this.#named = { input: byServer.map(([server, items]) => [server, items]), output: named };
    return named;
  }
}

/** Whether two namings concern the very same lists (read once and kept until they change). */
function sameLists(a: readonly [string, unknown[]][], b: readonly [string, unknown[]][]): boolean {
  return a.length === b.length && a.every(([server, items], i) => server === b[i]![0] && items === b[i]![1]);
}
