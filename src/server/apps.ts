/**
 * Serving MCP Apps: a view as a `ui://` resource of type `text/html;profile=mcp-app`
 * (`appView`), the `_meta` that points a tool at it (`appToolMeta`), and whether the client of
 * a request renders apps (`rendersApps`), so a tool can answer a text-only client well. A
 * view's `_meta.ui` (its CSP, permissions, domain, border) is checked when registered, and
 * sent on its listing and on every read; a view given as a function (a file, a built bundle)
 * is loaded on the first read, once.
 * @module
 */
import { isObject } from '../jsonrpc/message.js';
import {
  APP_MIME_TYPE,
  APP_URI_SCHEME,
  APPS_EXTENSION,
  LEGACY_RESOURCE_URI_KEY,
  type AppCsp,
  type AppPermissions,
  type AppViewMeta,
  type AppVisibility,
} from '../types/apps.js';
import type { Meta } from '../types/base.js';
import type { BlobResourceContents, TextResourceContents } from '../types/content.js';
import { toBase64 } from '../internal/base64.js';
import type { ServerContext } from './context.js';
import type { RegisteredResource } from './resources.js';
import type { Server } from './server.js';

/** A view's HTML: as text or bytes, or a function that gives it (called on the first read only). */
export type AppViewSource = string | Uint8Array | (() => string | Uint8Array | Promise<string | Uint8Array>);

/** How a view is listed, and its `_meta.ui`. */
export interface AppViewConfig extends AppViewMeta {
  /** Default: the URI. */
  name?: string;
  /** A name for people, in the resource's listing. */
  title?: string;
  /** What the view shows, in the resource's listing. */
  description?: string;
}

const CSP_KEYS = ['connectDomains', 'resourceDomains', 'frameDomains', 'baseUriDomains'] as const;
const PERMISSIONS = ['camera', 'microphone', 'geolocation', 'clipboardWrite'] as const;
const VISIBILITY: readonly AppVisibility[] = ['model', 'app'];
const decoder = new TextDecoder('utf-8', { fatal: true, ignoreBOM: true });

/**
 * Registers the view at `uri` (`ui://...`) on `server`. Throws a `TypeError` naming what is
 * wrong with the URI or the `_meta.ui` it would declare.
 */
export function appView(server: Server, uri: string, config: AppViewConfig, html: AppViewSource): RegisteredResource {
  if (!uri.startsWith(APP_URI_SCHEME) || uri.length === APP_URI_SCHEME.length) {
    throw new TypeError(`appView: a view's URI starts with ui://, not ${JSON.stringify(uri)}`);
  }
  const ui = checkedViewMeta(config);
  const load = loadOnce(html);
  const { name = uri, title, description } = config;
  return server.resource(
    uri,
    {
      name,
      ...(title !== undefined && { title }),
      ...(description !== undefined && { description }),
      mimeType: APP_MIME_TYPE,
      ...(Object.keys(ui).length > 0 && { _meta: { ui } }),
    },
    async () => ({ contents: [viewContents(uri, await load(), ui)] }),
  );
}

/**
 * A tool's `_meta` for its view: `_meta.ui.resourceUri` and, for hosts that read it, the flat
 * `ui/resourceUri` key; `visibility` as given (default both). A tool may have a visibility and
 * no view (`{ visibility: ['app'] }`: a helper only its view calls).
 */
export function appToolMeta(options: { view?: string; visibility?: AppVisibility[] }): Meta {
  const { view, visibility } = options;
  if (view !== undefined && (!view.startsWith(APP_URI_SCHEME) || view.length === APP_URI_SCHEME.length)) {
    throw new TypeError(`appToolMeta: a view's URI starts with ui://, not ${JSON.stringify(view)}`);
  }
  if (
    visibility !== undefined &&
    (visibility.length === 0 ||
      visibility.some((v) => !VISIBILITY.includes(v)) ||
      new Set(visibility).size !== visibility.length)
  ) {
    throw new TypeError(`appToolMeta: visibility is "model", "app" or both, not ${JSON.stringify(visibility)}`);
  }
  const ui = { ...(view !== undefined && { resourceUri: view }), ...(visibility !== undefined && { visibility }) };
  return { ui, ...(view !== undefined && { [LEGACY_RESOURCE_URI_KEY]: view }) };
}

/** Whether the client of this request renders apps: it declared the view type under the extension. */
export function rendersApps(ctx: Pick<ServerContext, 'clientCapabilities'>): boolean {
  const extensions = ctx.clientCapabilities.extensions;
  const settings: unknown = isObject(extensions) ? extensions[APPS_EXTENSION] : undefined;
  const mimeTypes = isObject(settings) ? settings.mimeTypes : undefined;
  return Array.isArray(mimeTypes) && mimeTypes.includes(APP_MIME_TYPE);
}

/** The view's HTML as a resource's contents: text when it is UTF-8, else base64. */
function viewContents(
  uri: string,
  html: string | Uint8Array,
  ui: AppViewMeta,
): TextResourceContents | BlobResourceContents {
  const meta = Object.keys(ui).length > 0 ? { _meta: { ui } } : {};
  if (typeof html === 'string') return { uri, mimeType: APP_MIME_TYPE, text: html, ...meta };
  try {
    return { uri, mimeType: APP_MIME_TYPE, text: decoder.decode(html), ...meta };
  } catch {
    return { uri, mimeType: APP_MIME_TYPE, blob: toBase64(html), ...meta };
  }
}

/** The source's HTML, asked for once; a load that failed is tried again on the next read. */
function loadOnce(html: AppViewSource): () => Promise<string | Uint8Array> {
  if (typeof html !== 'function') return () => Promise.resolve(html);
  let loading: Promise<string | Uint8Array> | undefined;
  return () => {
    loading ??= Promise.resolve()
      .then(html)
      .catch((error: unknown) => {
        loading = undefined;
        throw error;
      });
    return loading;
  };
}

/** The `_meta.ui` of a view, checked: what a host turns into a policy must be well formed. */
function checkedViewMeta(config: AppViewConfig): AppViewMeta {
  const ui: AppViewMeta = {};
  if (config.csp !== undefined) ui.csp = checkedCsp(config.csp);
  if (config.permissions !== undefined) ui.permissions = checkedPermissions(config.permissions);
  if (config.domain !== undefined) {
    if (typeof config.domain !== 'string' || config.domain === '' || /[\s;,'"]/.test(config.domain))
      throw new TypeError(`appView: domain must be a host name, not ${JSON.stringify(config.domain)}`);
    ui.domain = config.domain;
  }
  if (config.prefersBorder !== undefined) ui.prefersBorder = config.prefersBorder === true;
  return ui;
}

function checkedCsp(csp: AppCsp): AppCsp {
  const checked: AppCsp = {};
  for (const [key, value] of Object.entries(csp)) {
    if (!(CSP_KEYS as readonly string[]).includes(key))
      throw new TypeError(`appView: csp.${key} is not one of ${CSP_KEYS.join(', ')}`);
    if (!Array.isArray(value)) throw new TypeError(`appView: csp.${key} must be a list of origins`);
    for (const origin of value as unknown[]) {
      // An origin goes into a policy as it is: a space, `;` or quote would add directives or keywords.
      if (typeof origin !== 'string' || origin === '' || /[\s;,'"]/.test(origin))
        throw new TypeError(`appView: csp.${key} holds ${JSON.stringify(origin)}, which is not an origin`);
    }
    checked[key as keyof AppCsp] = [...(value as string[])];
  }
  return checked;
}

function checkedPermissions(permissions: AppPermissions): AppPermissions {
  for (const key of Object.keys(permissions)) {
    if (!(PERMISSIONS as readonly string[]).includes(key))
      throw new TypeError(`appView: permissions.${key} is not one of ${PERMISSIONS.join(', ')}`);
  }
  return Object.fromEntries(Object.keys(permissions).map((key) => [key, {}])) as AppPermissions;
}
