/**
 * The policy a host renders a view under, from the view's `_meta.ui`: its Content Security
 * Policy (nothing reachable but what the view declared, no `eval`, no plugins, no frames unless
 * declared) and the `allow` list of the permissions it asked for. An origin that could change
 * the policy's meaning (a space, `;`, `,`, a quote: another directive or a keyword) is dropped
 * and named, never written into the policy.
 * @module
 */
import type { AppCsp, AppPermissions, AppViewMeta } from '../types/apps.js';

/** What the host applies to a view's frame. */
export interface ViewPolicy {
  /** The `Content-Security-Policy` of the view's document. */
  csp: string;
  /** The frame's `allow` attribute (Permissions Policy): `camera; microphone`, or `''`. */
  allow: string;
  /** The origins left out, each with the `_meta.ui.csp` key it came in. */
  dropped: string[];
}

const PERMISSION_FEATURES: readonly [keyof AppPermissions, string][] = [
  ['camera', 'camera'],
  ['microphone', 'microphone'],
  ['geolocation', 'geolocation'],
  ['clipboardWrite', 'clipboard-write'],
];

/** The policy of a view whose `_meta.ui` is `meta` (the content's, else the listing's). */
export function viewPolicy(meta: AppViewMeta | undefined): ViewPolicy {
  const dropped: string[] = [];
  const csp = meta?.csp;
  const allow = PERMISSION_FEATURES.filter(([key]) => meta?.permissions?.[key] !== undefined)
    .map(([, feature]) => feature)
    .join('; ');
  if (csp === undefined) {
    // Nothing declared: the view's own inline code and images, and nothing beyond it.
    const none = [
      "default-src 'none'",
      "script-src 'self' 'unsafe-inline'",
      "style-src 'self' 'unsafe-inline'",
      "img-src 'self' data:",
      "media-src 'self' data:",
      "connect-src 'none'",
      "object-src 'none'",
    ];
    return { csp: none.join('; '), allow, dropped };
  }
  const list = (key: keyof AppCsp) => origins(csp, key, dropped);
  const resources = list('resourceDomains');
  const frames = list('frameDomains');
  const bases = list('baseUriDomains');
  const directives = [
    "default-src 'none'",
    `script-src 'self' 'unsafe-inline'${resources}`,
    `style-src 'self' 'unsafe-inline'${resources}`,
    `connect-src 'self'${list('connectDomains')}`,
    `img-src 'self' data:${resources}`,
    `font-src 'self'${resources}`,
    `media-src 'self' data:${resources}`,
    `frame-src ${frames === '' ? "'none'" : frames.slice(1)}`,
    "object-src 'none'",
    `base-uri ${bases === '' ? "'self'" : bases.slice(1)}`,
  ];
  return { csp: directives.join('; '), allow, dropped };
}

/** The origins of `csp[key]` that may be written into a policy, each after a space. */
function origins(csp: AppCsp, key: keyof AppCsp, dropped: string[]): string {
  const value: unknown = csp[key];
  if (!Array.isArray(value)) return '';
  let out = '';
  for (const origin of value as unknown[]) {
    if (typeof origin === 'string' && origin !== '' && !/[\s;,'"]/.test(origin)) out += ` ${origin}`;
    else dropped.push(`${key}: ${JSON.stringify(origin)}`);
  }
  return out;
}
