/**
 * The skills of the host's servers (the Skills extension) in its catalog: named like tools
 * (`<server>__<skill>`), and read through consent. A trusted server's skills are read unasked;
 * any other's ask the user, whose "always" holds for the skill as it is now: when its SKILL.md
 * changes, the user is asked again. The configuration's `consent` rules name tools, not skills.
 * @module
 */
import type { Skill } from 'mcpkit';
import type { Catalog } from './catalog.js';
import type { ConsentAnswer, SkillConsentRequest } from './consent.js';
import { ConsentDeniedError } from './errors.js';

/** A skill in the catalog: its name there, its server, and its entry. */
export interface CatalogSkill {
  /** The skill's name in the catalog (`<server>__<skill>` by default). */
  name: string;
  /** The server's name in the host's configuration. */
  server: string;
  /** The skill's entry: its front matter and the manifest of its files. */
  skill: Skill;
}

/** A skill list as the catalog names items: by the skill's name. Kept per list, so a naming is reused. */
const named = new WeakMap<Skill[], { name: string; skill: Skill }[]>();

/** Catalog names for the skills of each server, unique across servers as tools' are. */
export function nameSkills(catalog: Catalog, lists: [server: string, skills: Skill[]][]): CatalogSkill[] {
  const items = lists.map(([server, skills]) => {
    let list = named.get(skills);
    if (list === undefined) {
      list = skills.map((skill) => ({ name: skill.frontmatter.name, skill }));
      named.set(skills, list);
    }
    return [server, list] as [string, { name: string; skill: Skill }[]];
  });
  return catalog.name(items).map(({ name, server, item }) => ({ name, server, skill: item.skill }));
}

/** What the user allowed for as long as the host runs: skills as they were when allowed. */
export class SkillConsent {
  readonly #always = new Set<string>();

  /** Throws `ConsentDeniedError` unless reading `uri` of `found` is allowed. */
  async check(
    found: CatalogSkill,
    uri: string,
    settings: { trusted: boolean; approved: boolean },
    ask: (request: SkillConsentRequest) => Promise<ConsentAnswer>,
  ): Promise<void> {
    const key = keyOf(found);
    if (settings.trusted || settings.approved || this.#always.has(key)) return;
    const answer = await ask({
      kind: 'skill',
      server: found.server,
      name: found.name,
      skill: found.skill,
      uri,
      trusted: false,
    });
    if (answer === 'deny') throw new ConsentDeniedError(`${found.name}: reading this skill was not allowed`);
    if (answer === 'always') this.#always.add(key);
  }
}

/** A skill as it is now: its server, its URI and its SKILL.md's digest. */
function keyOf({ server, skill }: CatalogSkill): string {
  const own = skill.resources === 'dynamic' ? undefined : skill.resources.find((r) => r.uri === skill.uri);
  return `${server}\u0000${skill.uri}\u0000${own?.digest ?? 'dynamic'}`;
}
