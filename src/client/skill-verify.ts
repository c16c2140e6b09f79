/**
 * What a client checks of a skill file it read, against the skill's entry (SEP-2640): the
 * content is the file asked for, its size and then its SHA-256 digest are the manifest's, and a
 * SKILL.md's front matter is the entry's, key by key. A file that fails is never returned: it
 * is a `SkillVerificationError` naming the file and what differed.
 * @module
 */
import { ErrorCode } from '../jsonrpc/errors.js';
import { fromBase64 } from '../internal/base64.js';
import { McpError } from '../protocol/errors.js';
import { sha256Digest } from '../protocol/skills/digest.js';
import { FrontmatterError, parseSkillMarkdown } from '../protocol/skills/frontmatter.js';
import { skillFileKey } from '../protocol/skills/uri.js';
import type { BlobResourceContents, TextResourceContents } from '../types/content.js';
import type { SkillFrontmatter, SkillResource } from '../types/skills.js';

/** What did not match: a file not in the manifest, its size, its digest, or SKILL.md's front matter. */
export type SkillVerificationReason = 'unlisted' | 'size' | 'digest' | 'frontmatter';

/** A skill file that is not what its skill's entry says; nothing of it is returned. */
export class SkillVerificationError extends McpError {
  /**
   * What did not match: the file is not in the skill's manifest, or its size, digest or front
   * matter differ from the entry.
   */
  readonly reason: SkillVerificationReason;
  /** The file's URI. */
  readonly uri: string;
  /** For `frontmatter`: each key that differs, with both values. */
  readonly differences: readonly string[];

  constructor(reason: SkillVerificationReason, uri: string, message: string, differences: readonly string[] = []) {
    super(ErrorCode.InternalError, message, { reason, uri, differences });
    this.name = 'SkillVerificationError';
    this.reason = reason;
    this.uri = uri;
    this.differences = differences;
  }
}

/** A file of a skill, read and checked against the skill's entry. */
export interface SkillFile {
  /** The file's URI, as the entry lists it. */
  readonly uri: string;
  /** Its MIME type, as the server sent it. */
  readonly mimeType: string | undefined;
  /** Its content, checked against the entry's size and digest. */
  readonly bytes: Uint8Array;
  /** The bytes as text, when they are UTF-8. */
  readonly text: string | undefined;
  /** Its size and digest are the manifest's; `false` for a skill whose files are `dynamic`. */
  readonly verified: boolean;
  /** The front matter, for the skill's SKILL.md. */
  readonly frontmatter?: SkillFrontmatter;
  /** The Markdown after the front matter, for the skill's SKILL.md. */
  readonly body?: string;
}

const encoder = new TextEncoder();
const decoder = new TextDecoder('utf-8', { fatal: true, ignoreBOM: true });

/** The bytes of the content of `contents` that is the file `uri` names; throws when there is none. */
export function contentOf(
  contents: readonly (TextResourceContents | BlobResourceContents)[],
  uri: string,
): { bytes: Uint8Array; text: string | undefined; mimeType: string | undefined } {
  const key = skillFileKey(uri);
  const content = contents.find((c) => skillFileKey(c.uri) === key);
  if (content === undefined) {
    throw new McpError(ErrorCode.InternalError, `resources/read returned no contents for ${uri}`, { uri });
  }
  if ('text' in content && typeof content.text === 'string') {
    return { bytes: encoder.encode(content.text), text: content.text, mimeType: content.mimeType };
  }
  const bytes = fromBase64((content as BlobResourceContents).blob);
  if (bytes === undefined) {
    throw new McpError(ErrorCode.InternalError, `resources/read returned an invalid base64 blob for ${uri}`, { uri });
  }
  let text: string | undefined;
  try {
    text = decoder.decode(bytes);
  } catch {
    text = undefined;
  }
  return { bytes, text, mimeType: content.mimeType };
}

/** Throws when `bytes` are not the manifest's: the size first, then the digest. */
export async function checkBytes(bytes: Uint8Array, listed: SkillResource): Promise<void> {
  if (bytes.length !== listed.size) {
    throw new SkillVerificationError(
      'size',
      listed.uri,
      `${listed.uri} is ${bytes.length} bytes; the skill entry lists ${listed.size}`,
    );
  }
  const digest = await sha256Digest(bytes);
  if (digest !== listed.digest) {
    throw new SkillVerificationError(
      'digest',
      listed.uri,
      `${listed.uri} has digest ${digest}; the skill entry lists ${listed.digest}`,
    );
  }
}

/** SKILL.md's text read: its front matter, which must be the entry's, and its body. */
export async function checkSkillMarkdown(
  uri: string,
  text: string | undefined,
  expected: SkillFrontmatter,
): Promise<{ frontmatter: SkillFrontmatter; body: string }> {
  if (text === undefined) throw new SkillVerificationError('frontmatter', uri, `${uri} is not valid UTF-8`);
  let read: { frontmatter: Record<string, unknown>; body: string };
  try {
    read = await parseSkillMarkdown(text);
  } catch (error) {
    if (!(error instanceof FrontmatterError)) throw error;
    throw new SkillVerificationError('frontmatter', uri, `the frontmatter of ${uri} cannot be read: ${error.message}`);
  }
  const differences = frontmatterDifferences(expected, read.frontmatter);
  if (differences.length > 0) {
    throw new SkillVerificationError(
      'frontmatter',
      uri,
      `the frontmatter of ${uri} differs from the skill entry: ${differences.join('; ')}`,
      differences,
    );
  }
  return { frontmatter: read.frontmatter as SkillFrontmatter, body: read.body };
}

/**
 * Where `entry` and `file` differ, each as `<path>: the entry has <x>, SKILL.md has <y>`. Keys
 * are compared both ways, objects in any key order, arrays in order, values without coercion.
 */
export function frontmatterDifferences(entry: unknown, file: unknown, path = '(frontmatter)'): string[] {
  if (Array.isArray(entry) && Array.isArray(file)) {
    if (entry.length !== file.length) {
      return [`${path}: the entry has ${entry.length} items, SKILL.md has ${file.length}`];
    }
    return entry.flatMap((item, i) => frontmatterDifferences(item, file[i], `${path}[${i}]`));
  }
  if (isRecord(entry) && isRecord(file)) {
    const keys = new Set([...Object.keys(entry), ...Object.keys(file)]);
    const prefix = path === '(frontmatter)' ? '' : `${path}.`;
    return [...keys].flatMap((key) =>
      frontmatterDifferences(valueAt(entry, key), valueAt(file, key), `${prefix}${key}`),
    );
  }
  if (Object.is(entry, file)) return [];
  return [`${path}: the entry has ${shown(entry)}, SKILL.md has ${shown(file)}`];
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** An own member only: `constructor` or `toString` in one is not a member of the other. */
function valueAt(record: Record<string, unknown>, key: string): unknown {
  return Object.hasOwn(record, key) ? record[key] : undefined;
}

function shown(value: unknown): string {
  return value === undefined ? 'nothing' : JSON.stringify(value);
}
