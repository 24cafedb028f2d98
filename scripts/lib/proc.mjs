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

/** The next port FREE_PORT_FROM's range hands out (a shared machine: each session keeps to its own range of ports). */
let nextInRange = Number(process.env.FREE_PORT_FROM) || 0;

/** Can something listen on `port` now? */
const listens = (port) =>
  new Promise((resolve) => {
    const probe = net.createServer().once('error', () => resolve(false));
    probe.listen(port, '127.0.0.1', () => probe.close(() => resolve(true)));
  });

/**
 * A port nothing listens on now, for a server a script starts: the system's pick, or with FREE_PORT_FROM set the next
 * free one from that port up (at most 1000 above it).
 */
export async function freePort() {
  if (nextInRange) {
    const limit = Number(process.env.FREE_PORT_FROM) + 1000;
    while (nextInRange < limit) {
      const port = nextInRange++;
      if (await listens(port)) return port;
    }
    throw new Error(`no free port from FREE_PORT_FROM=${process.env.FREE_PORT_FROM} within 1000`);
  }
  return new Promise((resolve, reject) => {
    const probe = net.createServer().on('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const { port } = probe.address();
      probe.close(() => resolve(port));
    });
  });
}
