/**
 * A server's skills for the inspector's Skills tab, through the session's own reader
 * (`session.skills`): every entry, those that break the extension's rules set apart with their
 * problems, and one file read and verified against its entry (size, digest, and for `SKILL.md`
 * its front matter). A file that fails its checks is an answer, not an error: the page shows why.
 * @module
 */
import type { Skill } from 'mcpkit';
import { SkillVerificationError, type SessionSkills } from 'mcpkit/client';
import type { SkillFileView, SkillsListing } from './protocol.js';

/** The most bytes of a file the page is given. */
const MAX_FILE_BYTES = 2 * 1024 * 1024;

/** Every skill the server lists, the invalid ones apart. */
export async function listSkills(skills: SessionSkills): Promise<SkillsListing> {
  if (!skills.supported) return { supported: false, skills: [], invalid: [] };
  const listed: Skill[] = [];
  const invalid: SkillsListing['invalid'] = [];
  for await (const skill of skills.list({ onInvalid: (entry, problems) => invalid.push({ entry, problems }) }))
    listed.push(skill);
  return { supported: true, directoryRead: skills.directoryRead, skills: listed, invalid };
}

/** The file at `path` in the skill whose `SKILL.md` is `uri`, read and checked. */
export async function readSkillFile(skills: SessionSkills, uri: string, path: string): Promise<SkillFileView> {
  const skill = await skills.get(uri);
  try {
    const file = await skills.read(skill, path);
    const size = file.bytes.byteLength;
    const shown = size <= MAX_FILE_BYTES;
    return {
      uri: file.uri,
      ...(file.mimeType !== undefined && { mimeType: file.mimeType }),
      size,
      verified: file.verified,
      ...(shown && file.text !== undefined && { text: file.text }),
      ...(shown && file.text === undefined && { base64: Buffer.from(file.bytes).toString('base64') }),
      ...(file.frontmatter !== undefined && { frontmatter: file.frontmatter }),
      ...(file.body !== undefined && { body: file.body }),
    };
  } catch (error) {
    if (!(error instanceof SkillVerificationError)) throw error;
    return {
      uri: error.uri,
      size: 0,
      verified: false,
      failure: { reason: error.reason, message: error.message, differences: [...error.differences] },
    };
  }
}
