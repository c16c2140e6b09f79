/**
 * Shared by every role: errors, protocol revisions, the JSON-RPC building blocks and the
 * transport contract.
 * @module
 */
export { JsonRpcError, ConnectionClosedError, RequestTimeoutError, ErrorCode } from './jsonrpc/errors.js';
export type {
  JsonRpcMessage,
  JsonRpcRequest,
  JsonRpcNotification,
  JsonRpcResponse,
  JsonRpcSuccess,
  JsonRpcErrorResponse,
  JsonRpcErrorObject,
  RequestId,
} from './jsonrpc/message.js';
export type { Clock } from './jsonrpc/clock.js';
export {
  McpError,
  McpErrorCode,
  CapabilityNotSupportedError,
  UnsupportedVersionError,
  CancelledError,
  UrlElicitationRequiredError,
} from './protocol/errors.js';
export { RequestCancelledError, RequestContext } from './protocol/request-context.js';
export {
  SUPPORTED_VERSIONS,
  STATEFUL_VERSIONS,
  STATELESS_VERSIONS,
  LATEST_VERSION,
  LATEST_STATEFUL_VERSION,
  isStateless,
  isSupportedVersion,
  type ProtocolVersion,
  type StatefulVersion,
  type StatelessVersion,
} from './protocol/versions.js';
export type { Implementation } from './protocol/stateful.js';
export type { SendOptions, Transport, TransportReceiver } from './jsonrpc/transport.js';
export type { EraCacheKeyed, ProtocolVersionSetter, SessionIdentified } from './protocol/transport-abilities.js';
export type * from './types/index.js';
export { META } from './types/meta.js';
