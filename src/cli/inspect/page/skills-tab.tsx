/**
 * A server's skills (the Skills extension): each a button named by the skill's name; the one
 * chosen shows its description, its front matter and its files, each a button named by its
 * path; the file chosen is read through the inspector, verified against the entry (size,
 * digest, front matter), and shown: SKILL.md as Markdown, other text as it is, bytes by size.
 * Entries that break the extension's rules are listed apart with why.
 * @module
 */
import { useContext, useEffect, useState } from 'preact/hooks';
import type { ServerState, SkillFileView, SkillsListing } from '../protocol.js';
import { InspectorContext } from './context.js';
import { JsonView } from './json-view.js';
import { Markdown } from './markdown.js';
import { type SkillEntry, skillFiles, skillName, verdict } from './skills-model.js';

export function SkillsTab({ server }: { server: ServerState }) {
  const { api } = useContext(InspectorContext);
  const [listing, setListing] = useState<SkillsListing | undefined>(undefined);
  const [error, setError] = useState<string | undefined>(undefined);
  const [chosen, setChosen] = useState<SkillEntry | undefined>(undefined);
  useEffect(() => {
    api
      .command('skills', { server: server.id })
      .then(setListing)
      .catch((e: Error) => setError(e.message));
  }, [api, server.id]);
  const skills = (listing?.skills ?? []) as SkillEntry[];
  return (
    <div class="split">
      <div>
        {error !== undefined && (
          <p class="error" role="alert">
            {error}
          </p>
        )}
        {listing !== undefined && skills.length === 0 && <p class="muted">No skills.</p>}
        <ul class="list" aria-label="Skills">
          {skills.map((skill) => (
            <li key={skill.uri}>
              <button type="button" aria-pressed={chosen?.uri === skill.uri} onClick={() => setChosen(skill)}>
                {skillName(skill)}
              </button>
            </li>
          ))}
        </ul>
        {(listing?.invalid.length ?? 0) > 0 && (
          <section aria-label="Invalid entries">
            <h3>Left out</h3>
            <ul>
              {listing!.invalid.map(({ entry, problems }, i) => (
                <li key={i}>
                  <code>{(entry as { uri?: string }).uri ?? '(no uri)'}</code>: {problems.join('; ')}
                </li>
              ))}
            </ul>
          </section>
        )}
      </div>
      {chosen !== undefined && <SkillDetail key={chosen.uri} server={server} skill={chosen} />}
    </div>
  );
}

function SkillDetail({ server, skill }: { server: ServerState; skill: SkillEntry }) {
  const { api } = useContext(InspectorContext);
  const [path, setPath] = useState<string | undefined>(undefined);
  const [file, setFile] = useState<SkillFileView | { error: string } | undefined>(undefined);
  const open = (chosen: string) => {
    setPath(chosen);
    setFile(undefined);
    api
      .command('skill-read', { server: server.id, uri: skill.uri, path: chosen })
      .then(setFile)
      .catch((e: Error) => setFile({ error: e.message }));
  };
  const files = skillFiles(skill);
  return (
    <section class="detail" role="region" aria-label={`Skill ${skillName(skill)}`}>
      <h2>{skillName(skill)}</h2>
      <p>{skill.frontmatter?.description}</p>
      <details>
        <summary>Front matter</summary>
        <JsonView value={skill.frontmatter} label="Front matter" />
      </details>
      {files === 'dynamic' ? (
        <p class="muted">
          Its files are made on demand (dynamic): only <code>SKILL.md</code> can be read, unverified.
        </p>
      ) : null}
      <ul class="list" aria-label="Files">
        {(files === 'dynamic' ? [{ path: 'SKILL.md', size: undefined }] : files).map((f) => (
          <li key={f.path}>
            <button type="button" aria-pressed={path === f.path} onClick={() => open(f.path)}>
              {f.path}
            </button>{' '}
            {f.size !== undefined && <span class="muted">{f.size} bytes</span>}
          </li>
        ))}
      </ul>
      {path !== undefined && <FileView path={path} file={file} />}
    </section>
  );
}

function FileView({ path, file }: { path: string; file: SkillFileView | { error: string } | undefined }) {
  if (file === undefined) return <p role="status">Reading {path}…</p>;
  if ('error' in file)
    return (
      <p class="error" role="alert">
        {file.error}
      </p>
    );
  const said = verdict(file);
  return (
    <section role="region" aria-label={`File ${path}`}>
      <p role="status" class={file.failure !== undefined ? 'error' : undefined}>
        {said}
      </p>
      {file.failure?.differences.length ? (
        <ul>
          {file.failure.differences.map((d) => (
            <li key={d}>{d}</li>
          ))}
        </ul>
      ) : null}
      {file.body !== undefined ? (
        <Markdown text={file.body} label={path} />
      ) : file.text !== undefined ? (
        <pre tabIndex={0}>{file.text}</pre>
      ) : null}
    </section>
  );
}
