/**
 * `mcpkit skills list|show|read|pull`: the skills servers publish (the Skills extension), of one
 * server given directly or of every server of a configuration (named `<server>__<skill>`
 * there). Every file read is verified against its skill's entry (size, digest, SKILL.md's front
 * matter); `pull` writes a verified copy of a skill's folder, and writes nothing unless every
 * file checks out.
 */
import type { Skill } from 'mcpkit';
import type { ClientSession, SkillFile } from 'mcpkit/client';
import { withConfigHost } from '../config-host.js';
import { withSession } from '../connect.js';
import { EXIT } from '../exit-codes.js';
import { parseCommand, type ParsedCommand } from '../options.js';
import { columns } from '../render.js';
import { UsageError } from '../server-target.js';
import { pullSkill } from './skills-pull.js';

/** A skill as a command names it, and how to read its files. */
export interface NamedSkill {
  /** Its name: the skill's own with one server, `<server>__<skill>` with a configuration. */
  name: string;
  server: string | undefined;
  skill: Skill;
}

/** Where the skills come from: one session, or a configuration's host. */
export interface SkillShelf {
  list(): Promise<NamedSkill[]>;
  read(found: NamedSkill, path?: string): Promise<SkillFile>;
}

const ACTIONS = ['list', 'show', 'read', 'pull'] as const;
type Action = (typeof ACTIONS)[number];

const USAGE = 'usage: mcpkit skills list | show <skill> | read <skill> [path] | pull <skill> <dir>';

export async function runSkills(args: string[]): Promise<number> {
  const parsed = parseCommand('skills', args);
  const [action, ...rest] = parsed.positionals;
  if (!ACTIONS.includes(action as Action)) throw new UsageError(USAGE);
  checkArity(action as Action, rest, parsed.config !== undefined);
  return withShelf(parsed, (shelf) => run(action as Action, rest, shelf, parsed.options.json));
}

function checkArity(action: Action, rest: string[], config: boolean): void {
  const ARITY: Record<Action, readonly [number, number]> = {
    list: [0, Infinity],
    show: [1, 1],
    read: [1, 2],
    pull: [2, 2],
  };
  const [min, max] = ARITY[action];
  // With a configuration, `list` takes the names of servers to list.
  if (action === 'list' && !config && rest.length > 0) throw new UsageError(`unexpected arguments: ${rest.join(' ')}`);
  if (rest.length < min || rest.length > max) throw new UsageError(USAGE);
}

async function run(action: Action, rest: string[], shelf: SkillShelf, json: boolean): Promise<number> {
  if (action === 'list') return list(await shelf.list(), rest, json);
  const found = find(await shelf.list(), rest[0]!);
  if (action === 'show') return show(found, json);
  if (action === 'read') return read(await shelf.read(found, rest[1]), json);
  const written = await pullSkill(shelf, found, rest[1]!);
  if (json) console.log(JSON.stringify({ skill: found.name, dir: written.dir, files: written.files }, null, 2));
  else console.error(`mcpkit skills: wrote ${written.files.length} verified files of ${found.name} to ${written.dir}`);
  return EXIT.ok;
}

/** Runs `use` with the skills of the server given, or of the configuration's servers. */
function withShelf(parsed: ParsedCommand, use: (shelf: SkillShelf) => Promise<number>): Promise<number> {
  const { options, target, config } = parsed;
  if (config !== undefined) {
    return withConfigHost(config, options, (host) =>
      use({
        list: async () => (await host.skills()).map(({ name, server, skill }) => ({ name, server, skill })),
        // Asked for on the command line: the user needs no other consent.
        read: (found, path) => host.readSkill(found.name, path, { approved: true }),
      }),
    );
  }
  return withSession(target!, options, (session) => use(sessionShelf(session)));
}

function sessionShelf(session: ClientSession): SkillShelf {
  if (!session.skills.supported) {
    const name = String(session.serverInfo.title ?? session.serverInfo.name);
    throw new UsageError(`${name} serves no skills (it does not declare io.modelcontextprotocol/skills)`);
  }
  return {
    list: async () => {
      const found: NamedSkill[] = [];
      for await (const skill of session.skills.list({ onInvalid: reportInvalid }))
        found.push({ name: skill.frontmatter.name, server: undefined, skill });
      return found;
    },
    read: (found, path) => session.skills.read(found.skill, path),
  };
}

function reportInvalid(skill: Skill, problems: readonly string[]): void {
  console.error(`mcpkit skills: left out ${skill.uri}: ${problems.join('; ')}`);
}

/** The skill `ref` names: by name, or by its SKILL.md URI. */
function find(skills: NamedSkill[], ref: string): NamedSkill {
  const byUri = skills.find((s) => s.skill.uri === ref);
  if (byUri) return byUri;
  let byName = skills.filter((s) => s.name === ref);
  // With a configuration, a skill's own name will do when one server has it.
  if (byName.length === 0) byName = skills.filter((s) => s.server !== undefined && s.skill.frontmatter.name === ref);
  if (byName.length === 1) return byName[0]!;
  if (byName.length > 1)
    throw new UsageError(
      `more than one skill is named ${ref}; name it by URI: ${byName.map((s) => s.skill.uri).join(', ')}`,
    );
  const known = skills.map((s) => s.name);
  throw new UsageError(
    `no skill named ${ref}${known.length > 0 ? ` (there are: ${known.join(', ')})` : ' (there are none)'}`,
  );
}

function list(skills: NamedSkill[], servers: string[], json: boolean): number {
  const chosen =
    servers.length === 0 ? skills : skills.filter((s) => s.server !== undefined && servers.includes(s.server));
  if (json) {
    console.log(
      JSON.stringify(
        { skills: chosen.map(({ name, server, skill }) => ({ name, ...(server && { server }), ...skill })) },
        null,
        2,
      ),
    );
    return EXIT.ok;
  }
  if (chosen.length === 0) console.error('mcpkit skills: no skills');
  for (const line of columns(
    chosen.map((s) => [s.name, s.skill.frontmatter.description]),
    '',
  ))
    console.log(line);
  return EXIT.ok;
}

function show({ name, server, skill }: NamedSkill, json: boolean): number {
  if (json) {
    console.log(JSON.stringify({ name, ...(server && { server }), ...skill }, null, 2));
    return EXIT.ok;
  }
  const { name: _name, description, ...more } = skill.frontmatter;
  console.log(`${name}${server ? ` (server ${server})` : ''}\n${skill.uri}\n\n${description}\n`);
  for (const [key, value] of Object.entries(more))
    console.log(`${key}: ${typeof value === 'string' ? value : JSON.stringify(value)}`);
  if (skill.resources === 'dynamic') {
    console.log('\nFiles: generated by the server (dynamic), not listed');
    return EXIT.ok;
  }
  const root = skill.uri.slice(0, -'SKILL.md'.length);
  console.log(`\nFiles (${skill.resources.length})`);
  const width = Math.max(...skill.resources.map((r) => String(r.size).length));
  const rows = skill.resources.map((r): [string, string] => [
    r.uri.startsWith(root) ? r.uri.slice(root.length) : r.uri,
    `${String(r.size).padStart(width)} bytes  ${r.digest}`,
  ]);
  for (const line of columns(rows)) console.log(line);
  return EXIT.ok;
}

function read(file: SkillFile, json: boolean): number {
  if (json) {
    const data = file.text !== undefined ? { text: file.text } : { blob: Buffer.from(file.bytes).toString('base64') };
    console.log(
      JSON.stringify(
        { uri: file.uri, mimeType: file.mimeType, size: file.bytes.length, verified: file.verified, ...data },
        null,
        2,
      ),
    );
    return EXIT.ok;
  }
  if (file.text === undefined && process.stdout.isTTY)
    throw new UsageError(
      `${file.uri} is ${file.bytes.length} bytes of ${file.mimeType ?? 'binary data'}; redirect it to a file, or use --json`,
    );
  process.stdout.write(file.text ?? file.bytes);
  if (!file.verified)
    console.error(`mcpkit skills: ${file.uri} is not verified: the server generates this skill's files`);
  return EXIT.ok;
}
