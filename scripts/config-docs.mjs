// `npm run config:docs`: writes docs/configuration.md and .env.example from the deployables' environment schemas
// (api/src/env.ts, the shell server's), so the documented variables are the parsed ones. `--check` writes nothing and
// exits non-zero when a file differs; scripts/checks/configDocs.test.mjs runs that check in `npm test`.
import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { tsImport } from 'tsx/esm/api';
import { choicesOf, expected } from '@excursio/shared/env';

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

/** Each deployable with its schema: where it lives, the export holding it, what it is. */
const DEPLOYABLES = [
  {
    title: 'api',
    source: 'api/src/env.ts',
    exportName: 'ApiEnv',
    about: 'The Fastify api and its realtime server (`node dist/main.js` in `api/` after `npm run build -w api`; `npm start` runs it from the sources).',
  },
  {
    title: "shell server and the remotes' servers",
    source: 'shell/server/env.mjs',
    exportName: 'ServerEnv',
    about:
      'The static servers of the production builds (`node shell/server/serve.mjs <app>`, `npm start` starts all six): the ' +
      "shell server serves the pages, `/remotes.json` and `/config.json`, renders the catalog's pages and proxies the api; " +
      "each remote's serves its files. The rspack dev servers of `npm run dev` read the same variables.",
  },
];

/** The schemas, loaded (TypeScript ones through tsx). */
export async function loadDeployables() {
  const out = [];
  for (const d of DEPLOYABLES) {
    const module = d.source.endsWith('.ts') ? await tsImport(path.join(repoRoot, d.source), import.meta.url) : await import(path.join(repoRoot, d.source));
    const schema = module[d.exportName];
    if (!schema?.properties) throw new Error(`${d.source} exports no schema named ${d.exportName}`);
    out.push({ ...d, schema });
  }
  return out;
}

const code = (value) => (value === '' ? 'empty' : `\`${value}\``);

/** The type in a word: integer, number, boolean, enumeration, URL or text. */
function typeOf(schema) {
  if (choicesOf(schema)) return 'enumeration';
  if (schema.format === 'url') return 'URL';
  return { integer: 'integer', number: 'number', boolean: 'boolean' }[schema.type] ?? 'text';
}

/** The accepted values: 1–65535, ≥ 0, the choices, true or false; a free text says what it holds (rangeText). */
function rangeOf(schema) {
  if (schema.rangeText) return schema.rangeText;
  const { minimum: min, maximum: max } = schema;
  if (min !== undefined && max !== undefined) return `${min}–${max}`;
  if (min !== undefined) return `≥ ${min}`;
  if (max !== undefined) return `≤ ${max}`;
  const words = expected(schema);
  return words === 'text' || words === 'a URL' || words.startsWith('an integer') || words.startsWith('a number') ? '' : words;
}

/** The default in words: the value, what APP_ENV changes, or what the program does when unset. */
function defaultOf(schema, format = code) {
  if (schema.default === '' && format === String) return 'empty';
  if (schema.defaultText) return schema.defaultText;
  const base = schema.default === undefined ? 'unset' : format(schema.default);
  const byValue = new Map();
  for (const [appEnv, value] of Object.entries(schema.defaultByAppEnv ?? {})) {
    const label = value === null ? 'unset' : format(value);
    byValue.set(label, [...(byValue.get(label) ?? []), appEnv]);
  }
  const byEnv = [...byValue].map(([label, envs]) => `${label} when APP_ENV=${envs.join(' or ')}`);
  return byEnv.length ? `${base}; ${byEnv.join(', ')}` : base;
}

const cell = (text) => String(text).replaceAll('|', '\\|');

export function renderMarkdown(deployables) {
  const lines = [
    '# Configuration',
    '',
    'Every environment variable of each deployable: its type, range, default and meaning. Generated from the schemas by',
    '`npm run config:docs` (a test fails when this page or `.env.example` differs from them): edit the schema, not this page.',
    '',
    'A blank variable is the same as an unset one. A value outside its type or range stops the start with a message',
    'naming the variable and what it expects; a production api also refuses development defaults (see',
    '[production.md](production.md)). The commented `.env.example` at the root lists the same variables:',
    '`node --env-file=.env scripts/start.mjs` loads a copy named `.env` (git-ignored).',
  ];
  for (const d of deployables) {
    lines.push('', `## ${d.title}`, '', `${d.about} Schema: \`${d.source}\`.`, '');
    lines.push('| variable | type | range | default | meaning |', '|---|---|---|---|---|');
    for (const [name, schema] of Object.entries(d.schema.properties)) {
      lines.push(`| \`${name}\` | ${typeOf(schema)} | ${cell(rangeOf(schema))} | ${cell(defaultOf(schema))} | ${cell(schema.description)} |`);
    }
  }
  return `${lines.join('\n')}\n`;
}

export function renderEnvExample(deployables) {
  const lines = [
    '# Excursio: every environment variable, generated from the schemas by `npm run config:docs` (edit the schemas, not',
    '# this file; docs/configuration.md has the same as tables). Every line is commented out: the defaults apply.',
    '# Copy to .env (git-ignored), uncomment what you set and start with `node --env-file=.env scripts/start.mjs`.',
  ];
  const seen = new Map();
  for (const d of deployables) {
    lines.push('', `# ── ${d.title} (${d.source}) ──`);
    for (const [name, schema] of Object.entries(d.schema.properties)) {
      const range = rangeOf(schema);
      lines.push('', `# ${schema.description}`, `# ${typeOf(schema)}${range ? `: ${range}` : ''}; default: ${defaultOf(schema, String)}`);
      // one assignment per name: a variable read by two deployables is set once, in the first
      if (seen.has(name)) lines.push(`# ${name}: set once, in the ${seen.get(name)} section above`);
      else lines.push(`# ${name}=${schema.default === undefined ? '' : String(schema.default)}`);
      if (!seen.has(name)) seen.set(name, d.title);
    }
  }
  return `${lines.join('\n')}\n`;
}

/** The generated files: path → expected content. */
export async function generatedFiles() {
  const deployables = await loadDeployables();
  return { 'docs/configuration.md': renderMarkdown(deployables), '.env.example': renderEnvExample(deployables) };
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const check = process.argv.includes('--check');
  const stale = [];
  for (const [file, text] of Object.entries(await generatedFiles())) {
    const full = path.join(repoRoot, file);
    let current = null;
    try {
      current = readFileSync(full, 'utf8');
    } catch {
      // missing: written below, or reported by --check
    }
    if (current === text) continue;
    if (check) stale.push(file);
    else {
      writeFileSync(full, text);
      console.log(`wrote ${file}`);
    }
  }
  if (stale.length) {
    console.error(`${stale.join(', ')} differ from the schemas: run \`npm run config:docs\``);
    process.exit(1);
  }
}
