/**
 * Guards of the Skills extension's params and results (`io.modelcontextprotocol/skills`): the
 * shapes only. The rules an entry must keep beyond its shape (names, URIs inside the skill,
 * digests) are `src/protocol/skills/entry-checks.ts`.
 * @module
 */
import { cacheMembers, paginatedResultMembers, requestParamsMembers, resultMembers } from './base.js';
import { resource } from './catalog.js';
import { anyObject, array, int, literal, obj, str, when, type Guard } from './kit.js';

/** `SkillResource`: one file of a skill's manifest. */
export const skillResource: Guard = obj({ uri: str, digest: str, size: int });

/** `Skill`: an entry of `skills/list` and `skills/get`. */
export const skill: Guard = obj(
  {
    uri: str,
    frontmatter: obj({ name: str, description: str }),
    resources: when((v) => typeof v === 'string', literal('dynamic'), array(skillResource)),
  },
  { _meta: anyObject },
);

/** `ListSkillsResult`. */
export const listSkillsResult: Guard = obj({ skills: array(skill) }, { ...paginatedResultMembers, ...cacheMembers });

/** `GetSkillRequestParams`. */
export const getSkillRequestParams: Guard = obj({ uri: str }, requestParamsMembers);

/** `GetSkillResult`. */
export const getSkillResult: Guard = obj({ skill }, { ...resultMembers, ...cacheMembers });

/** `ReadResourceDirectoryRequestParams`. */
export const readResourceDirectoryRequestParams: Guard = obj({ uri: str }, { ...requestParamsMembers, cursor: str });

/** `ReadResourceDirectoryResult`. */
export const readResourceDirectoryResult: Guard = obj(
  { resources: array(resource) },
  { ...paginatedResultMembers, ...cacheMembers },
);
