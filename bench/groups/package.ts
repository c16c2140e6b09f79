// What `npm install mcpkit` downloads and unpacks: the tarball `npm pack` makes (built in a copy
// of the sources, as published: declarations, no source maps), its size, the bytes of its files
// and how many there are. Packed once; the bytes do not vary, so one repetition would do.
import { readFileSync } from 'node:fs';
import { gunzipSync } from 'node:zlib';
import { packedTarball, removePackedTarball } from '../../test/helpers/packed.js';
import { FIGURES } from '../targets.js';
import type { MeasureGroup } from '../options.js';
import { measureTogether, type Sample } from '../measure.js';

const BLOCK = 512;

/** The regular files of a tar archive: how many, and their bytes. */
function tarFiles(tar: Buffer): { files: number; bytes: number } {
  let files = 0;
  let bytes = 0;
  for (let at = 0; at + BLOCK <= tar.length && tar[at] !== 0;) {
    const size = parseInt(
      tar
        .toString('latin1', at + 124, at + 136)
        .replace(/\0.*$/, '')
        .trim() || '0',
      8,
    );
    const type = String.fromCharCode(tar[at + 156]!);
    if (type === '0' || type === '\0') {
      files++;
      bytes += size;
    }
    at += BLOCK + Math.ceil(size / BLOCK) * BLOCK;
  }
  return { files, bytes };
}

async function tarballFigures(): Promise<Sample[]> {
  const packed = readFileSync(await packedTarball());
  const { files, bytes } = tarFiles(gunzipSync(packed));
  return [
    { value: packed.length, errors: 0 },
    { value: bytes, errors: 0 },
    { value: files, errors: 0 },
  ];
}

export const packageGroup: MeasureGroup = async (options) => {
  try {
    return await measureTogether(
      {
        heads: [
          { name: FIGURES.packagePacked, unit: 'bytes', higherIsBetter: false },
          { name: FIGURES.packageUnpacked, unit: 'bytes', higherIsBetter: false },
          { name: FIGURES.packageFiles, unit: 'files', higherIsBetter: false },
        ],
        impls: ['mcpkit'],
        run: tarballFigures,
      },
      options,
    );
  } finally {
    await removePackedTarball();
  }
};
