/**
 * What a host reads of an MCP App before it renders anything: which view a tool has (its
 * `_meta.ui.resourceUri`, else the flat `ui/resourceUri` key older servers write), who may call
 * the tool (its visibility), and the view's document from a `resources/read` result: exactly
 * one content item of type `text/html;profile=mcp-app`, as text or base64, with the `_meta.ui`
 * of the content, else of the listing. Anything else is a `ViewError` that says what was wrong.
 * @module
 */
import { fromBase64 } from '../internal/base64.js';
import {
  APP_MIME_TYPE,
  APP_URI_SCHEME,
  LEGACY_RESOURCE_URI_KEY,
  type AppViewMeta,
  type AppVisibility,
} from '../types/apps.js';

/** What these functions read of a tool: its `_meta`. */
export interface ToolWithMeta {
  /** The tool's name, for messages. */
  name?: string;
  /** The tool's `_meta`, where `ui.resourceUri` names its view. */
  _meta?: Record<string, unknown>;
}

/** A view's document, ready to render. */
export interface ViewDocument {
  /** The `ui://` resource the HTML was read from. */
  uri: string;
  /** The view's HTML. */
  html: string;
  /** The content's `_meta.ui`, else the listing's; `undefined` when neither has one. */
  meta: AppViewMeta | undefined;
}

/** A view that cannot be rendered: not a `ui://` URI, not one HTML document, not the view's type. */
export class ViewError extends Error {
  /** `'ViewError'`, also in bundles that rename classes. */
  override name = 'ViewError';
}

const DEFAULT_VISIBILITY: readonly AppVisibility[] = ['model', 'app'];

/**
 * The `ui://` URI of a tool's view, or `undefined` when it has none. A view key that is not a
 * `ui://` URI is an error: the server meant a view and named it wrong.
 */
export function toolView(tool: ToolWithMeta): string | undefined {
  const ui = record(tool._meta?.ui);
  const uri = ui?.resourceUri !== undefined ? ui.resourceUri : tool._meta?.[LEGACY_RESOURCE_URI_KEY];
  if (uri === undefined) return undefined;
  if (typeof uri !== 'string' || !uri.startsWith(APP_URI_SCHEME) || uri.length === APP_URI_SCHEME.length) {
    throw new ViewError(`The view of ${tool.name ?? 'a tool'} is not a ui:// URI: ${JSON.stringify(uri)}`);
  }
  return uri;
}

/**
 * Who may call a tool: `["model", "app"]` unless its `_meta.ui.visibility` says otherwise.
 * Values other than `model` and `app` are ignored; an empty list means neither.
 */
export function toolVisibility(tool: ToolWithMeta): readonly AppVisibility[] {
  const visibility = record(tool._meta?.ui)?.visibility;
  if (!Array.isArray(visibility)) return DEFAULT_VISIBILITY;
  return (visibility as unknown[]).filter((v): v is AppVisibility => v === 'model' || v === 'app');
}

/**
 * The view's document from the result of reading `uri`. `listingMeta` is the `_meta` of the
 * resource's entry in `resources/list`, used when the content carries no `_meta.ui`.
 */
export function viewDocument(
  uri: string,
  result: { contents?: unknown },
  listingMeta?: Record<string, unknown>,
): ViewDocument {
  const contents = result.contents;
  if (!Array.isArray(contents) || contents.length !== 1) {
    const count = Array.isArray(contents) ? contents.length : 'no';
    throw new ViewError(`The view ${uri} must be one document; the server sent ${count} contents`);
  }
  const content = record(contents[0]) ?? {};
  if (content.mimeType !== APP_MIME_TYPE) {
    throw new ViewError(`The view ${uri} is ${JSON.stringify(content.mimeType)}, not ${APP_MIME_TYPE}`);
  }
  const meta = (record(record(content._meta)?.ui) ?? record(listingMeta?.ui)) as AppViewMeta | undefined;
  return { uri, html: html(uri, content), meta };
}

function html(uri: string, content: Record<string, unknown>): string {
  if (typeof content.text === 'string') return content.text;
  const bytes = typeof content.blob === 'string' ? fromBase64(content.blob) : undefined;
  if (bytes === undefined) throw new ViewError(`The view ${uri} has neither text nor a base64 blob`);
  try {
    return new TextDecoder('utf-8', { fatal: true }).decode(bytes);
  } catch {
    throw new ViewError(`The view ${uri} is not UTF-8`);
  }
}

function record(value: unknown): Record<string, unknown> | undefined {
  return typeof value === 'object' && value !== null && !Array.isArray(value)
    ? (value as Record<string, unknown>)
    : undefined;
}
