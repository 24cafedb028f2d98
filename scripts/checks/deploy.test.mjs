// node --test: the deployment files under deploy/ hold together (issue 29 §2). No container engine or cluster runs here
// and no JSON schema can be fetched, so the checks are structural: each Dockerfile is multi-stage on .nvmrc's Node,
// installs no development dependency in its runtime stage, runs as a non-root user with a HEALTHCHECK; compose.yaml
// runs the migrations once before two api and two shell replicas behind a balancer; the Kubernetes manifests have
// their required fields, probes on the apps' health paths and ports, preStop delays, PodDisruptionBudgets and
// autoscalers that select existing Deployments, config and secrets that exist, an Ingress that routes the api, its
// websockets and the pages; and every variable they set is one the deployable reads (docs/configuration.md, generated
// from the schemas).
import test from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const YAML = createRequire(import.meta.url)('yaml');
const read = (file) => readFileSync(path.join(repoRoot, file), 'utf8');
const nodeVersion = read('.nvmrc').trim();

/** The variables each deployable reads: the backticked names of its section of docs/configuration.md. */
function documentedVariables() {
  const doc = read('docs/configuration.md');
  const section = (title) => {
    const start = doc.indexOf(`\n## ${title}`);
    const end = doc.indexOf('\n## ', start + 1);
    return new Set([...doc.slice(start, end < 0 ? undefined : end).matchAll(/^\| `([A-Z][A-Z0-9_]+)`/gm)].map((m) => m[1]));
  };
  return { api: section('api'), shell: section('shell server') };
}
const VARIABLES = documentedVariables();

/** A Dockerfile's stages: `{ from, name, lines }`. */
export function stages(dockerfile) {
  const out = [];
  for (const line of dockerfile.split('\n').map((l) => l.trim())) {
    const from = /^FROM\s+(\S+)(?:\s+AS\s+(\S+))?/i.exec(line);
    if (from) out.push({ from: from[1], name: from[2] ?? null, lines: [] });
    else if (out.length && line && !line.startsWith('#')) out.at(-1).lines.push(line);
  }
  return out;
}

/** Problems of one Dockerfile, as sentences. */
export function dockerfileProblems(text, { port, healthPath }) {
  const problems = [];
  const all = stages(text);
  if (all.length < 2) problems.push('not multi-stage');
  const arg = /^ARG NODE_VERSION=(\S+)/m.exec(text)?.[1];
  if (arg !== nodeVersion) problems.push(`ARG NODE_VERSION=${arg}, .nvmrc says ${nodeVersion}`);
  for (const stage of all) {
    if (stage.from.startsWith('node:') && !stage.from.startsWith('node:${NODE_VERSION}')) problems.push(`stage ${stage.from} is not on NODE_VERSION`);
  }
  const runtime = all.at(-1);
  if (!runtime) return problems;
  const user = runtime.lines.filter((l) => /^USER\s/i.test(l)).at(-1)?.split(/\s+/)[1];
  if (!user || user === 'root' || user === '0') problems.push(`runtime stage runs as ${user ?? 'root'}`);
  if (!runtime.lines.some((l) => /^HEALTHCHECK\s/i.test(l))) problems.push('no HEALTHCHECK');
  const installs = runtime.lines.filter((l) => /npm (ci|install)/.test(l));
  for (const line of installs) if (!/--omit=dev/.test(line)) problems.push(`runtime stage installs development dependencies: ${line}`);
  if (!runtime.lines.some((l) => new RegExp(`^EXPOSE\\b.*\\b${port}\\b`).test(l))) problems.push(`does not EXPOSE ${port}`);
  const health = text.slice(text.lastIndexOf('HEALTHCHECK'));
  if (healthPath && !health.includes(healthPath)) problems.push(`HEALTHCHECK does not ask ${healthPath}`);
  return problems;
}

test('each Dockerfile: multi-stage on .nvmrc’s Node, runtime without dev dependencies, non-root, a HEALTHCHECK', () => {
  for (const [file, expect] of [
    ['deploy/api.Dockerfile', { port: 8080, healthPath: '/api/live' }],
    ['deploy/shell.Dockerfile', { port: 3000, healthPath: '/live' }],
    ['deploy/remotes.Dockerfile', { port: 8081, healthPath: '/healthz' }],
  ]) {
    assert.deepEqual(dockerfileProblems(read(file), expect), [], file);
  }
  assert.match(read('deploy/api.Dockerfile'), /CMD \["node", "--enable-source-maps", "dist\/main\.js"\]/, 'the api image starts the build with plain node');
});

test('the Dockerfile check finds what it is for', () => {
  const bad = `ARG NODE_VERSION=20.19.0\nFROM node:20 AS build\nFROM node:\${NODE_VERSION}\nRUN npm ci\nEXPOSE 1\n`;
  assert.deepEqual(dockerfileProblems(bad, { port: 8080, healthPath: '/api/live' }), [
    `ARG NODE_VERSION=20.19.0, .nvmrc says ${nodeVersion}`,
    'stage node:20 is not on NODE_VERSION',
    'runtime stage runs as root',
    'no HEALTHCHECK',
    'runtime stage installs development dependencies: RUN npm ci',
    'does not EXPOSE 8080',
    'HEALTHCHECK does not ask /api/live',
  ]);
});

/** The files a server module loads through relative imports (static, dynamic, `new URL('./…')`), itself included. */
export function relativeImportGraph(entry) {
  const seen = new Set();
  const visit = (file) => {
    if (seen.has(file)) return;
    seen.add(file);
    const text = readFileSync(file, 'utf8');
    for (const m of text.matchAll(/\bfrom\s*['"](\.[^'"]+)['"]|\bimport\(\s*['"](\.[^'"]+)['"]\s*\)|new URL\(\s*['"](\.[^'"]+\.m?js)['"]/g)) {
      visit(path.resolve(path.dirname(file), m[1] ?? m[2] ?? m[3]));
    }
  };
  visit(path.resolve(repoRoot, entry));
  return [...seen].map((f) => path.relative(repoRoot, f).split(path.sep).join('/'));
}

test('the shell image holds every file its server imports (shell/server and the few shell/src modules it shares)', () => {
  // The runtime stage copies folders and single files; the server once imported shell/src/features/*.mjs that no
  // COPY brought, and the first container run stopped with ERR_MODULE_NOT_FOUND (found by building the image).
  const runtime = stages(read('deploy/shell.Dockerfile')).at(-1);
  const copied = runtime.lines
    .filter((l) => /^COPY\s/i.test(l) && !/--from=/.test(l))
    .map((l) => l.split(/\s+/).slice(1, -1))
    .flat();
  const graph = relativeImportGraph('shell/server/serve.mjs');
  assert.ok(graph.length > 10, `the import graph of serve.mjs: ${graph.length} files`);
  const missing = graph.filter((file) => !copied.some((src) => file === src || file.startsWith(`${src.replace(/\/$/, '')}/`)));
  assert.deepEqual(missing, [], 'imported by the shell server but not copied into its image');
});

test('compose.yaml: migrations once, then api × 2 and shell × 2 behind the balancer, every variable a known one', () => {
  const compose = YAML.parse(read('deploy/compose.yaml'), { merge: true });
  const services = compose.services;
  for (const name of ['postgres', 'redis', 'migrate', 'api1', 'api2', 'shell1', 'shell2', 'remotes', 'lb']) assert.ok(services[name], `service ${name}`);
  assert.match(services.migrate.command.join(' '), /dist\/cli\.js migrate/);
  for (const name of ['api1', 'api2']) {
    const api = services[name];
    assert.equal(api.environment.MIGRATE_ON_START, 'false', `${name} leaves the migrations to the migrate service`);
    assert.equal(api.depends_on.migrate.condition, 'service_completed_successfully');
    assert.match(api.healthcheck.test.join(' '), /\/api\/ready/);
    for (const variable of Object.keys(api.environment)) assert.ok(VARIABLES.api.has(variable), `${name}: ${variable} is not an api variable`);
  }
  for (const name of ['shell1', 'shell2']) {
    const shell = services[name];
    assert.match(shell.healthcheck.test.join(' '), /\/ready/);
    for (const variable of Object.keys(shell.environment)) assert.ok(VARIABLES.shell.has(variable), `${name}: ${variable} is not a shell server variable`);
  }
  const haproxy = read('deploy/haproxy.cfg')
    .split('\n')
    .filter((line) => !line.trim().startsWith('#'))
    .join('\n');
  assert.match(haproxy, /timeout tunnel/, 'websockets stay open through the balancer');
  assert.match(haproxy, /path_beg \/api\/ \/app\/ \/socket\//);
  assert.doesNotMatch(haproxy, /\bcookie\b|stick/i, 'no stickiness');
  // a restarted process (cold JIT, empty caches) gets its share gradually, as in the topology run (issue 29)
  for (const backend of ['apis', 'shells']) assert.match(haproxy.split(new RegExp(`^backend ${backend}$`, 'm'))[1].split(/^backend /m)[0], /slowstart \d+s/, backend);
  for (const server of ['api1:8080', 'api2:8080', 'shell1:3000', 'shell2:3000', 'remotes:8081']) assert.ok(haproxy.includes(server), server);
});

test('Kubernetes: required fields, probes on the health paths, preStop, PDBs, autoscalers, config, Ingress, PgBouncer', () => {
  const docs = YAML.parseAllDocuments(read('deploy/k8s/excursio.yaml')).map((d) => d.toJSON()).filter(Boolean);
  for (const doc of docs) {
    assert.ok(doc.apiVersion && doc.kind && doc.metadata?.name, `apiVersion, kind and metadata.name: ${JSON.stringify(doc).slice(0, 80)}`);
  }
  const of = (kind) => docs.filter((d) => d.kind === kind);
  const byName = (kind, name) => of(kind).find((d) => d.metadata.name === name);
  const expected = {
    'excursio-api': { ready: '/api/ready', live: '/api/live', port: 8080, config: 'excursio-api', hpa: true },
    'excursio-shell': { ready: '/ready', live: '/live', port: 3000, config: 'excursio-shell', hpa: true },
    'excursio-remotes': { ready: '/healthz', live: '/healthz', port: 8081 },
  };
  for (const [name, want] of Object.entries(expected)) {
    const deployment = byName('Deployment', name);
    assert.ok(deployment, `Deployment ${name}`);
    const labels = deployment.spec.template.metadata.labels;
    for (const [k, v] of Object.entries(deployment.spec.selector.matchLabels)) assert.equal(labels[k], v, `${name}: the selector matches its pods`);
    const [container] = deployment.spec.template.spec.containers;
    const ports = Object.fromEntries(container.ports.map((p) => [p.name, p.containerPort]));
    assert.equal(ports.http, want.port, `${name} listens on ${want.port}`);
    assert.equal(container.readinessProbe.httpGet.path, want.ready, `${name} readiness`);
    assert.equal(container.livenessProbe.httpGet.path, want.live, `${name} liveness`);
    assert.ok(deployment.spec.template.spec.securityContext?.runAsNonRoot, `${name} runs as non-root`);
    if (want.config) {
      const config = byName('ConfigMap', want.config);
      assert.ok(config, `ConfigMap ${want.config}`);
      const env = config.data;
      // the port the app reads is the one its probes and Service use
      assert.equal(Number(env.PORT ?? env.SHELL_PORT), want.port, `${name}: its port variable`);
      assert.equal(Number(env.METRICS_PORT), ports.metrics, `${name}: the metrics port`);
      const known = name === 'excursio-api' ? VARIABLES.api : VARIABLES.shell;
      for (const variable of Object.keys(env)) assert.ok(known.has(variable), `${want.config}: ${variable} is not read by ${name}`);
      for (const ref of container.envFrom) {
        const target = ref.configMapRef ? byName('ConfigMap', ref.configMapRef.name) : byName('Secret', ref.secretRef.name);
        assert.ok(target, `${name} refers to ${JSON.stringify(ref)}, which exists`);
      }
      assert.deepEqual(container.lifecycle.preStop.exec.command.slice(0, 1), ['sleep'], `${name}: a preStop delay`);
      assert.ok(deployment.spec.template.spec.terminationGracePeriodSeconds > Number(container.lifecycle.preStop.exec.command[1]));
      assert.ok(deployment.spec.replicas >= 2);
    }
    const pdbOrNot = of('PodDisruptionBudget').find((p) => p.spec.selector.matchLabels['app.kubernetes.io/name'] === labels['app.kubernetes.io/name']);
    if (want.hpa) {
      assert.ok(pdbOrNot, `${name} has a PodDisruptionBudget`);
      const hpa = of('HorizontalPodAutoscaler').find((h) => h.spec.scaleTargetRef.name === name);
      assert.ok(hpa && hpa.spec.scaleTargetRef.kind === 'Deployment' && hpa.spec.minReplicas >= 2, `${name} has an autoscaler`);
    }
    const service = of('Service').find((s) => s.spec.selector['app.kubernetes.io/name'] === labels['app.kubernetes.io/name']);
    assert.ok(service, `${name} has a Service`);
    for (const port of service.spec.ports) assert.ok(typeof port.targetPort === 'string' ? port.targetPort in ports : Object.values(ports).includes(port.targetPort));
  }
  for (const secret of of('Secret')) {
    for (const variable of Object.keys(secret.stringData ?? {})) {
      if (secret.metadata.name === 'excursio-secrets') assert.ok(VARIABLES.api.has(variable), `excursio-secrets: ${variable} is not an api variable`);
    }
  }
  // PgBouncer in transaction mode, and the api goes through it; the migrations Job goes straight to PostgreSQL
  const pgbouncer = byName('Deployment', 'excursio-pgbouncer');
  assert.equal(pgbouncer.spec.template.spec.containers[0].env.find((e) => e.name === 'POOL_MODE').value, 'transaction');
  assert.match(byName('Secret', 'excursio-secrets').stringData.DATABASE_URL, /@excursio-pgbouncer:5432\//);
  const job = byName('Job', 'excursio-migrate');
  assert.match(job.spec.template.spec.containers[0].command.join(' '), /DATABASE_URL=\$DIRECT_DATABASE_URL node dist\/cli\.js migrate/);
  assert.equal(byName('ConfigMap', 'excursio-api').data.MIGRATE_ON_START, 'false');
  // the Ingress: the api (and its websockets) and the remotes by path, the pages for the rest; long websocket timeouts
  const ingress = of('Ingress')[0];
  assert.ok(Number(ingress.metadata.annotations['nginx.ingress.kubernetes.io/proxy-read-timeout']) >= 3600);
  const routes = Object.fromEntries(ingress.spec.rules[0].http.paths.map((p) => [p.path, p.backend.service.name]));
  assert.deepEqual(routes, { '/api/': 'excursio-api', '/app/': 'excursio-api', '/socket/': 'excursio-api', '/remotes/': 'excursio-remotes', '/': 'excursio-shell' });
  for (const name of new Set(Object.values(routes))) assert.ok(byName('Service', name), `the Ingress's ${name} exists`);
});

test("the api holds no session state that PgBouncer's transaction pooling would break", () => {
  const files = execSource();
  const offenders = [];
  for (const [file, text] of files) {
    if (/pg_advisory_lock\(|pg_try_advisory_lock\(/.test(text)) offenders.push(`${file}: a session-level advisory lock`);
    if (/\.prepare\(\s*['"`]/.test(text)) offenders.push(`${file}: a named prepared statement`);
    if (/sql`\s*(set|listen|notify)\s/i.test(text) || /sql\.raw\(\s*['"`]\s*(set|listen|notify)\s/i.test(text)) offenders.push(`${file}: session SET/LISTEN/NOTIFY`);
  }
  assert.deepEqual(offenders, []);
  assert.ok(files.some(([, text]) => text.includes('pg_advisory_xact_lock')), 'the advisory locks it has are transaction-scoped');
});

function execSource() {
  const { readdirSync } = createRequire(import.meta.url)('node:fs');
  const dir = path.join(repoRoot, 'api/src');
  return readdirSync(dir, { recursive: true, encoding: 'utf8' })
    .filter((name) => name.endsWith('.ts') && !name.endsWith('.test.ts'))
    .map((name) => [name, readFileSync(path.join(dir, name), 'utf8')]);
}
