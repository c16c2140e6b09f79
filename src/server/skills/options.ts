/**
 * The options of a server's skills (`new Server(info, { skills })`) and their defaults, checked
 * when the server is built so a value that cannot work fails there, naming the option.
 * @module
 */
import type { CacheScope } from '../../types/base.js';
import { SKILL_LIMITS } from '../../types/skills.js';
import { checkedScope, checkedTtl, type CacheHints } from '../modern-results.js';
import { checkedMaxFileBytes, type SkillSource } from './source.js';

/** The skills a server serves, and how. */
export interface SkillsOptions {
  /** Where the skills are: `skillsFromFiles({...})`, `folderSkills(dir)` of `mcpkit/node`, or your own. */
  source: SkillSource;
  /**
   * Caching hints on `skills/list`, `skills/get`, `resources/directory/read` and the reads of
   * skill files, for clients of 2026-07-28 (older revisions have none). Default `ttlMs: 0` and
   * `cacheScope: 'private'`.
   */
  cache?: CacheHints;
  /** Entries per page of `skills/list` and `resources/directory/read`; default 100. */
  pageSize?: number;
  /**
   * Files in one skill, and their total bytes, past which a skill is reported at start-up (some
   * hosts may decline it); it is served all the same. Default 512 files and 16 MiB.
   */
  limits?: {
    /** The most files in one skill. Default 512. */
    files?: number;
    /** The most bytes of one skill's files together. Default 16 MiB. */
    bytes?: number;
  };
}

/** The options with their defaults, checked. */
export interface ResolvedSkillsOptions {
  readonly source: SkillSource;
  readonly ttlMs: number;
  readonly cacheScope: CacheScope;
  readonly pageSize: number;
  readonly limits: { readonly files: number; readonly bytes: number };
  readonly maxFileBytes: number;
}

/** A count an option gives: a whole number >= 1, or `Infinity`. */
function checkedCount(value: number | undefined, fallback: number, where: string): number {
  if (value === undefined) return fallback;
  if (value !== Infinity && (!Number.isSafeInteger(value) || value < 1)) {
    throw new TypeError(`${where} must be a whole number >= 1 or Infinity, got ${value}`);
  }
  return value;
}

/** `skills` as given to the server (a source alone, or options), with the defaults, checked. */
export function resolveSkillsOptions(skills: SkillSource | SkillsOptions): ResolvedSkillsOptions {
  const options: SkillsOptions = 'source' in skills ? skills : { source: skills };
  const { source, cache = {}, limits = {} } = options;
  if (typeof source?.list !== 'function' || typeof source.read !== 'function') {
    throw new TypeError('skills.source must be a SkillSource: an object with list() and read()');
  }
  return {
    source,
    ttlMs: checkedTtl(cache.ttlMs ?? 0, 'skills.cache.ttlMs'),
    cacheScope: checkedScope(cache.cacheScope ?? 'private', 'skills.cache.cacheScope'),
    pageSize: checkedCount(options.pageSize, 100, 'skills.pageSize'),
    limits: {
      files: checkedCount(limits.files, SKILL_LIMITS.files, 'skills.limits.files'),
      bytes: checkedCount(limits.bytes, SKILL_LIMITS.bytes, 'skills.limits.bytes'),
    },
    maxFileBytes: checkedMaxFileBytes(source.maxFileBytes, 'skills.source'),
  };
}
