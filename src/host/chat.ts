/**
 * The agent loop: the model is offered the catalog's tools, the calls it asks for run through
 * the host (consent included), their results go back to it, until it answers without calling
 * a tool or the step limit is reached. Everything streams out as events: the answer's text as
 * it comes, each call and its outcome.
 * @module
 */
import {
  installedTelemetry,
  type Activity,
  type ActivityAttributes,
  type ActivityRecording,
  type CallToolResult,
  type Telemetry,
} from 'mcpkit';
import type { CatalogTool } from './catalog.js';
import { offerSkills, type SkillsChatHost, type SkillsOffer } from './chat-skills.js';
import type { CatalogSkill } from './skills.js';
import type { HostCallOptions } from './call-options.js';
import { ConsentDeniedError } from './errors.js';
import type { Model, ModelEvent, ModelMessage, ModelStopReason, ModelTool, ModelToolCall } from './model/model.js';
import { modelContent } from './model-content.js';

/** What the loop needs of the host; skills are offered when it has them. */
export interface ChatHost extends Partial<SkillsChatHost> {
  /** The skills of the catalog; without it, the turn offers none. */
  skills?: SkillsChatHost['skills'];
  /** Reads a file of a skill (its SKILL.md by default), through consent; without it, the turn offers no skill. */
  readSkill?: SkillsChatHost['readSkill'];
  /** The tools the model may be offered. */
  tools(): Promise<CatalogTool[]>;
  /** Calls a tool of the catalog, through consent. */
  callTool(name: string, args: Record<string, unknown>, options?: HostCallOptions): Promise<CallToolResult>;
}

/** The options of one `chat`: the model and its settings, the tools it may call, and when to stop. */
export interface ChatOptions {
  /** The model; default the host's. */
  model?: Model;
  /** The system prompt. */
  system?: string;
  /** The most model calls in one turn. Default 10. */
  maxSteps?: number;
  /** Which of the catalog's tools to offer. Default all. */
  tools?: (tool: CatalogTool) => boolean;
  /**
   * Which of the catalog's skills to offer (their names and descriptions in the system prompt,
   * and a `read_skill` tool that reads them through consent), or `false` for none. Default all.
   */
  skills?: boolean | ((skill: CatalogSkill) => boolean);
  /** The most tokens each model call may answer with. */
  maxTokens?: number;
  /** Sampling temperature of each model call. */
  temperature?: number;
  /** Ends the turn: the model's answer and any tool call under way are cancelled. */
  signal?: AbortSignal;
  /** Progress of a tool call, for the call with this id. */
  onprogress?: (id: string, progress: { progress: number; total?: number; message?: string }) => void;
  /**
   * What records the turn, each model call and each tool call as spans (`invoke_agent`, `chat`,
   * `execute_tool`), around the MCP calls' own; `false` records nothing. Default: what
   * `mcpkit/otel`'s `instrument()` installed, if it was called.
   */
  telemetry?: Telemetry | false;
}

/**
 * The view of a tool call (MCP Apps), for a front end to render: `host.readView(tool)` gives
 * its document; the call's arguments are its input, the call's result its result.
 */
export interface ChatView {
  /** The view's `ui://` URI. */
  uri: string;
  /** The tool's catalog name (the call's name). */
  tool: string;
  /** The server whose view it is: its calls and reads go there (`host.callFromView`, `host.readFromView`). */
  server: string;
}

/** What a turn streams. */
export type ChatEvent =
  | {
      type: 'text';
      /** The next piece of the model's answer, as it streams. */
      text: string;
    }
  /** A call starts; `view` when its tool has one, so its rendering can start with the input. */
  | {
      type: 'tool_call';
      /** The call the model asked for: its id, the tool's catalog name, the arguments. */
      call: ModelToolCall;
      /** The server the tool belongs to; `undefined` when the catalog has no such tool. */
      server: string | undefined;
      /** The tool's view, to render with the call's input. */
      view?: ChatView;
    }
  /** A call's result; `view` when its tool has one: the view to render with the call's input and this result. */
  | {
      type: 'tool_result';
      /** The call this answers. */
      call: ModelToolCall;
      /** What the tool returned, as the model is given it. */
      result: CallToolResult;
      /** The tool's view, to render with the call's input and this result. */
      view?: ChatView;
    }
  /** The call did not run: refused (consent, configuration), unknown, or its server failed. */
  | {
      type: 'tool_error';
      /** The call that did not run. */
      call: ModelToolCall;
      /** Why it did not run: the refusal, or the failure. */
      error: Error;
      /** The host refused it (the error is a `ConsentDeniedError`), rather than it failing. */
      denied: boolean;
    }
  | {
      type: 'done';
      /** Why the turn ended: the model's reason, or `max_steps`. */
      stopReason: ModelStopReason | 'max_steps';
      /** The conversation with this turn's messages added: pass it to the next turn. */
      messages: ModelMessage[];
      /** How many times the model was called in the turn. */
      steps: number;
    };

/** The most model calls in one turn by default. */
export const DEFAULT_MAX_STEPS = 10;

/** Runs one turn of the conversation `messages` (ending with the user's message). */
export async function* chat(
  host: ChatHost,
  model: Model,
  messages: readonly ModelMessage[],
  options: ChatOptions = {},
): AsyncGenerator<ChatEvent, void, undefined> {
  const telemetry = options.telemetry === false ? undefined : (options.telemetry ?? installedTelemetry());
  const turn = telemetry?.activity?.(
    {
      operation: 'invoke_agent',
      attributes: {
        'gen_ai.operation.name': 'invoke_agent',
        'gen_ai.provider.name': model.provider,
        'gen_ai.request.model': model.model,
      },
    },
    undefined,
  );
  let failure: unknown;
  try {
    yield* turnOf(host, model, messages, options, telemetry, turn);
  } catch (error) {
    failure = error;
    throw error;
  } finally {
    // Also when the caller stops reading early: the turn ends there.
    turn?.end(failure === undefined ? {} : { error: failure });
  }
}

async function* turnOf(
  host: ChatHost,
  model: Model,
  messages: readonly ModelMessage[],
  options: ChatOptions,
  telemetry: Telemetry | undefined,
  turn: ActivityRecording | undefined,
): AsyncGenerator<ChatEvent, void, undefined> {
  const conversation = [...messages];
  // A tool only views may call (MCP Apps) is not the model's to see.
  const catalog = (await host.tools()).filter((t) => t.visibility.includes('model') && (options.tools?.(t) ?? true));
  const servers = new Map(catalog.map((entry) => [entry.name, entry.server]));
  const views = viewsOf(catalog);
  const tools = catalog.map(modelTool);
  const skills = await skillsOffer(host, options, servers);
  if (skills) tools.push(skills.tool);
  const system = [options.system, skills?.system].filter((part) => part !== undefined).join('\n\n');
  const maxSteps = options.maxSteps ?? DEFAULT_MAX_STEPS;
  for (let step = 1; step <= maxSteps; step++) {
    options.signal?.throwIfAborted();
    let text = '';
    const calls: ModelToolCall[] = [];
    let stopReason: ModelStopReason = 'other';
    const asking = telemetry?.activity?.(modelCall(model, options), turn);
    let done: Extract<ModelEvent, { type: 'done' }> | undefined;
    try {
      for await (const event of model.stream({
        messages: conversation,
        ...(tools.length > 0 && { tools }),
        ...(system !== '' && { system }),
        ...(options.maxTokens !== undefined && { maxTokens: options.maxTokens }),
        ...(options.temperature !== undefined && { temperature: options.temperature }),
        ...(options.signal && { signal: options.signal }),
      })) {
        if (event.type === 'text') {
          text += event.text;
          yield event;
        } else if (event.type === 'tool_call') calls.push(event.call);
        else {
          stopReason = event.stopReason;
          done = event;
        }
      }
    } catch (error) {
      asking?.end({ error });
      throw error;
    }
    asking?.end({ attributes: answerAttributes(done, stopReason) });
    conversation.push({ role: 'assistant', content: text, ...(calls.length > 0 && { toolCalls: calls }) });
    if (calls.length === 0) {
      yield { type: 'done', stopReason, messages: conversation, steps: step };
      return;
    }
    for (const call of calls) {
      const readsSkill = skills !== undefined && call.name === skills.tool.name;
      const server = readsSkill ? skills.serverOf(call.arguments) : servers.get(call.name);
      const view = readsSkill ? undefined : views.get(call.name);
      yield { type: 'tool_call', call, server, ...(view && { view }) };
      const running = telemetry?.activity?.(toolCall(call), turn);
      const perform = readsSkill
        ? (signals: HostCallOptions) => skills.run(call.arguments, signals)
        : servers.has(call.name)
          ? (signals: HostCallOptions) => host.callTool(call.name, call.arguments, signals)
          : undefined;
      const run = () => runCall(call, perform, options);
      let outcome: Awaited<ReturnType<typeof runCall>>;
      try {
        outcome = await (running === undefined ? run() : running.run(run));
      } catch (error) {
        running?.end({ error });
        throw error;
      }
      running?.end(toolCallEnd(outcome));
      yield outcome.type === 'tool_result' && view ? { ...outcome, view } : outcome;
      options.signal?.throwIfAborted();
      conversation.push(toolMessage(call, outcome));
    }
  }
  yield { type: 'done', stopReason: 'max_steps', messages: conversation, steps: maxSteps };
}

/** The view of each tool that has one, by catalog name. */
function viewsOf(catalog: readonly CatalogTool[]): Map<string, ChatView> {
  const views = new Map<string, ChatView>();
  for (const { name, server, view } of catalog)
    if (view !== undefined) views.set(name, { uri: view, tool: name, server });
  return views;
}

/** A call's outcome as the conversation carries it back to the model. */
function toolMessage(call: ModelToolCall, outcome: Awaited<ReturnType<typeof runCall>>): ModelMessage {
  return outcome.type === 'tool_result'
    ? {
        role: 'tool',
        toolCallId: call.id,
        name: call.name,
        content: resultContent(outcome.result),
        ...(outcome.result.isError === true && { isError: true }),
      }
    : { role: 'tool', toolCallId: call.id, name: call.name, content: outcome.error.message, isError: true };
}

/** The skills to offer this turn, their tool named apart from the catalog's tools; none if the host has none. */
async function skillsOffer(
  host: ChatHost,
  options: ChatOptions,
  tools: ReadonlyMap<string, string>,
): Promise<SkillsOffer | undefined> {
  const { skills, readSkill } = host;
  if (options.skills === false || skills === undefined || readSkill === undefined) return undefined;
  const chosen = options.skills;
  const offered = (await skills.call(host)).filter((skill) => typeof chosen !== 'function' || chosen(skill));
  return offerSkills(
    { skills: () => skills.call(host), readSkill: readSkill.bind(host) },
    offered,
    new Set(tools.keys()),
  );
}

/** Runs a call the model asked for with `perform`, or tells it there is no such tool. */
async function runCall(
  call: ModelToolCall,
  perform: ((options: HostCallOptions) => Promise<CallToolResult>) | undefined,
  options: ChatOptions,
): Promise<Extract<ChatEvent, { type: 'tool_result' | 'tool_error' }>> {
  // A model may name a tool it was not offered: it is told so, and nothing runs.
  if (perform === undefined)
    return { type: 'tool_error', call, error: new Error(`There is no tool named ${call.name}.`), denied: false };
  try {
    const onprogress = options.onprogress;
    const result = await perform({
      ...(options.signal && { signal: options.signal }),
      ...(onprogress && { onprogress: (progress) => onprogress(call.id, progress) }),
    });
    return { type: 'tool_result', call, result };
  } catch (error) {
    if (options.signal?.aborted) throw options.signal.reason;
    const denied = error instanceof ConsentDeniedError;
    const reason = error instanceof Error ? error : new Error(String(error));
    return {
      type: 'tool_error',
      call,
      error: denied ? new ConsentDeniedError(`The user did not allow this call (${reason.message}).`) : reason,
      denied,
    };
  }
}

/** A model call, as the conventions for generative AI record it. */
function modelCall(model: Model, options: ChatOptions): Activity {
  const attributes: ActivityAttributes = {
    'gen_ai.operation.name': 'chat',
    'gen_ai.provider.name': model.provider,
    'gen_ai.request.model': model.model,
  };
  if (options.maxTokens !== undefined) attributes['gen_ai.request.max_tokens'] = options.maxTokens;
  if (options.temperature !== undefined) attributes['gen_ai.request.temperature'] = options.temperature;
  return { operation: 'chat', target: model.model, attributes };
}

/** What the model's answer tells of the call: why it stopped, which model answered, what it cost. */
function answerAttributes(
  done: Extract<ModelEvent, { type: 'done' }> | undefined,
  stopReason: ModelStopReason,
): ActivityAttributes {
  const attributes: ActivityAttributes = { 'gen_ai.response.finish_reasons': [stopReason] };
  if (done === undefined) return attributes;
  attributes['gen_ai.response.model'] = done.model;
  const usage = done.usage;
  if (usage?.inputTokens !== undefined) attributes['gen_ai.usage.input_tokens'] = usage.inputTokens;
  if (usage?.outputTokens !== undefined) attributes['gen_ai.usage.output_tokens'] = usage.outputTokens;
  return attributes;
}

/** A tool call the model asked for, as the conventions for generative AI record it. */
function toolCall(call: ModelToolCall): Activity {
  return {
    operation: 'execute_tool',
    target: call.name,
    attributes: {
      'gen_ai.operation.name': 'execute_tool',
      'gen_ai.tool.name': call.name,
      'gen_ai.tool.call.id': call.id,
      'gen_ai.tool.type': 'function',
    },
  };
}

/** How a tool call ended: a refusal or failure is its error, a result marked `isError` a `tool_error`. */
function toolCallEnd(outcome: Awaited<ReturnType<typeof runCall>>): Parameters<ActivityRecording['end']>[0] {
  if (outcome.type === 'tool_error') return { error: outcome.error };
  return outcome.result.isError === true ? { attributes: { 'error.type': 'tool_error' } } : {};
}

function modelTool({ name, tool }: CatalogTool): ModelTool {
  const description = tool.description ?? tool.title;
  return {
    name,
    ...(description !== undefined && { description }),
    inputSchema: tool.inputSchema as Record<string, unknown>,
  };
}

/** A tool's result as the model reads it: its content, else its structured content as JSON. */
function resultContent(result: CallToolResult): ReturnType<typeof modelContent> {
  if (result.content.length > 0) return modelContent(result.content);
  return result.structuredContent === undefined ? '' : JSON.stringify(result.structuredContent);
}
