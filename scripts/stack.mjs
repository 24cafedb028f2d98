// Starts the whole marketplace from production builds: api (+ realtime), the remotes and the shell.
import path from 'node:path';
import { apps, portOf, API_PORT } from '../shell/server/apps.mjs';
import { repoRoot } from './lib/install.mjs';
import { startChild, waitForUrl } from './lib/proc.mjs';
import { serveApp } from '../shell/server/serve.mjs';

export async function startStack(env = process.env) {
  const apiPort = Number(env.API_PORT ?? API_PORT);
  const apiEnv = { ...env, PORT: String(apiPort), APP_ENV: env.APP_ENV ?? 'development', TRUST_PROXY: env.TRUST_PROXY ?? '127.0.0.1' };
  const api = startChild('api', process.execPath, ['--import', 'tsx', 'src/main.ts'], {
    cwd: path.join(repoRoot, 'api'),
    env: apiEnv,
  });
  const shell = apps.find((a) => a.host);
  const servers = [];
  const stop = async () => {
    await Promise.allSettled(servers.map((s) => s.close()));
    if (api.exitCode === null) {
      api.kill('SIGTERM');
      await new Promise((r) => {
        const t = setTimeout(() => {
          api.kill('SIGKILL');
          r();
        }, 10_000);
        api.once('exit', () => {
          clearTimeout(t);
          r();
        });
      });
    }
  };
  try {
    for (const app of apps) {
      const { server } = await serveApp(app.dir, { ...env, API_PORT: String(apiPort) });
      servers.push(server);
    }
    await waitForUrl(`http://127.0.0.1:${apiPort}/api/health`, 180_000, api);
    // the shell takes traffic once its first render generation is warm (or rendering is given up: SSR_READY_TIMEOUT_MS)
    await waitForUrl(`http://127.0.0.1:${portOf(shell, env)}/ready`, 180_000, api);
  } catch (error) {
    await stop();
    throw error;
  }
  return { url: `http://localhost:${portOf(shell, env)}`, api, stop };
}
