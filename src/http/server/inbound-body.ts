/**
 * What a POST body holds, judged the way the JSON-RPC connection will judge it, so the HTTP
 * layer knows before delivering it whether answers will come back and under which ids.
 * @module
 */
import { isObject, isRequestId, type RequestId } from '../../jsonrpc/message.js';

/** A parsed POST body, and what the connection will make of it. */
export interface InboundBody {
  /** The parsed JSON: a message, or an array (a batch). */
  readonly value: unknown;
  readonly batch: boolean;
  /** Whether the connection will answer anything (requests, or input it must refuse). */
  readonly expectsAnswer: boolean;
  /** Ids of the items that will be answered and carry a usable id. */
  readonly answerIds: readonly RequestId[];
  /** Whether an item is an `initialize` request. */
  readonly hasInitialize: boolean;
  /** The requests the client cancels with `notifications/cancelled` in this body. */
  readonly cancelledIds: readonly RequestId[];
}

/** Looks through a parsed POST body without changing it. */
export function inspectBody(value: unknown): InboundBody {
  const batch = Array.isArray(value);
  const items: unknown[] = batch ? value : [value];
  const answerIds: RequestId[] = [];
  const cancelledIds: RequestId[] = [];
  let answered = batch && items.length === 0; // an empty batch is refused
  let hasInitialize = false;
  for (const item of items) {
    if (isObject(item) && item.method === 'initialize') hasInitialize = true;
    if (willBeAnswered(item)) {
      answered = true;
      if (isObject(item) && isRequestId(item.id)) answerIds.push(item.id);
    } else if (
      isObject(item) &&
      item.method === 'notifications/cancelled' &&
      isObject(item.params) &&
      isRequestId(item.params.requestId)
    ) {
      cancelledIds.push(item.params.requestId);
    }
  }
  return { value, batch, expectsAnswer: answered, answerIds, hasInitialize, cancelledIds };
}

/** Whether an `initialize` request alone (not in a batch): the only thing that may open a session. */
export function isLoneInitialize(body: InboundBody): boolean {
  return !body.batch && body.hasInitialize && body.answerIds.length === 1;
}

/** Mirrors the connection: notifications and responses get no answer, anything else does. */
function willBeAnswered(item: unknown): boolean {
  if (!isObject(item) || item.jsonrpc !== '2.0') return true;
  const method = item.method;
  if (method === undefined) return !('result' in item || 'error' in item);
  if (typeof method !== 'string') return true;
  return 'id' in item;
}
