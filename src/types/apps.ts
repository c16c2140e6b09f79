/**
 * MCP Apps (`io.modelcontextprotocol/ui`, SEP-1865, Apps protocol 2026-01-26): a tool that
 * comes with a view. The server serves the view as a `ui://` resource of type
 * `text/html;profile=mcp-app`, and the tool points at it in `_meta.ui.resourceUri`; a host
 * that renders apps (it declares the MIME type under `capabilities.extensions`) shows the view
 * in a sandboxed frame and speaks JSON-RPC with it over `postMessage`.
 * @module
 */

/** The extension's identifier, the key of a client's settings in `capabilities.extensions`. */
export const APPS_EXTENSION = 'io.modelcontextprotocol/ui';

/** The MIME type of a view: an HTML document that speaks the Apps protocol. */
export const APP_MIME_TYPE = 'text/html;profile=mcp-app';

/** The scheme of a view's URI. */
export const APP_URI_SCHEME = 'ui://';

/** The flat key older hosts read a tool's view from, kept beside `_meta.ui.resourceUri`. */
export const LEGACY_RESOURCE_URI_KEY = 'ui/resourceUri';

/** The version of the protocol between a view and its host. */
export const APPS_PROTOCOL_VERSION = '2026-01-26';

/** What a client that renders apps declares under `capabilities.extensions["io.modelcontextprotocol/ui"]`. */
export type AppsClientCapability = {
  /** The view types it renders: `text/html;profile=mcp-app`. */
  mimeTypes?: string[];
};

/** Who may call a tool: the model (it is in the model's list), the view (through its host), or both. */
export type AppVisibility = 'model' | 'app';

/** A tool's `_meta.ui`. */
export type AppToolMeta = {
  /** The view shown for the tool's calls: a `ui://` resource. */
  resourceUri?: string;
  /** Default both: `["model", "app"]`. `["app"]` hides the tool from the model, not from its view. */
  visibility?: AppVisibility[];
};

/**
 * The origins a view may reach, each becoming part of the Content Security Policy its host
 * renders it under; nothing else is reachable.
 */
export type AppCsp = {
  /** `fetch`, XHR and WebSocket (`connect-src`). */
  connectDomains?: string[];
  /** Scripts, styles, images, fonts and media (`script-src`, `style-src`, `img-src`, `font-src`, `media-src`). */
  resourceDomains?: string[];
  /** Frames inside the view (`frame-src`); none by default. */
  frameDomains?: string[];
  /** The document's base URI (`base-uri`); its own origin by default. */
  baseUriDomains?: string[];
};

/** Browser permissions a view asks for, each as `{}`; a host may grant them or not. */
export type AppPermissions = {
  camera?: Record<string, never>;
  microphone?: Record<string, never>;
  geolocation?: Record<string, never>;
  clipboardWrite?: Record<string, never>;
};

/** A view resource's `_meta.ui`, on its listing and on the content read. */
export type AppViewMeta = {
  csp?: AppCsp;
  permissions?: AppPermissions;
  /** A dedicated origin for the view, in the host's own format; hosts decide what they accept. */
  domain?: string;
  /** Whether the host should draw a border and background around the view. */
  prefersBorder?: boolean;
};

/** How a host shows a view. */
export type AppDisplayMode = 'inline' | 'fullscreen' | 'pip';

/** What a view can do, as it tells its host in `ui/initialize`. */
export type AppCapabilities = {
  /** The display modes the view supports; a host never puts it in another. */
  availableDisplayModes?: AppDisplayMode[];
  /** The view offers tools of its own to the host. */
  tools?: { listChanged?: boolean };
  experimental?: Record<string, object>;
};

/** The host's theme, styles, display and locale, as it tells a view; any member may be absent. */
export type AppHostContext = {
  /** The call that showed the view. */
  toolInfo?: { id?: string | number; tool: { name: string; [key: string]: unknown } };
  theme?: 'light' | 'dark';
  styles?: { variables?: Record<string, string | undefined>; css?: { fonts?: string } };
  displayMode?: AppDisplayMode;
  availableDisplayModes?: AppDisplayMode[];
  containerDimensions?: { width?: number; maxWidth?: number; height?: number; maxHeight?: number };
  locale?: string;
  timeZone?: string;
  userAgent?: string;
  platform?: 'web' | 'desktop' | 'mobile';
  deviceCapabilities?: { touch?: boolean; hover?: boolean };
  safeAreaInsets?: { top: number; right: number; bottom: number; left: number };
  [key: string]: unknown;
};

/** What a host can do for a view: each member present means the host serves those requests. */
export type AppHostCapabilities = {
  openLinks?: object;
  serverTools?: { listChanged?: boolean };
  serverResources?: { listChanged?: boolean };
  logging?: object;
  message?: object;
  updateModelContext?: object;
  sandbox?: { permissions?: AppPermissions; csp?: AppCsp };
  [key: string]: unknown;
};

/** The host's answer to `ui/initialize`. */
export type AppInitializeResult = {
  protocolVersion: string;
  hostInfo: { name: string; version: string; [key: string]: unknown };
  hostCapabilities: AppHostCapabilities;
  hostContext: AppHostContext;
};
