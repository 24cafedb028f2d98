// Test-only: real api processes (src/main.ts) on throwaway in-memory databases, and a Redis probe.
import { spawn, type ChildProcess } from 'node:child_process';
import net from 'node:net';
import path from 'node:path';
import { Redis } from 'ioredis';
import { apiRoot } from '../../src/config';

/** null when Redis answers PING at this URL, else why not (the suites are skipped with it). */
export async function redisProblem(url: string): Promise<string | null> {
  const redis = new Redis(url, { connectTimeout: 1000, maxRetriesPerRequest: 0, retryStrategy: () => null, lazyConnect: true });
  redis.on('error', () => undefined);
  try {
    await redis.connect();
    return (await redis.ping()) === 'PONG' ? null : 'no PONG';
  } catch (error) {
    return (error as Error).message || 'no answer';
  } finally {
    redis.disconnect();
  }
}

export const freePort = (): Promise<number> =>
  new Promise((resolve, reject) => {
    const server = net.createServer();
    server.on('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() => resolve(typeof address === 'object' && address ? address.port : 0));
    });
  });

export interface ApiProcess {
  baseUrl: string;
  port: number;
  child: ChildProcess;
  /** Everything it printed (shown when it fails to start). */
  output(): string;
  stop(): Promise<void>;
}

/** `node --import tsx src/main.ts` with this environment; resolves once /api/health answers. */
export async function startApiProcess(env: Record<string, string>, timeoutMs = 120_000): Promise<ApiProcess> {
  const port = await freePort();
  const { DATABASE_URL: _ignored, ...inherited } = process.env;
  const child = spawn(process.execPath, ['--import', 'tsx', path.join('src', 'main.ts')], {
    cwd: apiRoot,
    env: { ...inherited, PGLITE_DIR: 'memory://', LOG_LEVEL: 'warn', ...env, PORT: String(port), HOST: '127.0.0.1' },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const stop = async (): Promise<void> => {
    if (child.exitCode !== null || child.signalCode !== null) return;
    const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
    child.kill('SIGTERM');
    const killer = setTimeout(() => child.kill('SIGKILL'), 10_000);
    await exited;
    clearTimeout(killer);
  };
  const baseUrl = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`api process exited with ${child.exitCode}:\n${output.slice(-2000)}`);
    const healthy = await fetch(`${baseUrl}/api/health`).then((r) => r.ok, () => false);
    if (healthy) return { baseUrl, port, child, output: () => output, stop };
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  await stop();
  throw new Error(`api process did not answer within ${timeoutMs} ms:\n${output.slice(-2000)}`);
}
