// Compressed sizes of built files.
import { readFile } from 'node:fs/promises';
import { gzipSync } from 'node:zlib';

export async function gzipSize(file) {
  return gzipSync(await readFile(file), { level: 9 }).length;
}

export const kb = (bytes) => Math.round((bytes / 1024) * 10) / 10;
