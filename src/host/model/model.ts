/**
 * The LLM bridge's one contract: a model that takes a conversation and the tools it may use
 * and streams back text and tool calls. Each provider (OpenAI Chat Completions, Anthropic
 * Messages) translates to and from its own wire format; the host's chat loop and its answer to
 * `sampling/createMessage` speak only this.
 * @module
 */

/** A piece of a message that is not plain text: images travel base64-encoded. */
export type ModelPart =
  | {
      type: 'text';
      /** The text. */
      text: string;
    }
  | {
      type: 'image';
      /** The image's bytes, base64-encoded. */
      data: string;
      /** The image's format (`image/png`). */
      mimeType: string;
    };

/** A tool the model asked to run, with the arguments it chose (parsed from its JSON). */
export interface ModelToolCall {
  /** The provider's id for the call; the result names it. */
  id: string;
  /** The tool's name, as offered to the model. */
  name: string;
  /** The arguments the model chose. */
  arguments: Record<string, unknown>;
}

/** One turn of the conversation. The system prompt is not a message: see {@link ModelRequest.system}. */
export type ModelMessage =
  | {
      role: 'user';
      /** What the user said: text, or text and images. */
      content: string | ModelPart[];
    }
  | {
      role: 'assistant';
      /** What the model answered, perhaps nothing when it only called tools. */
      content: string;
      /** The tools the model asked to run; a `tool` message answers each. */
      toolCalls?: ModelToolCall[];
    }
  | {
      role: 'tool';
      /** The {@link ModelToolCall.id} this answers. */
      toolCallId: string;
      /** The tool's name, as the model called it. */
      name: string;
      /** What the tool returned: text, or text and images. */
      content: string | ModelPart[];
      /** The tool failed: the content says how. */
      isError?: boolean;
    };

/** A tool offered to the model: a name valid for every provider (`^[A-Za-z0-9_-]{1,64}$`). */
export interface ModelTool {
  /** The name the model calls it by. */
  name: string;
  /** What it does, for the model. */
  description?: string;
  /** A JSON Schema object for the arguments. */
  inputSchema: Record<string, unknown>;
}

/** What the chat loop or the sampling answer asks of the model. */
export interface ModelRequest {
  /** The system prompt. */
  system?: string;
  /** The conversation so far, oldest first. */
  messages: ModelMessage[];
  /** The tools the model may call. */
  tools?: ModelTool[];
  /** `auto` (default when tools are given), `none`, or `required` (some tool must be called). */
  toolChoice?: 'auto' | 'none' | 'required';
  /** The model to ask for instead of the one the bridge was made with. */
  model?: string;
  /** The most tokens the answer may take; the provider's default when absent. */
  maxTokens?: number;
  /** Sampling temperature, passed to the provider as it is. */
  temperature?: number;
  /** Text at which the model stops. */
  stopSequences?: string[];
  /** Aborts the request and ends the stream. */
  signal?: AbortSignal;
}

/** Why the model stopped. */
export type ModelStopReason = 'end' | 'tool_use' | 'max_tokens' | 'stop_sequence' | 'refusal' | 'other';

/** What a model streams: text as it comes, each tool call once complete, then one `done`. */
export type ModelEvent =
  | {
      type: 'text';
      /** The next piece of the answer's text. */
      text: string;
    }
  | {
      type: 'tool_call';
      /** A tool the model asks to run, its arguments complete. */
      call: ModelToolCall;
    }
  | {
      type: 'done';
      /** Why the model stopped. */
      stopReason: ModelStopReason;
      /** The model that answered, as the provider names it. */
      model: string;
      /** Tokens read and written, when the provider says. */
      usage?: {
        /** Tokens of the request: prompt, conversation and tools. */
        inputTokens?: number;
        /** Tokens of the answer. */
        outputTokens?: number;
      };
    };

/**
 * A model behind an API. `stream` yields events until `done`; it throws a {@link ModelError}
 * when the provider refuses or cannot be reached, and stops when the request's signal aborts.
 */
export interface Model {
  /** The provider's name (`openai`, `anthropic`) and the model's, for messages and traces. */
  readonly provider: string;
  /** The model asked for when a request names none (`gpt-4o`, `claude-sonnet-4-5`). */
  readonly model: string;
  /** Sends `request` and yields what the model answers as it comes, ending with one `done`. */
  stream(request: ModelRequest): AsyncIterable<ModelEvent>;
}

/**
 * The provider refused, failed or could not be reached; `status` is the HTTP status when there
 * was one, `code` the provider's name for the error when it gave one (`rate_limit_error`,
 * `overloaded_error`, `invalid_api_key`...), also for an error sent in the middle of a stream.
 */
export class ModelError extends Error {
  /** `'ModelError'`, also in bundles that rename classes. */
  override name = 'ModelError';
  /** The HTTP status of the provider's answer, when there was one. */
  readonly status: number | undefined;
  /** The provider's name for the error, when it gave one. */
  readonly code: string | undefined;
  constructor(message: string, options: { status?: number; code?: string; cause?: unknown } = {}) {
    super(message, { cause: options.cause });
    this.status = options.status;
    this.code = options.code;
  }
}

/** A whole answer, collected from a stream. */
export interface ModelAnswer {
  /** The text of the answer, joined. */
  text: string;
  /** The tools the model asked to run, in order. */
  toolCalls: ModelToolCall[];
  /** Why the model stopped. */
  stopReason: ModelStopReason;
  /** The model that answered, as the provider names it. */
  model: string;
  /** Tokens read and written, when the provider says. */
  usage?: {
    /** Tokens of the request: prompt, conversation and tools. */
    inputTokens?: number;
    /** Tokens of the answer. */
    outputTokens?: number;
  };
}

/** Runs `request` to the end and returns the whole answer. */
export async function complete(model: Model, request: ModelRequest): Promise<ModelAnswer> {
  let text = '';
  const toolCalls: ModelToolCall[] = [];
  for await (const event of model.stream(request)) {
    if (event.type === 'text') text += event.text;
    else if (event.type === 'tool_call') toolCalls.push(event.call);
    else
      return {
        text,
        toolCalls,
        stopReason: event.stopReason,
        model: event.model,
        ...(event.usage && { usage: event.usage }),
      };
  }
  throw new ModelError(`${model.provider} ended its answer without saying why it stopped`);
}
