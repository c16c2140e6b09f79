/**
 * The Skills extension (`io.modelcontextprotocol/skills`, SEP-2640): Agent Skills served over
 * MCP. A skill is a folder with a `SKILL.md` (YAML front matter and Markdown) and supporting
 * files, named by `skill://` URIs; `skills/list` and `skills/get` give its entry (the front
 * matter and a manifest of its files with sizes and SHA-256 digests), `resources/read` its
 * files, `resources/directory/read` the children of its folders. Declared under
 * `capabilities.extensions`, in every revision: no revision defines it, and the official SDK
 * serves it in 2025-11-25 and 2026-07-28 alike.
 * @module
 */
import type { CacheScope, Meta, PaginatedRequestParams, PaginatedResult, RequestParams, Result } from './base.js';
import type { Resource } from './resources.js';

/** The extension's identifier, the key of its settings in `capabilities.extensions`. */
export const SKILLS_EXTENSION = 'io.modelcontextprotocol/skills';

/** The methods the extension adds: a client sends each to a server that declared it. */
export const SKILLS_METHODS = {
  list: 'skills/list',
  get: 'skills/get',
  readDirectory: 'resources/directory/read',
} as const;

/** A method of the Skills extension. */
export type SkillsMethod = (typeof SKILLS_METHODS)[keyof typeof SKILLS_METHODS];

/** The MIME type of a directory's entry in `resources/directory/read`. */
export const DIRECTORY_MIME_TYPE = 'inode/directory';

/**
 * Past these, some hosts may decline a skill: files in one skill, and the total of their
 * sizes in bytes. A server still serves a skill beyond them (and says so at start-up).
 */
export const SKILL_LIMITS: Readonly<{ files: number; bytes: number }> = Object.freeze({
  files: 512,
  bytes: 16 * 1024 * 1024,
});

/** What a server declares under `capabilities.extensions["io.modelcontextprotocol/skills"]`. */
export type SkillsCapability = {
  /** It also serves `resources/directory/read`. */
  directoryRead?: boolean;
};

/** A SKILL.md's front matter, as JSON: `name` and `description`, and any other keys as written. */
export type SkillFrontmatter = {
  /** 1-64 lowercase letters, digits and single hyphens; the skill folder's name. */
  name: string;
  /** What the skill does and when to use it: 1-1024 characters. */
  description: string;
  [key: string]: unknown;
};

/** One file of a skill: its URI, and the size and digest of its bytes as served. */
export type SkillResource = {
  /** The file's URI, under its skill's folder. */
  uri: string;
  /** `sha256:` and the lowercase hexadecimal SHA-256 of the file's bytes. */
  digest: string;
  /** The number of bytes. */
  size: number;
};

/** A skill's entry: where its SKILL.md is, its front matter, and every file it has. */
export type Skill = {
  /** The SKILL.md's URI: `skill://<skill path>/SKILL.md`. */
  uri: string;
  /** The YAML front matter of its SKILL.md, as JSON: its name and description among others. */
  frontmatter: SkillFrontmatter;
  /** Every file of the skill once, its SKILL.md included; `'dynamic'` when generated. */
  resources: SkillResource[] | 'dynamic';
  /** Metadata, as MCP's `_meta` everywhere. */
  _meta?: Meta;
};

/** Caching hints: on the extension's results in 2026-07-28, absent before. */
type SkillsCacheHints = {
  ttlMs?: number;
  cacheScope?: CacheScope;
};

/** Params of `skills/list`. */
export type ListSkillsRequestParams = PaginatedRequestParams;

/** Result of `skills/list`: a page of entries, in URI order. */
export type ListSkillsResult = PaginatedResult &
  SkillsCacheHints & {
    /** The skills of this page. */
    skills: Skill[];
  };

/** Params of `skills/get`. */
export type GetSkillRequestParams = RequestParams & {
  /** The SKILL.md URI of the skill. */
  uri: string;
};

/** Result of `skills/get`. */
export type GetSkillResult = Result &
  SkillsCacheHints & {
    /** The skill asked for. */
    skill: Skill;
  };

/** Params of `resources/directory/read`. */
export type ReadResourceDirectoryRequestParams = PaginatedRequestParams & {
  /** A directory: a skill's folder or a folder inside one, without a trailing slash. */
  uri: string;
};

/**
 * Result of `resources/directory/read`: a page of the directory's direct children, in URI
 * order; folders carry `mimeType: "inode/directory"` and no size.
 */
export type ReadResourceDirectoryResult = PaginatedResult &
  SkillsCacheHints & {
    /** The directory's children of this page: files and folders. */
    resources: Resource[];
  };
