/**
 * The rules a skill's entry keeps beyond its shape, for both sides: a server checks the skills
 * it builds, a client those it is sent. The name and description follow the Agent Skills rules
 * (a name of 1-64 lowercase letters, digits and single hyphens, the same as its folder's; a
 * description of 1-1024 characters); the manifest lists every file once, inside the skill, its
 * SKILL.md included, each with a digest and a size. Each problem is one sentence, worded as the
 * official SDK words it.
 * @module
 */
import type { Skill, SkillFrontmatter } from '../../types/skills.js';
import { SKILL_DIGEST } from './digest.js';
import { canonicalUri, isWithinSkill, skillFileKey, skillFolderName, skillRootUri } from './uri.js';

/** A skill's name: 1-64 lowercase letters, digits and single hyphens, neither first nor last. */
export const SKILL_NAME = /^[\da-z]+(?:-[\da-z]+)*$/;

/** The number of characters (code points, not UTF-16 units) of `text`. */
function characters(text: string): number {
  let n = 0;
  for (const _ of text) n++;
  return n;
}

/** The problems of a front matter against its skill's folder name (`folder`), when known. */
export function frontmatterProblems(frontmatter: SkillFrontmatter, folder: string | undefined): string[] {
  const problems: string[] = [];
  if (Object.hasOwn(frontmatter, '__proto__')) problems.push('frontmatter must not have a "__proto__" field');
  const { name, description, compatibility, metadata } = frontmatter;
  if (typeof name !== 'string' || name.length > 64 || !SKILL_NAME.test(name)) {
    problems.push(`frontmatter name ${JSON.stringify(name)} must be 1-64 lowercase letters, digits and single hyphens`);
  } else if (folder !== undefined && name !== folder) {
    problems.push(
      `frontmatter name ${JSON.stringify(name)} must match the last path segment ${JSON.stringify(folder)}`,
    );
  }
  if (typeof description !== 'string' || description.length === 0 || characters(description) > 1024) {
    problems.push('frontmatter description must be 1-1024 characters');
  }
  if (compatibility !== undefined) {
    const n = typeof compatibility === 'string' ? characters(compatibility) : 0;
    if (n < 1 || n > 500) problems.push('frontmatter compatibility must be a string of 1-500 characters');
  }
  if (metadata !== undefined) {
    const strings =
      typeof metadata === 'object' &&
      metadata !== null &&
      !Array.isArray(metadata) &&
      Object.values(metadata).every((v) => typeof v === 'string');
    if (!strings) problems.push('frontmatter metadata must map strings to strings');
  }
  return problems;
}

/** The problems of a manifest of the skill whose SKILL.md is `skillUri`, in the folder `root`. */
function manifestProblems(resources: Skill['resources'], skillUri: string, root: string): string[] {
  if (resources === 'dynamic') return [];
  const problems: string[] = [];
  const seen = new Set<string>();
  const ownKey = skillFileKey(skillUri);
  let hasOwn = false;
  for (const { uri, digest, size } of resources) {
    const label = `resource ${JSON.stringify(uri)}`;
    const canonical = canonicalUri(uri);
    if (canonical === undefined) {
      problems.push(`${label} is not a valid URI`);
      continue;
    }
    const url = new URL(canonical);
    if (url.search !== '' || url.hash !== '' || canonical.endsWith('?') || canonical.endsWith('#')) {
      problems.push(`${label} must not have a query or fragment`);
      continue;
    }
    const key = skillFileKey(canonical);
    if (key !== undefined && seen.has(key)) problems.push(`${label} is listed more than once`);
    if (key !== undefined) seen.add(key);
    if (key !== undefined && key === ownKey) hasOwn = true;
    else if (!isWithinSkill(canonical, root)) problems.push(`${label} is outside the skill directory ${root}`);
    if (typeof digest !== 'string' || !SKILL_DIGEST.test(digest)) {
      problems.push(`${label}: digest must be "sha256:" followed by 64 lowercase hexadecimal characters`);
    }
    if (!Number.isSafeInteger(size) || size < 0) problems.push(`${label}: size must be a whole number of bytes`);
  }
  if (!hasOwn) problems.push(`resources must include ${skillUri}`);
  return problems;
}

/** Everything wrong with a skill's entry; none when it keeps every rule. */
export function skillEntryProblems(skill: Skill): string[] {
  const root = skillRootUri(skill.uri);
  if (root === undefined) {
    return [
      `uri ${JSON.stringify(skill.uri)} must be a URI ending in /SKILL.md inside a named directory`,
      ...frontmatterProblems(skill.frontmatter, undefined),
    ];
  }
  return [
    ...frontmatterProblems(skill.frontmatter, skillFolderName(root)),
    ...manifestProblems(skill.resources, skill.uri, root),
  ];
}
