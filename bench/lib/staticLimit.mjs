// The static limit: rendered pages saved as plain HTML + CSS, served by the same static server code on another port.
import path from 'node:path';
import { mkdtemp, mkdir, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { startStaticServer } from '../../shell/server/staticServer.mjs';

export async function serveStatic(statics, port = Number(process.env.BENCH_STATIC_PORT ?? 3010)) {
  const root = await mkdtemp(path.join(tmpdir(), 'excursio-static-'));
  const urls = {};
  for (const [key, html] of Object.entries(statics)) {
    await mkdir(path.join(root, key));
    await writeFile(path.join(root, key, 'index.html'), html);
    urls[key] = `http://127.0.0.1:${port}/${key}/index.html`;
  }
  const server = await startStaticServer({ root, port, host: '127.0.0.1' });
  return {
    urls,
    close: async () => {
      await server.close();
      await rm(root, { recursive: true, force: true });
    },
  };
}
