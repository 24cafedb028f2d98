// wrk (Debian's `wrk` package), a load generator written in C, for the measures whose budget is the server's tail
// latency on this 2-core machine: autocannon runs in Node with a JavaScript HTTP parser, and through the topology's
// balancer it took about half of the two cores the processes it measured needed (a CPU profile of the bench process:
// busy 61 % of a 78 s run). wrk on one thread gives the same closed loop of N connections for a fraction of that.
import { spawn, spawnSync } from 'node:child_process';

/** Is `wrk` on the PATH? */
export const hasWrk = () => !spawnSync('wrk', ['--version']).error;

const MS = { us: 0.001, ms: 1, s: 1000 };

/** wrk's `--latency` report as the figures every api measure of the report gives (autocannon's: ./api.mjs). */
export function parseWrk(text) {
  const percentile = (p) => {
    const m = new RegExp(`^\\s*${p}%\\s+([\\d.]+)(us|ms|s)\\s*$`, 'm').exec(text);
    if (!m) throw new Error(`wrk printed no ${p}% latency:\n${text}`);
    return Math.round(Number(m[1]) * MS[m[2]] * 100) / 100;
  };
  const count = (re) => Number(re.exec(text)?.[1] ?? 0);
  const socket = /Socket errors: connect (\d+), read (\d+), write (\d+), timeout (\d+)/.exec(text);
  return {
    requestsPerSec: Math.round(count(/^Requests\/sec:\s+([\d.]+)/m)),
    p50Ms: percentile(50),
    p99Ms: percentile(99),
    requests: count(/^\s*(\d+) requests in /m),
    non2xx: count(/Non-2xx or 3xx responses: (\d+)/),
    errors: socket ? socket.slice(1).reduce((sum, n) => sum + Number(n), 0) : 0,
  };
}

/** `connections` connections on one thread for `seconds` against `url`: { url, signedIn, connections, seconds, …figures }. */
export function wrkLoad(url, seconds, connections = 50, headers = {}) {
  const args = ['-t1', `-c${connections}`, `-d${seconds}s`, '--timeout', '10s', '--latency'];
  for (const [name, value] of Object.entries(headers)) args.push('-H', `${name}: ${value}`);
  return new Promise((resolve, reject) => {
    const child = spawn('wrk', [...args, url], { stdio: ['ignore', 'pipe', 'pipe'] });
    let out = '';
    child.stdout.on('data', (d) => (out += d));
    child.stderr.on('data', (d) => (out += d));
    child.on('error', reject);
    child.on('exit', (code) => {
      if (code !== 0) return reject(new Error(`wrk exited with ${code}:\n${out}`));
      try {
        const { pathname, search } = new URL(url);
        resolve({ url: pathname + search, signedIn: Boolean(headers.authorization), connections, seconds, ...parseWrk(out) });
      } catch (error) {
        reject(error);
      }
    });
  });
}
