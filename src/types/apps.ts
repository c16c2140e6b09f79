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
  /** The camera. */
  camera?: Record<string, never>;
  /** The microphone. */
  microphone?: Record<string, never>;
  /** The user's location. */
  geolocation?: Record<string, never>;
  /** Writing to the clipboard. */
  clipboardWrite?: Record<string, never>;
};

/** A view resource's `_meta.ui`, on its listing and on the content read. */
export type AppViewMeta = {
  /** The origins the view needs beyond its own document; none by default. */
  csp?: AppCsp;
  /** The browser permissions the view asks for. */
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
  tools?: {
    /** The view says when its tools change. */
    listChanged?: boolean;
  };
  /** Capabilities outside the extension, by name. */
  experimental?: Record<string, object>;
};

/** The host's theme, styles, display and locale, as it tells a view; any member may be absent. */
export type AppHostContext = {
  /** The call that showed the view. */
  toolInfo?: {
    /** The id of the `tools/call` request. */
    id?: string | number;
    /** The tool called, as the server lists it. */
    tool: {
      /** The tool's name. */
      name: string;
      [key: string]: unknown;
    };
  };
  /** The host's color scheme. */
  theme?: 'light' | 'dark';
  /** The host's CSS variables and fonts, for a view that wants to look like it. */
  styles?: {
    /** CSS custom properties by name (`--color-background-primary`); a missing one is left to the view. */
    variables?: Record<string, string | undefined>;
    /** Style sheets to add to the view's document. */
    css?: {
      /** CSS that loads the host's fonts (`@font-face` or `@import` rules). */
      fonts?: string;
    };
  };
  /** How the view is shown now. */
  displayMode?: AppDisplayMode;
  /** The display modes the host can put the view in. */
  availableDisplayModes?: AppDisplayMode[];
  /** The room the view has, in CSS pixels: a fixed size, or a maximum it may grow to. */
  containerDimensions?: {
    /** The fixed width. */
    width?: number;
    /** The widest the view may grow, when its width is not fixed. */
    maxWidth?: number;
    /** The fixed height. */
    height?: number;
    /** The tallest the view may grow, when its height is not fixed. */
    maxHeight?: number;
  };
  /** The user's language, as a BCP 47 tag (`en-GB`). */
  locale?: string;
  /** The user's time zone, as an IANA name (`Europe/Paris`). */
  timeZone?: string;
  /** The host application, by name and version. */
  userAgent?: string;
  /** Where the host runs. */
  platform?: 'web' | 'desktop' | 'mobile';
  /** What the device's input can do: touch, hover. */
  deviceCapabilities?: {
    /** The device has a touch screen. */
    touch?: boolean;
    /** The pointer can hover over an element without pressing. */
    hover?: boolean;
  };
  /** The edges of the view the host's own interface covers, in CSS pixels. */
  safeAreaInsets?: {
    /** Covered at the top. */
    top: number;
    /** Covered at the right. */
    right: number;
    /** Covered at the bottom. */
    bottom: number;
    /** Covered at the left. */
    left: number;
  };
  [key: string]: unknown;
};

/** What a host can do for a view: each member present means the host serves those requests. */
export type AppHostCapabilities = {
  /** The host opens links for the view (`ui/open-link`). */
  openLinks?: object;
  /** The view may call its server's tools through the host. */
  serverTools?: {
    /** The host tells the view when the server's tools change. */
    listChanged?: boolean;
  };
  /** The view may list and read its server's resources through the host. */
  serverResources?: {
    /** The host tells the view when the server's resources change. */
    listChanged?: boolean;
  };
  /** The host takes the view's log messages. */
  logging?: object;
  /** The host adds the view's messages to the conversation (`ui/message`). */
  message?: object;
  /** The host passes what the view says to the model in later turns (`ui/update-model-context`). */
  updateModelContext?: object;
  /** The permissions and origins the host actually grants the view. */
  sandbox?: {
    /** The browser permissions granted (camera, microphone, …). */
    permissions?: AppPermissions;
    /** The origins the view may load from and connect to. */
    csp?: AppCsp;
  };
  [key: string]: unknown;
};

/** The host's answer to `ui/initialize`. */
export type AppInitializeResult = {
  /** The revision of the Apps protocol the host speaks. */
  protocolVersion: string;
  /** Who the host is. */
  hostInfo: {
    /** The host's name. */
    name: string;
    /** The host's version. */
    version: string;
    [key: string]: unknown;
  };
  /** What the host does for the view. */
  hostCapabilities: AppHostCapabilities;
  /** The host's theme, display and locale as the view starts. */
  hostContext: AppHostContext;
};
