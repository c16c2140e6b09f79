/**
 * What the Skills tab says of a skill, pure: its name, its files as paths in its folder, and
 * the verdict on a file read (verified, unverified because dynamic, or why it failed).
 * @module
 */
import type { SkillFileView } from '../protocol.js';

/** A skill's entry as the server gave it: read defensively, it is the server's word. */
export interface SkillEntry {
  uri: string;
  frontmatter?: { name?: unknown; description?: string; [key: string]: unknown };
  resources?: { uri: string; size?: number; digest?: string }[] | 'dynamic';
}

/** The skill's name: its front matter's, else its folder's. */
export function skillName(skill: SkillEntry): string {
  const name = skill.frontmatter?.name;
  if (typeof name === 'string' && name !== '') return name;
  return (
    skill.uri
      .replace(/\/SKILL\.md$/, '')
      .split('/')
      .pop() ?? skill.uri
  );
}

/** The skill's files as paths in its folder (SKILL.md first), with their sizes; or `dynamic`. */
export function skillFiles(skill: SkillEntry): { path: string; size: number | undefined }[] | 'dynamic' {
  if (skill.resources === 'dynamic') return 'dynamic';
  const folder = skill.uri.slice(0, skill.uri.length - 'SKILL.md'.length);
  const files = (Array.isArray(skill.resources) ? skill.resources : [])
    .filter((r) => typeof r?.uri === 'string' && r.uri.startsWith(folder))
    .map((r) => ({ path: r.uri.slice(folder.length), size: typeof r.size === 'number' ? r.size : undefined }));
  return files.sort((a, b) => (a.path === 'SKILL.md' ? -1 : b.path === 'SKILL.md' ? 1 : a.path.localeCompare(b.path)));
}

/** What is said of a file read: whether it matched its entry, and if not why. */
export function verdict(file: SkillFileView): string {
  if (file.failure !== undefined) return `Failed its check (${file.failure.reason}): ${file.failure.message}`;
  const size = `${file.size} bytes${file.mimeType !== undefined ? `, ${file.mimeType}` : ''}`;
  if (!file.verified) return `Not verified: the skill's files are dynamic (${size}).`;
  return file.body !== undefined
    ? `Verified: size, digest and front matter match the entry (${size}).`
    : `Verified: size and digest match the entry (${size}).`;
}
