// node --test: the configuration docs are the schemas'. docs/configuration.md and .env.example must be what
// `npm run config:docs` writes from the deployables' environment schemas, and no production code reads the
// environment around its schema (a variable read elsewhere would be parsed by nobody and documented nowhere).
import test from 'node:test';
import assert from 'node:assert/strict';
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { generatedFiles, loadDeployables, renderMarkdown } from '../config-docs.mjs';

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

test('docs/configuration.md and .env.example are generated from the schemas (npm run config:docs)', async () => {
  for (const [file, text] of Object.entries(await generatedFiles())) {
    assert.equal(readFileSync(path.join(repoRoot, file), 'utf8'), text, `${file} differs from the schemas: run \`npm run config:docs\``);
  }
});

test('every variable of every schema is documented with its default and meaning', async () => {
  const deployables = await loadDeployables();
  const markdown = renderMarkdown(deployables);
  for (const { schema, source } of deployables) {
    for (const [name, property] of Object.entries(schema.properties)) {
      assert.ok(typeof property.description === 'string' && property.description.length > 10, `${source}: ${name} has no meaning`);
      assert.ok(property.default !== undefined || property.defaultText, `${source}: ${name} has no default nor a word on unset`);
      assert.match(markdown, new RegExp(`^\\| \`${name}\` \\|`, 'm'));
    }
  }
  // the check sees a change: a variable added to a schema is missing from the committed page
  const [first] = deployables;
  const grown = { ...first, schema: { ...first.schema, properties: { ...first.schema.properties, NEW_VARIABLE: { type: 'integer', default: 1, description: 'a new one' } } } };
  assert.notEqual(renderMarkdown([grown, ...deployables.slice(1)]), readFileSync(path.join(repoRoot, 'docs/configuration.md'), 'utf8'));
});

function* sources(dir) {
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) yield* sources(full);
    else if (/\.(ts|mjs)$/.test(entry.name) && !entry.name.endsWith('.test.ts')) yield full;
  }
}

test('the api reads the environment only through its schema (api/src/config.ts)', () => {
  const readers = [...sources(path.join(repoRoot, 'api/src'))]
    .filter((file) => /\bprocess\.env\b/.test(readFileSync(file, 'utf8')))
    .map((file) => path.relative(repoRoot, file));
  assert.deepEqual(readers, ['api/src/config.ts']);
});

test("the static servers read only their schema's variables (shell/server/env.mjs)", async () => {
  const schema = (await loadDeployables()).find((d) => d.source === 'shell/server/env.mjs').schema;
  const roots = ['shell/server', 'scripts/server', 'scripts/serve-app.mjs', 'scripts/apps.mjs'].map((p) => path.join(repoRoot, p)).filter(existsSync);
  const files = roots.flatMap((root) => (statSync(root).isDirectory() ? [...sources(root)] : [root])).filter((file) => !file.endsWith('.test.mjs'));
  const unknown = [];
  for (const file of files) {
    for (const m of readFileSync(file, 'utf8').matchAll(/\b(?:env|settings)\.([A-Z][A-Z0-9_]+)/g)) {
      if (!Object.hasOwn(schema.properties, m[1])) unknown.push(`${path.relative(repoRoot, file)}: ${m[1]}`);
    }
  }
  assert.ok(files.length >= 5, 'the servers are found');
  assert.deepEqual(unknown, [], 'a variable the servers read is a property of shell/server/env.mjs');
});
