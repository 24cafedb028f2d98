// Installs dependencies when node_modules is missing or older than package-lock.json.
import { createHash } from 'node:crypto';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { run } from './proc.mjs';

export const repoRoot = path.resolve(path.dirname(new URL(import.meta.url).pathname), '../..');
const stamp = path.join(repoRoot, 'node_modules', '.excursio-lock-hash');

function lockHash() {
  const lock = path.join(repoRoot, 'package-lock.json');
  return existsSync(lock) ? createHash('sha256').update(readFileSync(lock)).digest('hex') : 'no-lock';
}

export async function ensureInstalled() {
  const hash = lockHash();
  if (existsSync(stamp) && readFileSync(stamp, 'utf8') === hash) return;
  console.log('› installing dependencies (npm install)…');
  const npm = process.platform === 'win32' ? 'npm.cmd' : 'npm';
  // npm install, not npm ci: npm 11 writes locks without other platforms' optional binaries, which npm ci rejects
  await run(npm, ['install', '--no-audit', '--no-fund'], { cwd: repoRoot });
  writeFileSync(stamp, hash);
}
