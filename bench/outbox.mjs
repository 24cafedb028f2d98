// The outbox benchmark (issue 26): throughput of queued messages, and the delay from a provider coming back to the
// last message queued during its outage being sent; every message must arrive exactly once.
//   node bench/outbox.mjs [--messages 5000 --outage 2000 --down-s 10 --latency-ms 5 --tick-ms 1000 --backoff-s 1 --backoff-max-s 5]
// Runs api/bench/outbox.ts (PGlite in memory; with DATABASE_URL also PostgreSQL); exits non-zero on a lost or
// duplicated message.
import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const result = spawnSync('npm', ['run', 'bench:outbox', '-w', 'api', '--', ...process.argv.slice(2)], { cwd: root, stdio: 'inherit' });
process.exit(result.status ?? 1);
