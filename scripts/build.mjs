// Production build of the shell and the remotes, two at a time; prints the wall time.
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { apps } from '../shell/server/apps.mjs';
import { ensureInstalled, repoRoot } from './lib/install.mjs';
import { run } from './lib/proc.mjs';

const rspackBin = path.join(repoRoot, 'node_modules', '@rspack', 'cli', 'bin', 'rspack.js');

export async function buildAll({ concurrency = 2, only } = {}) {
  const queue = apps.filter((a) => !only || only.includes(a.dir));
  const started = Date.now();
  const worker = async () => {
    for (let app = queue.shift(); app; app = queue.shift()) {
      await run(process.execPath, [rspackBin, 'build', '--mode', 'production'], { cwd: path.join(repoRoot, app.dir) });
      console.log(`✓ built ${app.dir}`);
    }
  };
  await Promise.all(Array.from({ length: concurrency }, worker));
  const seconds = (Date.now() - started) / 1000;
  console.log(`› production build of ${only?.length ?? apps.length} apps: ${seconds.toFixed(1)} s`);
  return seconds;
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  await ensureInstalled();
  const only = process.argv.slice(2).filter((a) => !a.startsWith('-'));
  await buildAll({ only: only.length ? only : undefined });
}
