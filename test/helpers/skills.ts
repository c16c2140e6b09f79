// The skills the Skills extension's tests serve, and what a client should see of them, worked
// out here with node:crypto rather than with the code under test.
import { createHash } from 'node:crypto';

export const PDF_SKILL_MD = `---
name: pdf-processing
description: Extract text and tables from PDF files, fill forms, merge documents.
license: Apache-2.0
metadata:
  author: example-org
  version: "1.0"
---

# PDF processing

See [the forms guide](references/FORMS.md).
`;

export const FORMS_MD = '# Forms\n\nFill them in.\n';
/** Not UTF-8: served as a blob. */
export const LOGO_PNG = new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0xff, 0xfe, 0x00]);

export const REVIEW_SKILL_MD = `---
name: review
description: Review a pull request.
---
Read the diff first.
`;

/** Two skills: `pdf-processing` (a subfolder, a binary file, a hidden file) and `team/review`, nested under a folder that is no skill. */
export const FIXTURE: Record<string, string | Uint8Array> = {
  'pdf-processing/SKILL.md': PDF_SKILL_MD,
  'pdf-processing/references/FORMS.md': FORMS_MD,
  'pdf-processing/assets/logo.png': LOGO_PNG,
  'pdf-processing/.secret': 'hidden',
  'team/review/SKILL.md': REVIEW_SKILL_MD,
  '.git/config': 'hidden',
};

/** `sha256:` and the hex digest of `data`, by node:crypto. */
export function digestOf(data: string | Uint8Array): string {
  return `sha256:${createHash('sha256').update(data).digest('hex')}`;
}

/** The manifest entry of a file. */
export function resourceOf(uri: string, data: string | Uint8Array) {
  return { uri, digest: digestOf(data), size: typeof data === 'string' ? Buffer.byteLength(data) : data.length };
}

/** The entry of `pdf-processing` as a client should get it. */
export const PDF_ENTRY = {
  uri: 'skill://pdf-processing/SKILL.md',
  frontmatter: {
    name: 'pdf-processing',
    description: 'Extract text and tables from PDF files, fill forms, merge documents.',
    license: 'Apache-2.0',
    metadata: { author: 'example-org', version: '1.0' },
  },
  resources: [
    resourceOf('skill://pdf-processing/SKILL.md', PDF_SKILL_MD),
    resourceOf('skill://pdf-processing/assets/logo.png', LOGO_PNG),
    resourceOf('skill://pdf-processing/references/FORMS.md', FORMS_MD),
  ],
};

/** The entry of `team/review`. */
export const REVIEW_ENTRY = {
  uri: 'skill://team/review/SKILL.md',
  frontmatter: { name: 'review', description: 'Review a pull request.' },
  resources: [resourceOf('skill://team/review/SKILL.md', REVIEW_SKILL_MD)],
};

/** A SKILL.md with this front matter and a line of body. */
export function skillMd(frontmatter: string): string {
  return `---\n${frontmatter}\n---\nBody.\n`;
}
