/**
 * Reserved `_meta` keys and official extension identifiers.
 * @module
 */

/** The `_meta` keys reserved by the spec. */
export const META = {
  /** Request: opts into `notifications/progress`. */
  progressToken: 'progressToken',
  /** Request: the protocol version of this request (required). Since 2026-07-28. */
  protocolVersion: 'io.modelcontextprotocol/protocolVersion',
  /** Request: the client's `Implementation`. Since 2026-07-28. */
  clientInfo: 'io.modelcontextprotocol/clientInfo',
  /** Request: the client's `ClientCapabilities` (required). Since 2026-07-28. */
  clientCapabilities: 'io.modelcontextprotocol/clientCapabilities',
  /** Request: the minimum `LoggingLevel` to emit for this request. Since 2026-07-28. */
  logLevel: 'io.modelcontextprotocol/logLevel',
  /** Result: the server's `Implementation`. Since 2026-07-28. */
  serverInfo: 'io.modelcontextprotocol/serverInfo',
  /** Notification and listen result: the id of the `subscriptions/listen` request. Since 2026-07-28. */
  subscriptionId: 'io.modelcontextprotocol/subscriptionId',
  /** Any message: the task it relates to (`RelatedTaskMetadata`). 2025-11-25 only. */
  relatedTask: 'io.modelcontextprotocol/related-task',
  /** `CreateTaskResult`: text to hand the model while the task runs. 2025-11-25 only. */
  modelImmediateResponse: 'io.modelcontextprotocol/model-immediate-response',
  /** W3C Trace Context, exempt from the prefix rule. Since 2026-07-28. */
  traceparent: 'traceparent',
  /** W3C Trace Context. Since 2026-07-28. */
  tracestate: 'tracestate',
  /** W3C Baggage. Since 2026-07-28. */
  baggage: 'baggage',
} as const;

/** True when a `_meta` key's prefix is reserved for MCP: its second label is `modelcontextprotocol` or `mcp`. */
export function isReservedMetaKey(key: string): boolean {
  const slash = key.indexOf('/');
  if (slash < 0) return false;
  const second = key.slice(0, slash).split('.')[1];
  return second === 'modelcontextprotocol' || second === 'mcp';
}
