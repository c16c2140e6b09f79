/**
 * The URIs of skills, for both sides: a skill's path as a `skill://` URI (its first segment the
 * authority), the skill folder of a SKILL.md URI, whether a URI lies inside a skill, and the key
 * that names a file whatever the spelling of its URI (`Q&A.md` and `Q%26A.md` are one file).
 * WHATWG `URL` only, so it runs in browsers and workers.
 * @module
 */

/** The scheme and separator of the extension's URIs. */
export const SKILL_SCHEME = 'skill://';

/** The name of the file that makes a folder a skill. */
export const SKILL_MD = 'SKILL.md';

/** A segment's text, its `%XX` sequences decoded; as it is when they are not UTF-8. */
export function decodeSegment(segment: string): string {
  try {
    return decodeURIComponent(segment);
  } catch {
    return segment;
  }
}

/** A segment as a skill URI spells it: everything but unreserved characters percent-encoded. */
function encodeSegment(segment: string): string | undefined {
  // URLs take `.` and `..` as steps, spelled plain or encoded: no URI names such a file.
  if (segment === '.' || segment === '..') return undefined;
  try {
    return encodeURIComponent(segment);
  } catch {
    // A lone surrogate: no UTF-8 spells it.
    return undefined;
  }
}

/**
 * The URI of `segments` under `base` (`skill://`): `['pdf-processing', 'SKILL.md']` is
 * `skill://pdf-processing/SKILL.md`. `undefined` when some segment cannot be written in a URI
 * that reads back the same (an empty one, a lone surrogate, an authority a URL refuses).
 */
export function skillUri(segments: readonly string[], base = SKILL_SCHEME): string | undefined {
  if (segments.length === 0 || segments.some((s) => s === '')) return undefined;
  const encoded: string[] = [];
  for (const segment of segments) {
    const one = encodeSegment(segment);
    if (one === undefined) return undefined;
    encoded.push(one);
  }
  const uri = base + encoded.join('/');
  return canonicalUri(uri) === uri ? uri : undefined;
}

/** `uri` as WHATWG's URL parser writes it back, or `undefined` when it does not parse. */
export function canonicalUri(uri: string): string | undefined {
  try {
    return new URL(uri).href;
  } catch {
    return undefined;
  }
}

/** The parts of a URI that name a file of a skill, or `undefined` when it has others (user, port, query). */
function parts(uri: string): { origin: string; segments: string[]; hash: string } | undefined {
  let url: URL;
  try {
    url = new URL(uri);
  } catch {
    return undefined;
  }
  if (url.username !== '' || url.password !== '' || url.port !== '' || url.search !== '') return undefined;
  if (url.host === '' || !url.href.startsWith(`${url.protocol}//`)) return undefined;
  const path = url.pathname;
  return {
    origin: `${url.protocol}//${url.host}`,
    segments: path === '' ? [] : path.slice(1).split('/'),
    hash: url.hash,
  };
}

/**
 * The folder of the skill whose SKILL.md is at `uri`, without a trailing slash
 * (`skill://pdf-processing`); `undefined` when `uri` names no SKILL.md inside a named folder,
 * or has a query or fragment.
 */
export function skillRootUri(uri: string): string | undefined {
  const canonical = canonicalUri(uri);
  const p = canonical === undefined ? undefined : parts(canonical);
  if (p === undefined || p.hash !== '' || p.segments.at(-1) !== SKILL_MD) return undefined;
  const folder = p.segments.slice(0, -1);
  if (folder.some((s) => s === '')) return undefined;
  return [p.origin, ...folder].join('/');
}

/** The decoded last segment of a skill's folder (its authority when it has no path): the skill's name. */
export function skillFolderName(root: string): string | undefined {
  const p = parts(root);
  if (p === undefined) return undefined;
  const last = p.segments.at(-1);
  return decodeSegment(last ?? p.origin.slice(p.origin.indexOf('//') + 2));
}

/** Whether a decoded segment can name a file or folder: not empty, `.`, `..`, and without `/` or NUL. */
function nameable(decoded: string): boolean {
  return decoded !== '' && decoded !== '.' && decoded !== '..' && !decoded.includes('/') && !decoded.includes('\0');
}

/** Whether `uri` names something below the skill folder `root` (each segment below it a name). */
export function isWithinSkill(uri: string, root: string): boolean {
  const canonical = canonicalUri(uri);
  if (canonical === undefined || !canonical.startsWith(`${root}/`)) return false;
  const below = canonical.slice(root.length + 1);
  if (below.includes('?') || below.includes('#')) return false;
  return below.split('/').every((s) => nameable(decodeSegment(s)));
}

/**
 * The key of the file `uri` names: its canonical form with the fragment dropped and each path
 * segment spelled one way, so two spellings of one file (`Q&A.md`, `Q%26A.md`) have one key.
 * `undefined` for what names no file (no authority, a query, a segment that is no name).
 */
export function skillFileKey(uri: string): string | undefined {
  const p = parts(uri);
  if (p === undefined) return undefined;
  const segments: string[] = [];
  for (const segment of p.segments) {
    const decoded = decodeSegment(segment);
    if (!nameable(decoded)) return undefined;
    segments.push(encodeURIComponent(decoded));
  }
  return [p.origin, ...segments].join('/');
}
