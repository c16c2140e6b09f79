/**
 * Prompts: message templates with declared string arguments, listed and filled in on request.
 * @module
 */
import { isObject } from '../jsonrpc/message.js';
import { invalidParams } from '../protocol/errors.js';
import { shapeForRevision } from '../protocol/revision-shape.js';
import type { RequestHandler } from '../protocol/session.js';
import type { Meta } from '../types/base.js';
import type { ServerCapabilities } from '../types/capabilities.js';
import type { GetPromptResult, ListPromptsResult, Prompt, PromptArgument, PromptMessage } from '../types/prompts.js';
import type { Completer, Completers, CompletionSource } from './completion.js';
import type { ServerContext } from './context.js';
import type { FeatureHost, ServerFeature } from './feature.js';
import { FeatureSet, type FeatureHandle } from './feature-set.js';
import { shapeContentBlock } from './prompt-content.js';
import { SerializedResult } from '../jsonrpc/serialized-result.js';
import { checkedScopes, NO_SCOPES } from '../auth/server/scopes.js';

/** What a prompt handler returns; a string is one user message with that text. */
export type PromptReturn =
  | {
      /** What the prompt is, filled in, for the client to show. */
      description?: string;
      /** The prompt's messages, in order. */
      messages: PromptMessage[];
      /** Metadata of the result. */
      _meta?: Meta;
    }
  | string;

/**
 * The arguments a prompt's handler receives, typed by its declared arguments: a required one is
 * a string, any other a string or missing (the client left it out).
 */
export type PromptArgs<A extends readonly PromptArgument[]> = Flatten<
  { [P in A[number] as P['required'] extends true ? P['name'] : never]: string } & {
    [P in A[number] as P['required'] extends true ? never : P['name']]?: string;
  }
>;

type Flatten<T> = { [K in keyof T]: T[K] };

/** Fills a prompt in. `args` holds the declared arguments the client gave, all strings. */
export type PromptHandler<Args extends object = Record<string, string | undefined>> = (
  args: Args,
  ctx: ServerContext,
) => PromptReturn | Promise<PromptReturn>;

/**
 * A prompt's description as clients see it, less its name, plus completers for its arguments.
 * `A` is the declared arguments, which type the handler's.
 */
export type PromptConfig<A extends readonly PromptArgument[] = readonly PromptArgument[]> = Omit<
  Prompt,
  'name' | 'arguments'
> & {
  /** The arguments the prompt takes; only `required: true` ones must be given. */
  arguments?: A;
  /** Completers for the prompt's arguments, by argument name. */
  complete?: Partial<Record<A[number]['name'], Completer>>;
  /**
   * The scopes an access token must grant to get the prompt, when the HTTP endpoint checks
   * tokens (its `auth` option): a request without them is answered 403 naming them, before the
   * handler runs. Not shown to clients; `prompts/list` lists the prompt whatever the token.
   */
  scopes?: readonly string[];
};

export interface RegisteredPrompt extends FeatureHandle {
  /** The prompt's name. */
  readonly name: string;
}

interface PromptEntry {
  definition: Prompt;
  /** The definition as each revision sees it, shaped on first use. */
  shaped: Map<string, Prompt>;
  declared: ReadonlyMap<string, PromptArgument>;
  complete: Completers | undefined;
  handler: PromptHandler;
  scopes: readonly string[];
}

export class PromptRegistry implements ServerFeature, CompletionSource {
  readonly #host: FeatureHost;
  readonly #prompts: FeatureSet<PromptEntry>;
  /** Prompts with completers, enabled or not: the capability is declared for them. */
  readonly #completing = new Set<PromptEntry>();
  readonly handlers: Record<string, RequestHandler<ServerContext>>;

  constructor(host: FeatureHost) {
    this.#host = host;
    this.#prompts = new FeatureSet('prompt', () => host.listChanged('prompts'));
    this.handlers = {
      'prompts/list': (params, ctx) => this.list(params.cursor as string | undefined, ctx),
      'prompts/get': (params, ctx) => this.get(params.name as string, params.arguments, ctx),
    };
  }

  capabilities(): ServerCapabilities {
    return this.#prompts.size > 0 ? { prompts: { listChanged: true } } : {};
  }

  /**
   * Registers a prompt. Throws when the name is empty or taken, an argument is declared twice,
   * or a completer names an argument that is not declared.
   */
  add(name: string, config: PromptConfig, handler: PromptHandler): RegisteredPrompt {
    if (typeof name !== 'string' || name === '') throw new TypeError('A prompt needs a non-empty name');
    const { complete, scopes, ...description } = config;
    const declared = new Map<string, PromptArgument>();
    for (const argument of description.arguments ?? []) {
      if (declared.has(argument.name))
        throw new TypeError(`Prompt ${JSON.stringify(name)} declares argument ${JSON.stringify(argument.name)} twice`);
      declared.set(argument.name, argument);
    }
    for (const key of Object.keys(complete ?? {})) {
      if (!declared.has(key))
        throw new TypeError(`Prompt ${JSON.stringify(name)} has no argument ${JSON.stringify(key)} to complete`);
    }
    // The declared arguments may be a readonly tuple (typed for the handler); the spec's type is an array.
    const definition = { name, ...description } as Prompt;
    const entry: PromptEntry = {
      definition,
      shaped: new Map(),
      declared,
      complete: complete as Completers | undefined,
      handler,
      scopes: checkedScopes(scopes, `Prompt ${JSON.stringify(name)}: scopes`),
    };
    const handle = this.#prompts.add(name, entry);
    if (complete !== undefined && Object.keys(complete).length > 0) this.#completing.add(entry);
    const remove = handle.remove;
    return Object.assign(handle, {
      name,
      remove: () => {
        this.#completing.delete(entry);
        remove();
      },
    });
  }

  /** One page of enabled prompts, in registration order, made once per page and revision until the prompts change. */
  list(cursor: string | undefined, ctx: ServerContext): SerializedResult<ListPromptsResult> {
    const version = ctx.protocolVersion;
    return this.#prompts.memo(`${version} ${cursor ?? ''}`, () => {
      const page = this.#prompts.page(cursor, this.#host.pageSize);
      const result: ListPromptsResult = { prompts: page.items.map((e) => shapedPrompt(e, version)) };
      if (page.nextCursor !== undefined) result.nextCursor = page.nextCursor;
      return new SerializedResult(result);
    });
  }

  /**
   * `prompts/get`: -32602 for an unknown prompt, an argument that is not declared or not a
   * string, or a required argument left out.
   */
  async get(name: string, args: unknown, ctx: ServerContext): Promise<GetPromptResult> {
    const entry = this.#prompts.get(name);
    if (!entry) throw invalidParams(`Unknown prompt: ${name}`, { name });
    const given = checkArguments(name, entry.declared, args ?? {});
    const returned = await entry.handler(given, ctx);
    const version = ctx.protocolVersion;
    if (typeof returned === 'string') {
      return { messages: [{ role: 'user', content: shapeContentBlock({ type: 'text', text: returned }, version) }] };
    }
    if (!Array.isArray(returned?.messages)) throw new TypeError(`Prompt ${name} returned no messages array`);
    const result: GetPromptResult = {
      messages: returned.messages.map((m, i) => {
        if ((m.role !== 'user' && m.role !== 'assistant') || !isObject(m.content)) {
          throw new TypeError(
            `Prompt ${name}: messages[${i}] needs a role of "user" or "assistant" and a content block`,
          );
        }
        return { role: m.role, content: shapeContentBlock(m.content, version) };
      }),
    };
    if (returned.description !== undefined) result.description = returned.description;
    if (returned._meta !== undefined) result._meta = returned._meta;
    return result;
  }

  /** The scopes getting (or completing an argument of) the enabled prompt `name` needs. */
  scopesFor(name: unknown): readonly string[] {
    return (typeof name === 'string' && this.#prompts.get(name)?.scopes) || NO_SCOPES;
  }

  /** Every scope a registered prompt asks for. */
  scopesInUse(): string[] {
    return this.#prompts.values().flatMap((entry) => entry.scopes);
  }

  completerFor(name: string, argument: string): Completer | undefined {
    const entry = this.#prompts.get(name);
    if (!entry) throw invalidParams(`Unknown prompt: ${name}`, { name });
    if (!entry.declared.has(argument))
      throw invalidParams(`Prompt ${name} has no argument ${JSON.stringify(argument)}`);
    return entry.complete?.[argument];
  }

  hasCompleters(): boolean {
    return this.#completing.size > 0;
  }
}

function checkArguments(
  prompt: string,
  declared: ReadonlyMap<string, PromptArgument>,
  args: unknown,
): Record<string, string> {
  if (!isObject(args)) throw invalidParams(`Arguments of prompt ${prompt} must be an object of strings`);
  for (const [key, value] of Object.entries(args)) {
    if (!declared.has(key))
      throw invalidParams(`Prompt ${prompt} has no argument ${JSON.stringify(key)}`, { argument: key });
    if (typeof value !== 'string')
      throw invalidParams(`Argument ${JSON.stringify(key)} of prompt ${prompt} must be a string`, { argument: key });
  }
  for (const argument of declared.values()) {
    if (argument.required && args[argument.name] === undefined) {
      throw invalidParams(`Missing required argument ${JSON.stringify(argument.name)} of prompt ${prompt}`, {
        argument: argument.name,
      });
    }
  }
  return args as Record<string, string>;
}

/** A prompt as `version` defines it, its arguments included; cached per revision. */
function shapedPrompt(entry: PromptEntry, version: string): Prompt {
  let shaped = entry.shaped.get(version);
  if (!shaped) {
    shaped = shapeForRevision('Prompt', entry.definition, version);
    if (shaped.arguments) {
      const args = shaped.arguments.map((a) => shapeForRevision('PromptArgument', a, version));
      if (args.some((a, i) => a !== shaped!.arguments![i])) shaped = { ...shaped, arguments: args };
    }
    entry.shaped.set(version, shaped);
  }
  return shaped;
}
