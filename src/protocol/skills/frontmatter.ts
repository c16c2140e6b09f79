/**
 * A SKILL.md's front matter, for both sides: the YAML block between the opening and closing
 * `---` lines, parsed by the `yaml` package as YAML 1.2 under the core schema (what the
 * conformance suite parses with), so `yes` stays a string and `1.0` is a number. The package is
 * loaded on first use. Refused, with the line: what JSON cannot carry the same way (infinities,
 * NaN, -0), anchors, aliases and tags, keys that are not plain strings, `__proto__`, duplicate
 * keys, and a top level that is not a mapping.
 * @module
 */
import type * as Yaml from 'yaml';
import type { LineCounter, Node as YamlNode, YAMLError } from 'yaml';

/** Why a SKILL.md's front matter cannot be read; the message names the line of the SKILL.md when it can. */
export class FrontmatterError extends Error {
  override readonly name = 'FrontmatterError';
}

/** A SKILL.md read: its front matter as JSON, and the Markdown after it. */
export interface SkillMarkdown {
  frontmatter: Record<string, unknown>;
  body: string;
}

type YamlModule = typeof Yaml;
let yamlModule: Promise<YamlModule> | undefined;

/** The `yaml` package, imported once, on first use. */
function loadYaml(): Promise<YamlModule> {
  return (yamlModule ??= import('yaml'));
}

/** The YAML text of the front matter and the body after it; throws `FrontmatterError`. */
export function splitFrontmatter(text: string): { yaml: string; body: string } {
  const lines = text
    .replace(/^\uFEFF/, '')
    .replace(/\r\n/g, '\n')
    .split('\n');
  if (lines[0] !== '---' || lines.length < 2) {
    throw new FrontmatterError('line 1: SKILL.md must begin with a "---" line');
  }
  const closing = lines.findIndex((line, i) => i > 0 && /^---[\t ]*$/.test(line));
  if (closing === -1) throw new FrontmatterError('frontmatter has no closing "---" line');
  return { yaml: lines.slice(1, closing).join('\n'), body: lines.slice(closing + 1).join('\n') };
}

/**
 * Reads a SKILL.md's text: its front matter (`{}` when the block is empty) and its body.
 * Throws `FrontmatterError` when the front matter cannot be read as JSON would carry it.
 */
export async function parseSkillMarkdown(text: string): Promise<SkillMarkdown> {
  const { yaml, body } = splitFrontmatter(text);
  const { parseDocument, visit, isAlias, isCollection, isMap, isScalar, LineCounter } = await loadYaml();
  const lines = new LineCounter();
  const doc = parseDocument(yaml, {
    version: '1.2',
    schema: 'core',
    uniqueKeys: true,
    merge: false,
    strict: true,
    lineCounter: lines,
  });
  const error = doc.errors[0];
  if (error !== undefined) throw yamlError(error);
  let refusal: FrontmatterError | undefined;
  const refuse = (node: YamlNode | undefined, issue: string) => {
    refusal ??= new FrontmatterError(`${lineOf(lines, node)}${issue}`);
    return visit.BREAK;
  };
  visit(doc, {
    Node(_key, node) {
      if (isAlias(node) || node.anchor !== undefined || node.tag !== undefined) {
        return refuse(node, 'anchors, aliases and tags are not supported');
      }
      if (isScalar(node) && typeof node.value === 'number' && !isJsonNumber(node.value)) {
        return refuse(
          node,
          `${JSON.stringify(node.source ?? String(node.value))} cannot be represented in JSON; quote it`,
        );
      }
      return undefined;
    },
    Pair(_key, pair) {
      const key = pair.key;
      if (key === null) return refuse(undefined, 'an empty key is not supported');
      if (isCollection(key)) return refuse(key, 'complex keys are not supported');
      if (!isScalar(key) || typeof key.value !== 'string') {
        const raw = isScalar(key) ? (key.source ?? String(key.value)) : String(key);
        return refuse(isScalar(key) ? key : undefined, `key ${JSON.stringify(raw)} must be a string; quote it`);
      }
      if (key.value === '__proto__') return refuse(key, 'the key "__proto__" is not supported');
      return undefined;
    },
  });
  if (refusal !== undefined) throw refusal;
  if (doc.contents === null) return { frontmatter: {}, body };
  if (!isMap(doc.contents)) throw new FrontmatterError('frontmatter must be a mapping of keys to values');
  return { frontmatter: doc.toJS({ maxAliasCount: 0 }) as Record<string, unknown>, body };
}

/** Whether JSON carries the number as it is: finite, and not -0 (which JSON writes as 0). */
function isJsonNumber(value: number): boolean {
  return Number.isFinite(value) && !Object.is(value, -0);
}

/** `line <n>: ` of the SKILL.md (the front matter starts on its second line), or nothing when unknown. */
function lineOf(lines: LineCounter, node: YamlNode | undefined): string {
  const offset = node?.range?.[0];
  return offset === undefined ? '' : `line ${lines.linePos(offset).line + 1}: `;
}

/** A parse error of the `yaml` package, as a `FrontmatterError` naming the SKILL.md's line. */
function yamlError(error: YAMLError): FrontmatterError {
  const line = error.linePos?.[0].line;
  const message = error.message.split('\n')[0]!.replace(/ at line \d+, column \d+:?$/, '');
  return new FrontmatterError(line === undefined ? message : `line ${line + 1}: ${message}`);
}
