import { spawn, type ChildProcess } from 'node:child_process';
import path from 'node:path';
import { pathToFileURL } from 'node:url';

const repo = path.resolve(__dirname, '../..');

/** Every server started here: ended with the test worker, even when a hook gave up waiting for one. */
const started = new Set<ChildProcess>();
process.once('exit', () => {
  for (const child of started) if (child.exitCode === null) child.kill('SIGKILL');
});

/**
 * A folder served as a remote's static files (the shell server's own static server, with CORS) on a port, in a process
 * of its own: importing the server into the test runner ran its CommonJS dependencies through Playwright's require hook,
 * which cannot load an ES module by require() (content-disposition 3, on Node 22). Resolves once it listens.
 */
export async function serveFolder(root: string, port: number): Promise<ChildProcess> {
  const server = pathToFileURL(path.join(repo, 'shell/server/staticServer.mjs')).href;
  const program = [
    `import { startStaticServer } from ${JSON.stringify(server)};`,
    `const app = await startStaticServer({ root: ${JSON.stringify(root)}, host: '127.0.0.1', port: ${port}, cors: true });`,
    "process.once('SIGTERM', () => app.close().then(() => process.exit(0)));",
    "console.log('listening');",
  ].join('\n');
  const child = spawn(process.execPath, ['--input-type=module', '-e', program], { stdio: ['ignore', 'pipe', 'inherit'] });
  started.add(child);
  child.once('exit', () => started.delete(child));
  await new Promise<void>((resolve, reject) => {
    child.once('exit', (code) => reject(new Error(`the static server of ${root} exited with ${code}`)));
    let out = '';
    child.stdout!.on('data', (chunk: Buffer) => {
      out += chunk.toString();
      if (out.includes('listening')) resolve();
    });
  });
  return child;
}

/**
 * Start one more app server (from its production build) on its own port, for failure tests. Resolves once the server
 * is ready (`GET /ready`: for the shell, its first render generation is warm or rendering was given up), not merely
 * listening; stops it and fails after `readyWithinMs` (under the suite's 45 s hook timeout).
 */
export async function serveApp(dir: string, env: Record<string, string>, readyWithinMs = 30_000): Promise<ChildProcess> {
  const child = spawn(process.execPath, [path.join(repo, 'shell/server/serve.mjs'), dir], {
    env: { ...process.env, ...env },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  started.add(child);
  child.once('exit', () => started.delete(child));
  const exited = new Promise<never>((_, reject) => child.once('exit', (code) => reject(new Error(`${dir} exited with ${code}`))));
  exited.catch(() => undefined);
  const url = await Promise.race([
    exited,
    new Promise<string>((resolve) => {
      let out = '';
      child.stdout!.on('data', (chunk: Buffer) => {
        out += chunk.toString();
        const printed = /http:\/\/localhost:\d+/.exec(out);
        if (printed) resolve(printed[0]);
      });
    }),
  ]);
  const until = Date.now() + readyWithinMs;
  for (;;) {
    const status = await fetch(`${url}/ready`).then((r) => r.status, () => 0);
    if (status === 200) return child;
    if (child.exitCode !== null) throw new Error(`${dir} exited with ${child.exitCode}`);
    if (Date.now() > until) {
      await stop(child);
      throw new Error(`${dir} at ${url} was not ready within ${readyWithinMs} ms (last /ready: ${status})`);
    }
    await new Promise((r) => setTimeout(r, 200));
  }
}

export async function stop(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null) return;
  await new Promise<void>((resolve) => {
    child.once('exit', () => resolve());
    child.kill('SIGTERM');
  });
}
