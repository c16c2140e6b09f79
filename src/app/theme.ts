/**
 * The host's look applied to the view's page: its theme as `color-scheme` and `data-theme`,
 * its style variables (`--color-background-primary`, `--font-sans`, ...) on the root element,
 * and its fonts' CSS in one style element of the view's own. A view's stylesheet then uses
 * `var(--color-text-primary, #111)`, a fallback of its own for what the host does not send.
 * `followHostStyles` keeps all of it applied as the host's context changes.
 * @module
 */
import type { AppHostContext } from '../types/apps.js';
import type { App } from './app.js';

const FONTS_ID = 'mcp-app-host-fonts';

type Variables = NonNullable<NonNullable<AppHostContext['styles']>['variables']>;

const rootElement = () => document.documentElement;

/** Sets `data-theme` and `color-scheme` on `root` (default: `<html>`) to `light` or `dark`. */
export function applyTheme(theme: AppHostContext['theme'], root: HTMLElement = rootElement()): void {
  if (theme !== 'light' && theme !== 'dark') return;
  root.style.colorScheme = theme;
  root.dataset.theme = theme;
}

/**
 * Sets the host's style variables on `root` (default: `<html>`); a variable given as
 * `undefined` is removed. Only custom properties (`--name`): a host never sets the page's own.
 */
export function applyStyleVariables(variables: Variables, root: HTMLElement = rootElement()): void {
  for (const [name, value] of Object.entries(variables)) {
    if (!name.startsWith('--')) continue;
    if (value === undefined) root.style.removeProperty(name);
    else root.style.setProperty(name, value);
  }
}

/**
 * Puts the host's font CSS (`@font-face` rules, `@import`s) in one `<style>` element of
 * `doc`'s head, made on first use; the same CSS again changes nothing (no font is fetched
 * twice), other CSS replaces it.
 */
export function applyHostFonts(css: string, doc: Document = document): void {
  let style = doc.getElementById(FONTS_ID);
  if (style === null) {
    style = doc.createElement('style');
    style.id = FONTS_ID;
    doc.head.append(style);
  }
  if (style.textContent !== css) style.textContent = css;
}

/** Applies what `context` says of the host's look to `root` (default: `<html>`) and its document. */
export function applyHostStyles(context: AppHostContext, root: HTMLElement = rootElement()): void {
  applyTheme(context.theme, root);
  applyStyleVariables(context.styles?.variables ?? {}, root);
  const fonts = context.styles?.css?.fonts;
  if (fonts !== undefined) applyHostFonts(fonts, root.ownerDocument);
}

/**
 * Applies the host's look now and again on each change of its context, until the returned
 * function is called. Call it after `app.connect()`: the first context comes with the
 * handshake. A change of `styles` replaces the whole object: variables it no longer names are
 * removed.
 */
export function followHostStyles(app: App, root: HTMLElement = rootElement()): () => void {
  if (app.hostInfo === undefined) throw new Error('followHostStyles: call it after app.connect()');
  let applied = Object.keys(app.hostContext.styles?.variables ?? {});
  applyHostStyles(app.hostContext, root);
  return app.on('hostcontextchanged', (changed) => {
    if (changed.styles !== undefined) {
      const now = changed.styles.variables ?? {};
      for (const name of applied) if (name.startsWith('--') && !(name in now)) root.style.removeProperty(name);
      applied = Object.keys(now);
    }
    applyHostStyles(changed, root);
  });
}
