// The import boundaries of the repository, checked by `npm run lint` (scripts/lint.mjs) and proven to still match by
// scripts/checks/boundaries.test.mjs (one fixture per rule under scripts/checks/fixtures/). Paths are relative to the
// repository root and resolved (a '@excursio/shared/time' import is seen as shared/src/time/zonedTime.ts).
const remote = 'mfe-[^/]+';
const frontend = `(shell|${remote})`;
/** The subpaths of shared bundled where imported (no state, no React): the api may use them too. */
const standalone = '^shared/src/(contracts|pricing|phone|time|env)/';
/** Test code and code that runs in Node at build time: never bundled into the page. */
const notInThePage = '[.]test[.]tsx?$|/(test|testing)/|/src/(prerender|server)/';

/** @type {import('dependency-cruiser').IConfiguration} */
module.exports = {
  forbidden: [
    {
      name: 'no-remote-to-remote',
      comment: 'A remote never imports another remote: they meet only at run time through the shell and the shared bus.',
      severity: 'error',
      from: { path: `^(${remote})/` },
      to: { path: `^${remote}/`, pathNot: '^$1/' },
    },
    {
      name: 'no-shell-to-remote',
      comment: 'The shell loads the remotes at run time (Module Federation); a static import would bundle one into it.',
      severity: 'error',
      from: { path: '^shell/' },
      to: { path: `^${remote}/` },
    },
    {
      name: 'no-remote-to-shell',
      comment: 'A remote takes what the shell offers through @excursio/shared, never from the shell itself.',
      severity: 'error',
      from: { path: `^${remote}/` },
      to: { path: '^shell/' },
    },
    {
      name: 'shared-imports-nothing-of-ours',
      comment: 'shared is the contract under everyone: it imports no frontend and not the api.',
      severity: 'error',
      from: { path: '^shared/' },
      to: { path: `^(${frontend}|api)/` },
    },
    {
      name: 'standalone-subpath-imports-only-subpaths',
      comment:
        'contracts, pricing, phone, time and env are bundled where imported (the api too): they import only each other, ' +
        'never the singleton, or every importer would carry a second copy of it.',
      severity: 'error',
      from: { path: standalone },
      to: { path: '^shared/', pathNot: standalone },
    },
    {
      name: 'standalone-subpath-no-react-or-mobx',
      comment: 'contracts, pricing, phone, time and env use no React or MobX (the api imports them).',
      severity: 'error',
      from: { path: standalone },
      to: { path: 'node_modules/(react|react-dom|mobx|mobx-react-lite)/' },
    },
    {
      name: 'shared-ui-through-entry-points',
      comment:
        'shared/src/ui is bundled into each remote that imports it: it reaches the rest of shared only by the ' +
        "package's entry points ('@excursio/shared', '@excursio/shared/contracts' …). A relative import of the " +
        'singleton (../api/ApiError) would bundle a second ApiError class per remote and break instanceof.',
      severity: 'error',
      from: { path: '^shared/src/ui/' },
      to: { path: '^shared/src/', pathNot: '^shared/src/ui/', dependencyTypes: ['local'] },
    },
    {
      name: 'frontend-reaches-shared-by-name',
      comment:
        "A frontend imports shared by its package name ('@excursio/shared/…'), which Module Federation shares; a " +
        'relative path into shared/src would bundle a private copy of the singleton.',
      severity: 'error',
      from: { path: `^${frontend}/` },
      to: { path: '^shared/', dependencyTypes: ['local'] },
    },
    {
      name: 'api-imports-standalone-shared-only',
      comment: 'The api takes only @excursio/shared/{contracts,pricing,phone,time,env} (no session store, no React).',
      severity: 'error',
      from: { path: '^api/' },
      to: { path: '^shared/', pathNot: standalone },
    },
    {
      name: 'no-api-to-frontend',
      comment: 'The api imports no frontend; what both need lives in shared/contracts.',
      severity: 'error',
      from: { path: '^api/' },
      to: { path: `^${frontend}/` },
    },
    {
      name: 'no-frontend-to-api',
      comment: 'No frontend (nor shared) imports the api; what both need lives in shared/contracts.',
      severity: 'error',
      from: { path: `^(${frontend}|shared)/` },
      to: { path: '^api/' },
    },
    {
      name: 'react-router-through-shared',
      comment:
        "Page code takes react-router from '@excursio/shared/router' (a singleton tree-shaken to the names we use); a " +
        'direct import puts a second, whole react-router on the page. Tests and build-time Node code may import it.',
      severity: 'error',
      from: { path: `^(${frontend}|shared)/src/`, pathNot: [notInThePage, '^shared/src/router[.]ts$'] },
      to: { path: 'node_modules/react-router/' },
    },
    {
      name: 'no-seed-in-production',
      comment:
        'The seed (demo data) is not production code: only the seeding entries - main.ts, which seeds an empty ' +
        'database on start, and the db CLI - import it, through db/seed/index.ts. A helper both need lives outside.',
      severity: 'error',
      from: { path: '^api/src/', pathNot: '^api/src/(db/seed/|main[.]ts$|db/cli[.]ts$)' },
      to: { path: '^api/src/db/seed/' },
    },
    {
      name: 'seed-entries-use-the-seed-index',
      comment: 'main.ts and the db CLI call the seed through its index only.',
      severity: 'error',
      from: { path: '^api/src/(main|db/cli)[.]ts$' },
      to: { path: '^api/src/db/seed/', pathNot: '^api/src/db/seed/index[.]ts$' },
    },
    {
      name: 'no-cross-feature',
      comment:
        "Inside a remote a feature never imports another feature (bulletproof-react): what two features share goes " +
        "to the remote's src/components, src/calls or src/lib; the route table (src/features/routing, src/exposes) " +
        'composes the features.',
      severity: 'error',
      from: { path: `^(${remote})/src/features/([^/]+)/`, pathNot: `^${remote}/src/features/routing/` },
      to: { path: '^$1/src/features/', pathNot: '^$1/src/features/$2/' },
    },
    {
      name: 'no-production-to-tooling',
      comment:
        'What runs in production (the apps, the shell server under shell/server, shared, the api) never imports the ' +
        'development and build tooling (scripts/), the e2e suite or the bench: those are not deployed.',
      severity: 'error',
      from: { path: `^(${frontend}|shared|api)/` },
      to: { path: '^(scripts|e2e|bench)/' },
    },
    {
      name: 'no-circular',
      comment: 'No import circle: a cycle means two modules are one; split out what both need.',
      severity: 'error',
      from: { path: `^(${frontend}|shared|api)/` },
      to: { circular: true },
    },
  ],
  options: {
    // Violations tolerated as known (reported, not failing). Empty since issue 25 §3 moved the cross-feature imports
    // of auth, catalog, notifications and user-account out; `npm run lint` fails on any new violation.
    knownViolations: require('./.dependency-cruiser-known-violations.json'),
    // TypeScript 7 has no JavaScript compiler API: swc parses TypeScript and TSX here.
    parser: 'swc',
    // type-only imports count: a boundary holds for types too
    tsPreCompilationDeps: true,
    doNotFollow: { path: 'node_modules' },
    exclude: { path: '(^|/)dist/' },
    enhancedResolveOptions: {
      exportsFields: ['exports'],
      conditionNames: ['import', 'require', 'node', 'default', 'types'],
      extensions: ['.ts', '.tsx', '.js', '.mjs', '.cjs', '.d.ts'],
    },
  },
};
