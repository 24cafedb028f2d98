// `npm run dev`: rspack dev servers for the seven apps (fast rebuilds) plus the api in watch mode.
// The shell dev server answers /remotes.json and /config.json and proxies the api (scripts/rspack/createAppConfig.mjs).
import path from 'node:path';
import { apps } from '../shell/server/apps.mjs';
import { ensureInstalled, repoRoot } from './lib/install.mjs';
import { startChild } from './lib/proc.mjs';

await ensureInstalled();
const rspackBin = path.join(repoRoot, 'node_modules', '@rspack', 'cli', 'bin', 'rspack.js');
const children = [
  startChild('api', process.execPath, ['--import', 'tsx', '--watch', 'src/main.ts'], {
    cwd: path.join(repoRoot, 'api'),
    env: { ...process.env, APP_ENV: process.env.APP_ENV ?? 'development' },
  }),
  ...apps.map((app) =>
    startChild(app.dir, process.execPath, [rspackBin, 'serve', '--mode', 'development'], {
      cwd: path.join(repoRoot, app.dir),
      env: { ...process.env, EXCURSIO_DEV: '1' },
    }),
  ),
];
console.log('dev servers starting: shell http://localhost:3000 (api :8080)');
const stop = () => {
  for (const c of children) c.kill('SIGTERM');
  process.exit(0);
};
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
