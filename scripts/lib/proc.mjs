// Child-process helpers shared by the start, build and test scripts.
import { spawn } from 'node:child_process';
import { createInterface } from 'node:readline';
import net from 'node:net';

/** Run a command to completion with inherited output; rejects on a non-zero exit. */
export function run(cmd, args, opts = {}) {
  return new Promise((resolve, reject) => {
    const child = spawn(cmd, args, { stdio: 'inherit', ...opts });
    child.on('error', reject);
    child.on('exit', (code, signal) => {
      if (code === 0) resolve();
      else reject(new Error(`${cmd} ${args.join(' ')} failed (${signal ?? code})`));
    });
  });
}

/** Like `run`, with each line of its output labelled: for commands that share the terminal with others. */
export function runLabelled(label, cmd, args, opts = {}) {
  return new Promise((resolve, reject) => {
    const child = startChild(label, cmd, args, opts);
    child.on('error', reject);
    // 'close': after its last line is out
    child.on('close', (code, signal) => {
      if (code === 0) resolve();
      else reject(new Error(`${label}: ${cmd} ${args.join(' ')} failed (${signal ?? code})`));
    });
  });
}

/** Start a long-running child whose output is prefixed with a label. */
export function startChild(label, cmd, args, opts = {}) {
  const child = spawn(cmd, args, { stdio: ['ignore', 'pipe', 'pipe'], ...opts });
  // whole lines, however the output arrives in chunks
  const prefix = (stream, out) =>
    createInterface({ input: stream, crlfDelay: Infinity }).on('line', (line) => {
      if (line.trim()) out.write(`[${label}] ${line}\n`);
    });
  prefix(child.stdout, process.stdout);
  prefix(child.stderr, process.stderr);
  return child;
}

/** Poll a URL until it answers 2xx, or fail after timeoutMs. */
export async function waitForUrl(url, timeoutMs = 120_000, child) {
  const started = Date.now();
  while (Date.now() - started < timeoutMs) {
    if (child && child.exitCode !== null) throw new Error(`${url}: the process exited with ${child.exitCode}`);
    try {
      const res = await fetch(url);
      if (res.ok) return;
    } catch {
      // not up yet
    }
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error(`${url} did not answer within ${timeoutMs} ms`);
}

/** A port nothing listens on now (the system's pick), for a server a script starts. */
export function freePort() {
  return new Promise((resolve, reject) => {
    const probe = net.createServer().on('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const { port } = probe.address();
      probe.close(() => resolve(port));
    });
  });
}
