/**
 * Connection lifecycle: the `initialize` handshake (until 2025-11-25) and `server/discover` (since 2026-07-28).
 * @module
 */
import type { CacheableResult, Implementation, RequestParams, Result } from './base.js';
import type { ClientCapabilities, ServerCapabilities } from './capabilities.js';

/** Params of `initialize`. Until 2025-11-25. */
export type InitializeRequestParams = RequestParams & {
  /** The latest revision the client supports. */
  protocolVersion: string;
  /** What the client can do. */
  capabilities: ClientCapabilities;
  /** Who the client is. */
  clientInfo: Implementation;
};

/** The result of `initialize`. Until 2025-11-25. */
export type InitializeResult = Result & {
  /** The revision the server chose; the client disconnects if it cannot speak it. */
  protocolVersion: string;
  /** What the server can do. */
  capabilities: ServerCapabilities;
  /** Who the server is. */
  serverInfo: Implementation;
  /** Hints for the model on how to use the server. */
  instructions?: string;
};

/** Params of `ping`. Until 2025-11-25. */
export type PingRequestParams = RequestParams;

/** Params of `server/discover`. Since 2026-07-28. */
export type DiscoverRequestParams = RequestParams;

/**
 * The result of `server/discover`. Since 2026-07-28; identity travels in
 * `_meta["io.modelcontextprotocol/serverInfo"]`.
 */
export type DiscoverResult = CacheableResult & {
  /** The revisions the server speaks. */
  supportedVersions: string[];
  /** What the server can do. */
  capabilities: ServerCapabilities;
  /** Hints for the model on how to use the server. */
  instructions?: string;
};
