/**
 * The host's look applied to the view's page: its theme as `color-scheme` and `data-theme`,
 * its style variables (`--color-background-primary`, `--font-sans`, ...) on the root element,
 * and its fonts' CSS in one style element of the view's own. A view's stylesheet then uses
 * `var(--color-text-primary, #111)`, a fallback of its own for what the host does not send.
 * @module
 */
import type { AppHostContext } from '../types/apps.js';

const FONTS_ID = 'mcp-app-host-fonts';

/** Applies what `context` says of the host's look to `root` (default: the document's root element). */
export function applyHostStyles(context: AppHostContext, root: HTMLElement = document.documentElement): void {
  if (context.theme === 'light' || context.theme === 'dark') {
    root.style.colorScheme = context.theme;
    root.dataset.theme = context.theme;
  }
  for (const [name, value] of Object.entries(context.styles?.variables ?? {})) {
    // Only custom properties: a host's variables never set the page's own properties.
    if (!name.startsWith('--')) continue;
    if (value === undefined) root.style.removeProperty(name);
    else root.style.setProperty(name, value);
  }
  const fonts = context.styles?.css?.fonts;
  if (fonts === undefined) return;
  const doc = root.ownerDocument;
  let style = doc.getElementById(FONTS_ID);
  if (style === null) {
    style = doc.createElement('style');
    style.id = FONTS_ID;
    doc.head.append(style);
  }
  style.textContent = fonts;
}
