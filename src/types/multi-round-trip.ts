/**
 * Multi round-trip requests (since 2026-07-28): instead of sending its own requests, a server
 * answers with an `InputRequiredResult`; the client fulfils the input requests and retries.
 * @module
 */
import type { RequestParams, Result } from './base.js';
import type { ElicitRequestParams, ElicitResult } from './elicitation.js';
import type { ListRootsRequestParams, ListRootsResult } from './roots.js';
import type { CreateMessageRequestParams, CreateMessageResult } from './sampling.js';

/** The `resultType` values defined by the spec. */
export const RESULT_TYPE = {
  complete: 'complete',
  inputRequired: 'input_required',
  /** A task in place of the result (the tasks extension of 2026-07-28). */
  task: 'task',
} as const;

/**
 * A method whose result may be an `InputRequiredResult`. The method table marks the same ones
 * (`multiRoundTrip`), and the compiler holds the two together.
 */
export type InputRequiredMethod = 'tools/call' | 'prompts/get' | 'resources/read';

/** A request the server needs the client to fulfil: a JSON-RPC request without `jsonrpc` and `id`. */
export type InputRequest =
  | {
      method: 'sampling/createMessage';
      /** The conversation, the preferences for the model, and the limits of the answer. */
      params: CreateMessageRequestParams;
    }
  | {
      method: 'roots/list';
      /** Nothing but, optionally, `_meta`. */
      params?: ListRootsRequestParams;
    }
  | {
      method: 'elicitation/create';
      /** What to ask the user: a form's schema, or a URL to open. */
      params: ElicitRequestParams;
    };

/** Server-chosen keys to the requests to fulfil. */
export type InputRequests = Record<string, InputRequest>;

/** The client's result for one input request. */
export type InputResponse = CreateMessageResult | ListRootsResult | ElicitResult;

/** The client's results, under the keys of the `InputRequests` they answer. */
export type InputResponses = Record<string, InputResponse>;

/**
 * An interim result asking for input before the request can complete. At least one field besides
 * `resultType` is present.
 */
export type InputRequiredResult = Result & {
  resultType: 'input_required';
  /** What the client must answer before it sends the request again, by the server's keys. */
  inputRequests?: InputRequests;
  /** Opaque server state the client echoes back unchanged on the retry. */
  requestState?: string;
};

/** Params of a request that may be a retry carrying input responses. The two fields are since 2026-07-28. */
export type InputResponseRequestParams = RequestParams & {
  /** The answers to the previous round's `inputRequests`, under the same keys. */
  inputResponses?: InputResponses;
  /** The previous round's `requestState`, unchanged. */
  requestState?: string;
};
