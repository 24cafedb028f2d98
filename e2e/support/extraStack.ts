import { spawn, type ChildProcess } from 'node:child_process';
import path from 'node:path';

const repo = path.resolve(__dirname, '../..');

/** Start one more app server (from its production build) on its own port, for failure tests. */
export async function serveApp(dir: string, env: Record<string, string>): Promise<ChildProcess> {
  const child = spawn(process.execPath, [path.join(repo, 'scripts/serve-app.mjs'), dir], {
    env: { ...process.env, ...env },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  await new Promise<void>((resolve, reject) => {
    child.once('exit', (code) => reject(new Error(`${dir} exited with ${code}`)));
    child.stdout!.on('data', (chunk: Buffer) => {
      if (chunk.toString().includes('http://localhost')) resolve();
    });
  });
  return child;
}

export async function stop(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null) return;
  await new Promise<void>((resolve) => {
    child.once('exit', () => resolve());
    child.kill('SIGTERM');
  });
}
