// Wall time of a clean production build of all six apps (dist/ folders deleted first).
import path from 'node:path';
import { rm } from 'node:fs/promises';
import { apps } from '../../shell/server/apps.mjs';
import { buildAll } from '../../scripts/build.mjs';
import { repoRoot } from './mfe.mjs';

export async function measureBuild() {
  for (const app of apps) {
    await rm(path.join(repoRoot, app.dir, 'dist'), { recursive: true, force: true });
    await rm(path.join(repoRoot, app.dir, '.rspack-cache'), { recursive: true, force: true });
  }
  const seconds = await buildAll();
  return { apps: apps.length, seconds: Math.round(seconds * 10) / 10, clean: true };
}
