// node --test: the README's repository map matches the folders. Every top-level folder of the repository (what git
// does not ignore) and every api feature folder has its line, and no line names a folder that is gone; the docs it
// links exist and each starts with its title and a two-line summary.
import test from 'node:test';
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const readme = readFileSync(path.join(repoRoot, 'README.md'), 'utf8');

/** The text of a Markdown section: from its heading to the next heading of the same or a higher level. */
export function section(markdown, heading) {
  const lines = markdown.split('\n');
  const start = lines.findIndex((line) => line.replace(/^#+\s*/, '') === heading && line.startsWith('#'));
  if (start < 0) return '';
  const level = /^#+/.exec(lines[start])[0].length;
  const end = lines.findIndex((line, i) => i > start && /^#+\s/.test(line) && /^#+/.exec(line)[0].length <= level);
  return lines.slice(start + 1, end < 0 ? undefined : end).join('\n');
}

/** The folders a map lists: list items starting with a backticked `name/`. */
export function listedFolders(text) {
  return [...text.matchAll(/^- `([^`/]+)\/`/gm)].map((m) => m[1]).sort();
}

const subfolders = (dir) =>
  readdirSync(dir, { withFileTypes: true })
    .filter((entry) => entry.isDirectory())
    .map((entry) => entry.name);

/** The top-level folders git keeps: not .git, nothing ignored (node_modules, test results, caches). */
function topLevelFolders() {
  const candidates = subfolders(repoRoot).filter((name) => name !== '.git');
  let ignored = '';
  try {
    ignored = execFileSync('git', ['check-ignore', '--', ...candidates], { cwd: repoRoot, encoding: 'utf8' });
  } catch (error) {
    // exit status 1: none is ignored
    if (error.status !== 1) throw error;
    ignored = error.stdout ?? '';
  }
  const skip = new Set(ignored.split('\n').filter(Boolean));
  return candidates.filter((name) => !skip.has(name)).sort();
}

test("the README's map lists every top-level folder, and only those", () => {
  const map = section(readme, 'Repository map');
  assert.ok(map, 'README.md has a "## Repository map" section');
  const apiFeatures = section(map, 'api features (`api/src/features/`)');
  const topLevel = listedFolders(map.replace(apiFeatures, ''));
  assert.deepEqual(topLevel, topLevelFolders(), 'README.md: one "- `folder/` — what it holds" line per top-level folder');
});

test("the README's map lists every api feature folder, and only those", () => {
  const apiFeatures = section(readme, 'api features (`api/src/features/`)');
  assert.ok(apiFeatures, 'README.md has an "### api features (`api/src/features/`)" section');
  assert.deepEqual(
    listedFolders(apiFeatures),
    subfolders(path.join(repoRoot, 'api/src/features')).sort(),
    'README.md: one "- `feature/` — what it does" line per api feature',
  );
});

test('the check sees a folder without its line', () => {
  const map = '## Repository map\n\n- `api/` — the api\n- `shell/` — the host\n\n## Further reading\n- `nope/` — outside';
  assert.deepEqual(listedFolders(section(map, 'Repository map')), ['api', 'shell']);
  assert.notDeepEqual(listedFolders(section(map, 'Repository map')), ['api', 'docs', 'shell']);
});

test('every doc the README links exists and starts with its title and a two-line summary', () => {
  const links = [...readme.matchAll(/\]\(((?:docs|api)\/[^)#]+\.md)\)/g)].map((m) => m[1]);
  assert.ok(links.length >= 8, 'the README links the docs');
  for (const link of new Set(links)) {
    const file = path.join(repoRoot, link);
    assert.ok(existsSync(file), `${link} exists`);
    if (!link.startsWith('docs/')) continue;
    const [title, blank, first, second, after] = readFileSync(file, 'utf8').split('\n');
    assert.match(title, /^# \S/, `${link}: a title`);
    assert.equal(blank, '', `${link}: a blank line after the title`);
    assert.ok(first && second && !first.startsWith('#') && !second.startsWith('#'), `${link}: a two-line summary`);
    assert.equal(after, '', `${link}: the summary is two lines`);
  }
  // every file in docs/ is linked from the README
  for (const name of readdirSync(path.join(repoRoot, 'docs'))) assert.ok(links.includes(`docs/${name}`), `README.md links docs/${name}`);
});
