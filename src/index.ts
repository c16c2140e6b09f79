/**
 * Shared by every role: errors, protocol revisions, the JSON-RPC building blocks and the
 * transport contract.
 * @module
 */
export {
  JsonRpcError,
  ConnectionClosedError,
  RequestTimeoutError,
  UnserializableMessageError,
  ErrorCode,
} from './jsonrpc/errors.js';
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
export type { CancelSource } from './jsonrpc/connection.js';
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
  LEGACY_VERSIONS,
  MODERN_VERSIONS,
  LATEST_VERSION,
  LATEST_LEGACY_VERSION,
  isModern,
  isSupportedVersion,
  type ProtocolVersion,
  type LegacyVersion,
  type ModernVersion,
} from './protocol/versions.js';
export type { Implementation } from './protocol/handshake.js';
export type { SendOptions, Transport, TransportReceiver } from './jsonrpc/transport.js';
export type {
  EraCacheKeyed,
  NetworkAttributes,
  NetworkDescribed,
  ProtocolVersionSetter,
  SessionIdentified,
} from './protocol/transport-abilities.js';
export {
  installTelemetry,
  installedTelemetry,
  type Activity,
  type ActivityAttributes,
  type ActivityRecording,
  type Operation,
  type Recording,
  type Telemetry,
} from './protocol/telemetry.js';
export type * from './types/index.js';
export { META } from './types/meta.js';
