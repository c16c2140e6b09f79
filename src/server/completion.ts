/**
 * Argument completion (`completion/complete`): suggestions for a prompt's arguments and a
 * resource template's variables, from the completers registered with them.
 * @module
 */
import { isObject } from '../jsonrpc/message.js';
import { invalidParams } from '../protocol/errors.js';
import type { ServerCapabilities } from '../types/capabilities.js';
import type { CompleteResult } from '../types/completion.js';
import { hasField, isRevision } from '../types/revisions.js';
import type { ServerContext } from './context.js';
import type { ServerFeature } from './feature.js';

/** The most values one completion result may carry. */
export const MAX_COMPLETION_VALUES = 100;

/** What a completer is told besides the value being typed. */
export interface CompletionContext {
  /**
   * Values the user already chose for the other arguments or variables (`context.arguments`;
   * clients send them since 2025-06-18, so it is empty for older ones).
   */
  readonly arguments: Readonly<Record<string, string>>;
  /** The `completion/complete` request being served (its signal, session, logging). */
  readonly request: ServerContext;
}

/**
 * Suggestions: a list of values (the first 100 are sent, with `total` and `hasMore` set from
 * the list), or a result that already knows its total and whether more exist.
 */
export type CompletionValues =
  | readonly string[]
  | {
      /** The values, best first; the first 100 are sent. */
      values: readonly string[];
      /** How many values there are in all, beyond those sent. */
      total?: number;
      /** More values exist than those sent. */
      hasMore?: boolean;
    };

/** Suggests values for one argument or variable, given what has been typed so far. */
export type Completer = (value: string, context: CompletionContext) => CompletionValues | Promise<CompletionValues>;

/** Completers by argument or variable name. */
export type Completers = Readonly<Record<string, Completer>>;

/** A feature whose items can have completers: resource templates, prompts. */
export interface CompletionSource {
  /**
   * The completer for `argument` of the item `key` (a prompt name, a URI template), or
   * `undefined` when it has none. Throws -32602 when there is no such item or argument.
   */
  completerFor(key: string, argument: string): Completer | undefined;
  /** Whether any registered item has a completer. */
  hasCompleters(): boolean;
}

const EMPTY: CompleteResult = { completion: { values: [], total: 0, hasMore: false } };

/**
 * The `completion/complete` feature over resource templates and prompts. It declares the
 * `completions` capability once anything has a completer.
 */
export function createCompletion(resources: CompletionSource, prompts: CompletionSource): ServerFeature {
  return {
    handlers: {
      'completion/complete': (params, ctx) => complete(resources, prompts, params, ctx),
    },
    capabilities: (): ServerCapabilities =>
      resources.hasCompleters() || prompts.hasCompleters() ? { completions: {} } : {},
  };
}

async function complete(
  resources: CompletionSource,
  prompts: CompletionSource,
  params: Record<string, unknown>,
  ctx: ServerContext,
): Promise<CompleteResult> {
  const ref = params.ref as { type?: unknown; name?: unknown; uri?: unknown } | undefined;
  const argument = params.argument as { name?: unknown; value?: unknown } | undefined;
  if (
    !isObject(ref) ||
    !isObject(argument) ||
    typeof argument.name !== 'string' ||
    typeof argument.value !== 'string'
  ) {
    throw invalidParams('completion/complete needs a ref and an argument with a name and a value');
  }
  let completer: Completer | undefined;
  if (ref.type === 'ref/prompt' && typeof ref.name === 'string')
    completer = prompts.completerFor(ref.name, argument.name);
  else if (ref.type === 'ref/resource' && typeof ref.uri === 'string')
    completer = resources.completerFor(ref.uri, argument.name);
  else throw invalidParams(`Unknown completion reference type: ${JSON.stringify(ref.type)}`);
  if (!completer) return EMPTY;
  const context: CompletionContext = { arguments: contextArguments(params, ctx.protocolVersion), request: ctx };
  // A completer's own exception is left to the connection: an McpError is sent as it is,
  // anything else becomes -32603 with nothing internal in it and is reported through onError.
  return { completion: capValues(await completer(argument.value, context)) };
}

/** `context.arguments` where the revision has it and it holds only strings; else none. */
function contextArguments(params: Record<string, unknown>, version: string): Record<string, string> {
  if (isRevision(version) && !hasField('CompleteRequestParams', 'context', version)) return {};
  const args = isObject(params.context) ? params.context.arguments : undefined;
  if (!isObject(args)) return {};
  const out: Record<string, string> = {};
  for (const [key, value] of Object.entries(args)) if (typeof value === 'string') out[key] = value;
  return out;
}

/** At most 100 values, with `total` and `hasMore` telling what was left out. */
export function capValues(result: CompletionValues): CompleteResult['completion'] {
  const list = isValueList(result) ? result : result.values;
  const values = list.slice(0, MAX_COMPLETION_VALUES);
  if (isValueList(result)) return { values, total: list.length, hasMore: list.length > values.length };
  const total = result.total ?? list.length;
  const hasMore = list.length > values.length || (result.hasMore ?? total > values.length);
  return { values, total, hasMore };
}

function isValueList(result: CompletionValues): result is readonly string[] {
  return Array.isArray(result);
}
