/**
 * Skills offered to the model the way Agent Skills intends (progressive disclosure): the names
 * and descriptions up front, in the system prompt, and a `read_skill` tool of the host's that
 * gives the model a skill's SKILL.md, then the files it refers to, when the model asks. Each
 * read goes through the host (consent, verification); what a server wrote is escaped so it
 * stays inside the listing.
 * @module
 */
import type { CallToolResult } from 'mcpkit';
import type { SkillFile } from 'mcpkit/client';
import type { HostCallOptions } from './call-options.js';
import type { ModelTool } from './model/model.js';
import type { CatalogSkill } from './skills.js';

/** The name of the host's tool that reads skills, unless a catalog tool has it already. */
export const READ_SKILL_TOOL = 'read_skill';

/** What offering skills needs of the host. */
export interface SkillsChatHost {
  /** The skills of the catalog. */
  skills(): Promise<CatalogSkill[]>;
  /** Reads a file of a skill (its SKILL.md by default), through consent. */
  readSkill(name: string, path?: string, options?: HostCallOptions): Promise<SkillFile>;
}

/** The skills offered in one turn: the tool that reads them and what the system prompt says of them. */
export interface SkillsOffer {
  tool: ModelTool;
  system: string;
  /** The server of the skill a call of the tool names. */
  serverOf(args: Record<string, unknown>): string | undefined;
  /** Runs a call of the tool: the file's text as the result, or an error result saying why not. */
  run(args: Record<string, unknown>, options: HostCallOptions): Promise<CallToolResult>;
}

/** The offer of `skills`, its tool named apart from every name in `taken`; none without skills. */
export function offerSkills(
  host: SkillsChatHost,
  skills: readonly CatalogSkill[],
  taken: ReadonlySet<string>,
): SkillsOffer | undefined {
  if (skills.length === 0) return undefined;
  let name = READ_SKILL_TOOL;
  for (let n = 2; taken.has(name); n++) name = `${READ_SKILL_TOOL}_${n}`;
  const byName = new Map(skills.map((s) => [s.name, s]));
  return {
    tool: {
      name,
      description:
        "Reads a skill: its SKILL.md (the instructions) by default, or one of the skill's files by its path.",
      inputSchema: {
        type: 'object',
        properties: {
          skill: { type: 'string', description: 'The name of the skill, as listed in <available_skills>.' },
          path: { type: 'string', description: 'A file of the skill, relative to its folder. Default: SKILL.md.' },
        },
        required: ['skill'],
      },
    },
    system: listing(skills, name),
    serverOf: (args) => (typeof args.skill === 'string' ? byName.get(args.skill)?.server : undefined),
    run: async (args, options) => {
      const { skill, path } = args;
      if (typeof skill !== 'string' || (path !== undefined && typeof path !== 'string'))
        return failed('read_skill needs "skill", a string, and optionally "path", a string.');
      const found = byName.get(skill);
      if (found === undefined) return failed(`There is no skill named ${skill}.`);
      const file = await host.readSkill(skill, path, options);
      return { content: [{ type: 'text', text: textFor(found, file) }] };
    },
  };
}

/** The system prompt's part: how to use skills, then each one's name and description. */
function listing(skills: readonly CatalogSkill[], tool: string): string {
  const entries = skills.map(
    ({ name, skill }) =>
      `<skill>\n<name>${escaped(name)}</name>\n<description>${escaped(skill.frontmatter.description)}</description>\n</skill>`,
  );
  return [
    `The skills below hold instructions and files for particular tasks. When a task matches a skill's description, call ${tool} with the skill's name and follow what it says; read the files it refers to with ${tool} and their path. Only a skill's description is shown here.`,
    `<available_skills>\n${entries.join('\n')}\n</available_skills>`,
  ].join('\n\n');
}

/** A file as the model reads it: its text (SKILL.md with the list of the skill's other files), or what it is. */
function textFor({ skill }: CatalogSkill, file: SkillFile): string {
  const root = skill.uri.slice(0, -'SKILL.md'.length);
  const path = file.uri.startsWith(root) ? file.uri.slice(root.length) : file.uri;
  if (file.text === undefined) {
    return `(${path} is ${file.bytes.length} bytes of ${file.mimeType ?? 'binary data'}; it cannot be shown as text.)`;
  }
  if (file.uri !== skill.uri || skill.resources === 'dynamic') return file.text;
  const others = skill.resources.filter((r) => r.uri !== skill.uri).map((r) => r.uri.slice(root.length));
  return others.length === 0 ? file.text : `${file.text}\n\n(Files of this skill: ${others.join(', ')})`;
}

function failed(text: string): CallToolResult {
  return { content: [{ type: 'text', text }], isError: true };
}

function escaped(text: string): string {
  return text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
}
