/**
 * Guards for multi round-trip requests, and for the server-to-client requests that double as
 * multi round-trip input requests (`jsonrpc` and `id` are optional there: 2026-07-28 embeds them without).
 * @module
 */
import { requestParams, requestParamsMembers, resultMeta } from './base.js';
import {
  createMessageRequestParams,
  createMessageResult,
  elicitRequestParams,
  elicitResult,
  listRootsResult,
} from './client-features.js';
import { literal, obj, oneOf, record, refine, requestId, select, str, type Guard, type Shape } from './kit.js';

const envelope = { jsonrpc: literal('2.0'), id: requestId };

/** `CreateMessageRequest`, as a JSON-RPC request or an input request. */
export const createMessageRequest: Guard = obj(
  { method: literal('sampling/createMessage'), params: createMessageRequestParams },
  envelope,
);

/** `ElicitRequest`, as a JSON-RPC request or an input request. */
export const elicitRequest: Guard = obj(
  { method: literal('elicitation/create'), params: elicitRequestParams },
  envelope,
);

/** `ListRootsRequest`, as a JSON-RPC request or an input request. */
export const listRootsRequest: Guard = obj({ method: literal('roots/list') }, { params: requestParams, ...envelope });

/** `InputRequest`. */
export const inputRequest: Guard = oneOf('method', {
  'sampling/createMessage': createMessageRequest,
  'elicitation/create': elicitRequest,
  'roots/list': listRootsRequest,
});

/** `InputRequests`. */
export const inputRequests: Guard = record(inputRequest);

/** `InputResponse`: told apart by each result's distinctive required member. */
export const inputResponse: Guard = select((o) =>
  o.action !== undefined ? elicitResult : o.roots !== undefined ? listRootsResult : createMessageResult,
);

/** `InputResponses`. */
export const inputResponses: Guard = record(inputResponse);

/** `InputRequiredResult`. The spec requires at least one of `inputRequests` and `requestState`. */
export const inputRequiredResult: Guard = refine(
  obj({ resultType: literal('input_required') }, { _meta: resultMeta, inputRequests, requestState: str }),
  (o) =>
    o.inputRequests === undefined && o.requestState === undefined
      ? 'expected inputRequests or requestState'
      : undefined,
);

/** The optional retry members of `tools/call`, `prompts/get` and `resources/read` params. */
export const inputResponseMembers: Shape = { inputResponses, requestState: str };

/** `InputResponseRequestParams`. */
export const inputResponseRequestParams: Guard = obj({}, { ...requestParamsMembers, ...inputResponseMembers });

/** A method's result guard that also accepts an `InputRequiredResult` (told apart by `resultType`). */
export function orInputRequired(complete: Guard): Guard {
  return select((o) => (o.resultType === 'input_required' ? inputRequiredResult : complete));
}
