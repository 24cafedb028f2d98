// Runs deploy/compose.yaml with plain podman commands, for a machine whose only compose is Debian bookworm's
// podman-compose 1.0.3: that one stops at `networks: { default: { aliases: [...] } }` (KeyError) and ignores the
// conditions of depends_on (the api replicas would start before the migrations ended). It does only what
// compose.yaml uses: ${VAR}, ${VAR:-default} and ${VAR:?message}; YAML anchors and merges; image, command,
// environment, volumes (named, or a file beside compose.yaml), ports, restart, stop_grace_period, healthcheck,
// network aliases; depends_on with service_started, service_healthy and service_completed_successfully.
// Images are built beforehand (build-and-check.sh build): `build:` is not read.
//
//   node deploy/local-bases/compose-podman.mjs up|down [deploy/compose.yaml]
import { execFileSync, spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const here = path.dirname(fileURLToPath(import.meta.url));
const YAML = createRequire(path.join(here, '../../package.json'))('yaml');
const [action = 'up', file = path.join(here, '../compose.yaml')] = process.argv.slice(2);
const dir = path.dirname(path.resolve(file));

const interpolate = (text) =>
  text.replace(/\$\{([A-Z0-9_]+)(?:(:\?|:-)([^}]*))?\}/g, (_, name, op, arg) => {
    const value = process.env[name];
    if (value) return value;
    if (op === ':?' && action !== 'down') throw new Error(`${name}: ${arg}`); // down needs no secrets
    return op === ':-' ? arg : '';
  });
const compose = YAML.parse(interpolate(readFileSync(file, 'utf8')), { merge: true });
const project = compose.name ?? path.basename(dir);
const network = `${project}_default`;
const services = compose.services;

const podman = (args, { check = true, quiet = false } = {}) => {
  const r = spawnSync('podman', args, { encoding: 'utf8' });
  const err = (r.stderr ?? '').split('\n').filter((l) => l && !l.includes('systemd connection')).join('\n');
  if (err && !quiet) process.stderr.write(`${err}\n`);
  if (check && r.status !== 0) throw new Error(`podman ${args.slice(0, 3).join(' ')} …: exit ${r.status}`);
  return { status: r.status, out: (r.stdout ?? '').trim() };
};
const container = (name) => `${project}-${name}`;
const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));
const seconds = (d) => (d ? Number(/^(\d+)s$/.exec(String(d))?.[1] ?? d) : undefined);

/** Services in an order where each comes after what it depends on. */
function order() {
  const out = [];
  const visit = (name, trail = []) => {
    if (out.includes(name)) return;
    if (trail.includes(name)) throw new Error(`depends_on cycle: ${[...trail, name].join(' → ')}`);
    for (const dep of Object.keys(dependsOn(services[name]))) visit(dep, [...trail, name]);
    out.push(name);
  };
  for (const name of Object.keys(services)) visit(name);
  return out;
}
function dependsOn(service) {
  const d = service.depends_on ?? {};
  return Array.isArray(d) ? Object.fromEntries(d.map((n) => [n, { condition: 'service_started' }])) : d;
}

async function waitFor(name, condition) {
  const started = Date.now();
  for (;;) {
    const state = JSON.parse(podman(['inspect', '--format', '{{json .State}}', container(name)]).out);
    if (condition === 'service_started' && state.Running) return;
    if (condition === 'service_completed_successfully' && !state.Running && state.Status === 'exited') {
      if (state.ExitCode !== 0) throw new Error(`${name} exited with ${state.ExitCode}`);
      return;
    }
    // podman runs HEALTHCHECKs on systemd timers; without systemd nothing runs them, so this does (as compose would wait)
    if (condition === 'service_healthy' && podman(['healthcheck', 'run', container(name)], { check: false, quiet: true }).status === 0) return;
    if (Date.now() - started > 240_000) throw new Error(`${name}: not ${condition} after 240 s`);
    await sleep(1000);
  }
}

function runArgs(name, s) {
  const args = ['run', '-d', '--name', container(name), '--network', network, '--network-alias', name];
  for (const alias of s.networks?.default?.aliases ?? []) args.push('--network-alias', alias);
  for (const [k, v] of Object.entries(s.environment ?? {})) args.push('-e', `${k}=${v}`);
  for (const v of s.volumes ?? []) {
    const [src, ...rest] = v.split(':');
    const host = src.startsWith('.') || src.startsWith('/') ? path.resolve(dir, src) : `${project}_${src}`;
    args.push('-v', [host, ...rest].join(':'));
  }
  for (const p of s.ports ?? []) args.push('-p', String(p));
  if (s.restart) args.push('--restart', s.restart === 'unless-stopped' ? 'unless-stopped' : s.restart);
  if (s.stop_grace_period) args.push('--stop-timeout', String(seconds(s.stop_grace_period)));
  const hc = s.healthcheck;
  if (hc) {
    const test = Array.isArray(hc.test) ? hc.test : ['CMD-SHELL', hc.test];
    args.push('--health-cmd', test[0] === 'CMD-SHELL' ? test[1] : JSON.stringify(test.slice(1)));
    if (hc.interval) args.push('--health-interval', hc.interval);
    if (hc.timeout) args.push('--health-timeout', hc.timeout);
    if (hc.retries) args.push('--health-retries', String(hc.retries));
    if (hc.start_period) args.push('--health-start-period', hc.start_period);
  }
  args.push(s.image);
  if (s.command) args.push(...(Array.isArray(s.command) ? s.command : ['sh', '-c', s.command]));
  return args;
}

if (action === 'down') {
  for (const name of order().reverse()) podman(['rm', '-f', '-v', '-t', '10', container(name)], { check: false, quiet: true });
  podman(['network', 'rm', network], { check: false, quiet: true });
  for (const v of Object.keys(compose.volumes ?? {})) podman(['volume', 'rm', `${project}_${v}`], { check: false, quiet: true });
  console.log(`${project}: down`);
} else {
  if (podman(['network', 'exists', network], { check: false }).status !== 0) podman(['network', 'create', network]);
  for (const v of Object.keys(compose.volumes ?? {})) {
    if (podman(['volume', 'exists', `${project}_${v}`], { check: false }).status !== 0) podman(['volume', 'create', `${project}_${v}`]);
  }
  for (const name of order()) {
    for (const [dep, { condition }] of Object.entries(dependsOn(services[name]))) {
      const t = Date.now();
      await waitFor(dep, condition);
      console.log(`  ${dep}: ${condition.replace('service_', '')} (${((Date.now() - t) / 1000).toFixed(0)} s) → ${name}`);
    }
    podman(['rm', '-f', container(name)], { check: false, quiet: true });
    podman(runArgs(name, services[name]));
    console.log(`${container(name)}: started`);
  }
  execFileSync('podman', ['ps', '--filter', `name=^${project}-`, '--format', '{{.Names}}\t{{.Status}}'], { stdio: 'inherit' });
}
