// Issue 28: the release registry's rules — releases, one pointer per app and environment with its history, the
// compatibility gate, canary, promote, rollback, retention; serialised pointer changes, an audit row for each.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { and, asc, eq, sql } from 'drizzle-orm';
import type { ReleaseBuild } from '@excursio/shared/contracts';
import { auditLog, releasePointerHistory } from '../src/db/schema';
import { resolveReleaseToken } from '../src/features/releases/token';
import { canaryStats, countReleaseEvent, judgeCanary } from '../src/features/releases/canary';
import { liveReleases, promoteCanary, publishRelease, releaseHistory, retainedBuilds, rollbackRelease } from '../src/features/releases/registry';
import { ADMIN_PHONE, bearer, STAFF_PHONE, useTestApp } from './helpers/app';
import { databaseKinds } from './helpers/database';

const SHELL_VERSIONS = { react: '19.3.1', 'react-dom': '19.3.1', 'react-router': '7.9.0', mobx: '7.1.3', '@excursio/shared': '2.4.0' };
const REQUIRES = { react: '^19.3.1', mobx: '^7.1.3', '@excursio/shared': '^2.4.0' };
const team = { staffId: null, name: 'ci@catalog' };
let clock = Date.parse('2026-11-28T09:00:00Z');
const now = () => new Date((clock += 1000));

const build = (hash: string, extra: Partial<ReleaseBuild> = {}): ReleaseBuild => ({
  build_hash: hash.padEnd(12, '0'),
  git_commit: 'abc1234',
  size_bytes: 1000,
  requires: REQUIRES,
  provides: {},
  exposes: ['./routes'],
  ...extra,
});

for (const kind of databaseKinds()) {
  describe(`release registry [${kind}]`, () => {
    const ctx = useTestApp(kind, { seed: 'none' });
    const publish = (app: string, b: ReleaseBuild, extra: { canaryPercent?: number; force?: boolean; env?: string; shellProvides?: Record<string, string> | null } = {}) =>
      publishRelease(ctx.db, { app, env: extra.env ?? 'production', build: b, actor: team, now: now(), shellProvides: extra.shellProvides === undefined ? SHELL_VERSIONS : extra.shellProvides, canaryPercent: extra.canaryPercent, force: extra.force });
    const rejects = async (promise: Promise<unknown>, status: number, pattern: RegExp) => {
      await assert.rejects(promise, (error: { statusCode?: number; message: string }) => {
        assert.equal(error.statusCode, status, error.message);
        assert.match(error.message, pattern);
        return true;
      });
    };

    it('a release moves the pointer; the same build again is the same release and changes nothing', async () => {
      const a = await publish('mfe-catalog', build('a1'));
      assert.equal(a.changed, true);
      assert.equal(a.pointer.release.build_hash, 'a10000000000');
      const again = await publish('mfe-catalog', build('a1'));
      assert.equal(again.changed, false);
      assert.equal(again.pointer.release.id, a.pointer.release.id);
      const live = await liveReleases(ctx.db, 'production');
      assert.deepEqual(live['mfe-catalog'], { release: { id: a.pointer.release.id, build_hash: 'a10000000000' }, canary: null });
      assert.deepEqual(await liveReleases(ctx.db, 'staging'), {}, 'environments have their own pointers');
    });

    it('the gate refuses a remote needing a shared version the shell does not provide, naming package, range and version; --force is written down', async () => {
      await rejects(publish('mfe-catalog', build('b9', { requires: { '@excursio/shared': '^99.0.0' } })), 409, /@excursio\/shared \^99\.0\.0.*даёт 2\.4\.0/);
      assert.equal((await liveReleases(ctx.db, 'production'))['mfe-catalog']!.release.build_hash, 'a10000000000', 'the pointer did not move');
      const forced = await publish('mfe-catalog', build('b9', { requires: { '@excursio/shared': '^99.0.0' } }), { force: true });
      assert.equal(forced.pointer.release.build_hash, 'b90000000000');
      assert.equal(forced.forced.length, 1);
      const { history } = await releaseHistory(ctx.db, 'mfe-catalog', 'production');
      assert.equal(history[0]!.forced, true);
      assert.match(history[0]!.reason ?? '', /--force: .*\^99\.0\.0/);
      // back to a compatible one for the next tests
      await rollbackRelease(ctx.db, { app: 'mfe-catalog', env: 'production', actor: team, now: now() });
    });

    it('a remote with no known shell is refused; a shell release is checked against every live remote', async () => {
      await rejects(publish('mfe-auth', build('c1'), { shellProvides: null }), 409, /оболочк/);
      await rejects(publish('shell', build('d1', { provides: { ...SHELL_VERSIONS, '@excursio/shared': '3.0.0' } })), 409, /mfe-catalog a10000000000 требует @excursio\/shared \^2\.4\.0.*даёт 3\.0\.0/);
      const shell = await publish('shell', build('d2', { provides: SHELL_VERSIONS, requires: {} }));
      assert.equal(shell.changed, true);
      // from now on remotes are checked against the shell's release, not what the caller says it serves
      await rejects(publish('mfe-auth', build('c2', { requires: { react: '^20.0.0' } }), { shellProvides: { react: '20.0.0' } }), 409, /react \^20\.0\.0.*d20000000000.*19\.3\.1/);
      await rejects(publish('mfe-auth', build('c3', { requires: { react: 'soon' } })), 422, /semver/);
    });

    it('rollback goes to the release live before, or to any given one, with no build; then further back', async () => {
      const b = await publish('mfe-catalog', build('a2'));
      const c = await publish('mfe-catalog', build('a3'));
      assert.equal(c.pointer.release.build_hash, 'a30000000000');
      const back = await rollbackRelease(ctx.db, { app: 'mfe-catalog', env: 'production', actor: team, now: now() });
      assert.equal(back.pointer.release.build_hash, 'a20000000000');
      // b9 (forced live, then rolled back) is the one live before a2: a plain rollback goes there, and the gate,
      // run against what is live now, refuses it; the release before it is named instead
      await rejects(rollbackRelease(ctx.db, { app: 'mfe-catalog', env: 'production', actor: team, now: now() }), 409, /\^99\.0\.0/);
      const further = await rollbackRelease(ctx.db, { app: 'mfe-catalog', env: 'production', releaseId: (await releaseHistory(ctx.db, 'mfe-catalog', 'production')).releases.find((r) => r.build_hash === 'a10000000000')!.id, actor: team, now: now() });
      assert.equal(further.pointer.release.build_hash, 'a10000000000');
      const forward = await rollbackRelease(ctx.db, { app: 'mfe-catalog', env: 'production', releaseId: c.pointer.release.id, actor: team, now: now() });
      assert.equal(forward.pointer.release.id, c.pointer.release.id, 'any release, by id');
      await rejects(rollbackRelease(ctx.db, { app: 'mfe-catalog', env: 'production', releaseId: c.pointer.release.id, actor: team, now: now() }), 409, /уже живой/);
      await rejects(rollbackRelease(ctx.db, { app: 'shell', env: 'production', releaseId: b.pointer.release.id, actor: team, now: now() }), 404, /не найден/);
      await rejects(rollbackRelease(ctx.db, { app: 'mfe-notifications', env: 'production', actor: team, now: now() }), 404, /нет выпусков/);
    });

    it('a canary runs beside the live release; one at a time; promote makes it live; rollback stops it', async () => {
      const live = (await liveReleases(ctx.db, 'production'))['mfe-catalog']!.release;
      await rejects(publish('mfe-notifications', build('e1'), { canaryPercent: 10 }), 409, /не с чем сравнивать/);
      const canary = await publish('mfe-catalog', build('a4'), { canaryPercent: 10 });
      assert.equal(canary.pointer.release.id, live.id, 'the live release stays');
      assert.equal(canary.pointer.canary?.percent, 10);
      await rejects(publish('mfe-catalog', build('a5'), { canaryPercent: 20 }), 409, /уже идёт/);
      await rejects(publish('mfe-catalog', build('a5')), 409, /канарейка/);
      const stopped = await rollbackRelease(ctx.db, { app: 'mfe-catalog', env: 'production', actor: team, now: now() });
      assert.equal(stopped.pointer.canary, null);
      assert.equal(stopped.pointer.release.id, live.id);
      await rejects(promoteCanary(ctx.db, { app: 'mfe-catalog', env: 'production', actor: team, now: now() }), 409, /нет канарейки/);
      await publish('mfe-catalog', build('a5'), { canaryPercent: 50 });
      const promoted = await promoteCanary(ctx.db, { app: 'mfe-catalog', env: 'production', actor: team, now: now() });
      assert.equal(promoted.pointer.release.build_hash, 'a50000000000');
      assert.equal(promoted.pointer.canary, null);
    });

    it('every pointer change is one history row and one audit row; the history cannot be rewritten', async () => {
      const { history } = await releaseHistory(ctx.db, 'mfe-catalog', 'production');
      const audits = await ctx.db.select().from(auditLog).where(eq(auditLog.entityType, 'release')).orderBy(asc(auditLog.id));
      const catalogAudits = audits.filter((a) => (a.after as { app?: string }).app === 'mfe-catalog');
      assert.equal(history.length, catalogAudits.length);
      assert.deepEqual(
        catalogAudits.map((a) => a.action),
        history.map((h) => (h.action === 'release' ? 'release.publish' : `release.${h.action}`)).reverse(),
      );
      assert.ok(catalogAudits.every((a) => a.actorName === 'ci@catalog'));
      const appendOnly = (error: { message: string; cause?: { message?: string } }) => /append-only/.test(`${error.message} ${error.cause?.message ?? ''}`);
      await assert.rejects(ctx.db.execute(sql`update release_pointer_history set actor = 'someone else'`), appendOnly);
      await assert.rejects(ctx.db.delete(releasePointerHistory).where(eq(releasePointerHistory.app, 'mfe-catalog')), appendOnly);
    });

    it('concurrent changes of one pointer are serialised: each sees the one before, none is lost', async () => {
      const results = await Promise.allSettled(['f1', 'f2', 'f3', 'f4'].map((h) => publish('mfe-user-account', build(h))));
      assert.ok(results.every((r) => r.status === 'fulfilled'), JSON.stringify(results.filter((r) => r.status === 'rejected')));
      const rows = await ctx.db
        .select()
        .from(releasePointerHistory)
        .where(and(eq(releasePointerHistory.app, 'mfe-user-account'), eq(releasePointerHistory.env, 'production')))
        .orderBy(asc(releasePointerHistory.id));
      assert.equal(rows.length, 4);
      assert.equal(rows[0]!.previousReleaseId, null);
      for (let i = 1; i < rows.length; i += 1) assert.equal(rows[i]!.previousReleaseId, rows[i - 1]!.releaseId, 'a chain, no two changes from the same state');
      const live = (await liveReleases(ctx.db, 'production'))['mfe-user-account']!;
      assert.equal(live.release.id, rows.at(-1)!.releaseId);
    });

    it('retention keeps the newest N builds and every build a pointer names', async () => {
      const keep = await retainedBuilds(ctx.db, 'mfe-catalog', 2);
      const { releases, pointer } = await releaseHistory(ctx.db, 'mfe-catalog', 'production');
      assert.deepEqual(new Set(keep), new Set([releases[0]!.build_hash, releases[1]!.build_hash, pointer!.release.build_hash]));
      await rollbackRelease(ctx.db, { app: 'mfe-catalog', env: 'production', releaseId: releases.at(-1)!.id, actor: team, now: now() });
      assert.ok((await retainedBuilds(ctx.db, 'mfe-catalog', 1)).includes(releases.at(-1)!.build_hash), 'the live one, however old');
    });
  });
}

for (const kind of databaseKinds()) {
  describe(`release api: the release command's calls [${kind}]`, () => {
    const ctx = useTestApp(kind, { seed: 'fixture' });
    const call = async (method: 'GET' | 'POST', url: string, headers: Record<string, string>, payload?: unknown) => {
      const res = await ctx.app.inject({ method, url, headers, ...(payload === undefined ? {} : { payload: payload as object }) });
      return { status: res.statusCode, body: res.json() };
    };
    const token = () => ({ 'x-release-token': resolveReleaseToken(ctx.config)! });

    it('needs the release token; a staff bearer token or a wrong one is refused', async () => {
      const body = { build: build('aa'), shell_provides: SHELL_VERSIONS };
      assert.equal((await call('POST', '/api/releases/mfe-catalog', {}, body)).status, 401);
      assert.equal((await call('POST', '/api/releases/mfe-catalog', { 'x-release-token': 'x'.repeat(64) }, body)).status, 401);
      assert.equal((await call('POST', '/api/releases/mfe-catalog', bearer(await ctx.tokenFor(STAFF_PHONE)), body)).status, 401);
      assert.equal((await call('GET', '/api/releases/mfe-catalog', {})).status, 401);
      assert.deepEqual((await call('GET', '/api/releases/live', {})).body.data, {}, 'nothing released: nothing live');
    });

    it('releases, refuses with the gate\'s message under errors.gate, lists, rolls back, answers what to keep', async () => {
      const first = await call('POST', '/api/releases/mfe-catalog', token(), { build: build('aa'), shell_provides: SHELL_VERSIONS, actor: 'anna' });
      assert.equal(first.status, 200, JSON.stringify(first.body));
      const refused = await call('POST', '/api/releases/mfe-catalog', token(), { build: build('ab', { requires: { '@excursio/shared': '^99.0.0' } }), shell_provides: SHELL_VERSIONS });
      assert.equal(refused.status, 409);
      assert.match(refused.body.errors.gate[0], /@excursio\/shared \^99\.0\.0.*2\.4\.0/);
      const second = await call('POST', '/api/releases/mfe-catalog', token(), { build: build('ac'), shell_provides: SHELL_VERSIONS });
      assert.equal(second.body.data.pointer.release.build_hash, 'ac0000000000');
      assert.equal((await call('GET', '/api/releases/live', {})).body.data['mfe-catalog'].release.build_hash, 'ac0000000000');
      const list = await call('GET', '/api/releases/mfe-catalog', token());
      assert.deepEqual(list.body.data.history.map((h: { action: string }) => h.action), ['release', 'release']);
      assert.equal(list.body.data.history[1].actor, 'anna');
      const back = await call('POST', '/api/releases/mfe-catalog/rollback', token(), {});
      assert.equal(back.body.data.pointer.release.build_hash, 'aa0000000000');
      assert.equal((await call('POST', '/api/releases/mfe-catalog/promote', token(), {})).status, 409);
      assert.equal((await call('POST', '/api/releases/Catalog', token(), { build: build('ad') })).status, 422, 'an app is a folder name');
      const keep = await call('GET', '/api/releases/mfe-catalog/retained?keep=1', token());
      assert.deepEqual(new Set(keep.body.data.keep), new Set(['aa0000000000', 'ac0000000000']));
    });

    it('the back office: admins see every released app and roll back or promote as themselves; staff get 403', async () => {
      const admin = bearer(await ctx.tokenFor(ADMIN_PHONE));
      const staff = bearer(await ctx.tokenFor(STAFF_PHONE));
      assert.equal((await call('GET', '/api/staff/releases', staff)).status, 403);
      assert.equal((await call('POST', '/api/staff/releases/mfe-catalog/rollback', staff, {})).status, 403);
      assert.equal((await call('GET', '/api/staff/releases', token())).status, 401, 'the release token is no staff sign-in');
      const overview = await call('GET', '/api/staff/releases', admin);
      assert.equal(overview.status, 200, JSON.stringify(overview.body));
      const catalog = overview.body.data.apps.find((a: { app: string }) => a.app === 'mfe-catalog');
      assert.equal(catalog.pointer.release.build_hash, 'aa0000000000');
      assert.deepEqual(overview.body.data.rule, { min_errors: 5, margin_pct: 5 });
      const target = catalog.releases.find((r: { build_hash: string }) => r.build_hash === 'ac0000000000');
      const moved = await call('POST', '/api/staff/releases/mfe-catalog/rollback', admin, { release_id: target.id, reason: 'проверка' });
      assert.equal(moved.status, 200, JSON.stringify(moved.body));
      assert.equal(moved.body.data.pointer.release.build_hash, 'ac0000000000');
      const rows = await ctx.db.select().from(auditLog).where(eq(auditLog.action, 'release.rollback'));
      const byAdmin = rows.filter((r) => r.actorId !== null);
      assert.equal(byAdmin.length, 1, 'the admin, by id and name');
      assert.equal(byAdmin[0]!.reason, 'проверка');
      const history = (await call('GET', '/api/releases/mfe-catalog', token())).body.data.history;
      assert.equal(history[0].actor, byAdmin[0]!.actorName);
      assert.equal((await call('POST', '/api/staff/releases/mfe-catalog/promote', admin, {})).status, 409);
      const link = await call('POST', '/api/staff/releases/mfe-catalog/preview', admin, { release_id: target.id });
      assert.match(link.body.data.path, /release_preview=/);
      await call('POST', '/api/staff/releases/mfe-catalog/rollback', admin, {});
    });

    it('a preview link opens one release, signed and expiring; a changed or unknown one is refused', async () => {
      const { releases } = (await call('GET', '/api/releases/mfe-catalog', token())).body.data;
      const notLive = releases.find((r: { build_hash: string }) => r.build_hash === 'ac0000000000');
      assert.equal((await call('POST', `/api/releases/mfe-catalog/preview`, {}, { release_id: notLive.id })).status, 401);
      const link = await call('POST', `/api/releases/mfe-catalog/preview`, token(), { release_id: notLive.id, minutes: 30 });
      assert.equal(link.status, 200, JSON.stringify(link.body));
      assert.match(link.body.data.path, /^\/\?release_preview=[\w-]+\.[\w-]+$/);
      const checked = await call('GET', `/api/releases/preview?token=${encodeURIComponent(link.body.data.token)}`, {});
      assert.deepEqual({ app: checked.body.data.app, build_hash: checked.body.data.build_hash }, { app: 'mfe-catalog', build_hash: 'ac0000000000' });
      const minutes = (Date.parse(checked.body.data.expires_at) - Date.now()) / 60_000;
      assert.ok(minutes > 29 && minutes <= 30, String(minutes));
      assert.equal((await call('GET', `/api/releases/preview?token=${encodeURIComponent(`${link.body.data.token}x`)}`, {})).status, 404);
      assert.equal((await call('POST', `/api/releases/shell/preview`, token(), { release_id: notLive.id })).status, 404, 'a release of another app');
    });
  });
}

for (const kind of databaseKinds()) {
  describe(`release canary: error rates per release, the automatic rollback [${kind}]`, () => {
    const ctx = useTestApp(kind, { seed: 'fixture' });
    const RULE = { minErrors: 5, marginPct: 5 };
    const A = build('ca');
    const B = build('cb');
    const report = (builds: Record<string, string>) =>
      ctx.app.inject({ method: 'POST', url: '/api/monitoring/report', payload: { user_id: null, name: null, phone: null, page: 'http://localhost/excursion/cities', message: 'Раздел упал', builds } });

    it('counts loads and errors of the builds a pointer names; others are ignored', async () => {
      await publishRelease(ctx.db, { app: 'mfe-catalog', env: 'production', build: A, actor: team, now: now(), shellProvides: SHELL_VERSIONS });
      await publishRelease(ctx.db, { app: 'mfe-catalog', env: 'production', build: B, actor: team, now: now(), shellProvides: SHELL_VERSIONS, canaryPercent: 50 });
      for (let i = 0; i < 20; i += 1) {
        const seen = await ctx.app.inject({ method: 'POST', url: '/api/releases/seen', payload: { builds: { 'mfe-catalog': i % 2 ? A.build_hash : B.build_hash } } });
        assert.equal(seen.statusCode, 200, seen.body);
      }
      assert.deepEqual(await countReleaseEvent(ctx.db, { 'mfe-catalog': 'ffffffffffff' }, 'errors', new Date()), []);
      assert.equal((await ctx.app.inject({ method: 'POST', url: '/api/releases/seen', payload: { builds: { 'mfe-catalog': '../etc' } } })).statusCode, 422);
      const stats = await canaryStats(ctx.db, 'mfe-catalog', 'production');
      assert.deepEqual(stats, { canary: { loads: 10, errors: 0, rate: 0 }, stable: { loads: 10, errors: 0, rate: 0 } });
    });

    it('a canary erring like the live release stays; one erring more, past the minimum count, rolls back by itself', async () => {
      for (let i = 0; i < 4; i += 1) {
        assert.equal((await report({ 'mfe-catalog': B.build_hash })).statusCode, 200);
        assert.equal((await report({ 'mfe-catalog': A.build_hash })).statusCode, 200);
      }
      assert.equal(await judgeCanary(ctx.db, 'mfe-catalog', 'production', { ...RULE, minErrors: 4 }, now()), null, 'the same rate as the live release');
      assert.notEqual((await liveReleases(ctx.db, 'production'))['mfe-catalog']!.canary, null);
      // one more error of the canary only: 5 of 10 against 4 of 10 — past the margin, at the minimum count
      await report({ 'mfe-catalog': B.build_hash });
      const live = (await liveReleases(ctx.db, 'production'))['mfe-catalog']!;
      assert.equal(live.canary, null, 'the canary stopped');
      assert.equal(live.release.build_hash, A.build_hash);
      const { history } = await releaseHistory(ctx.db, 'mfe-catalog', 'production');
      assert.equal(history[0]!.action, 'auto_rollback');
      assert.match(history[0]!.reason ?? '', /канарейка: ошибок 50\.0 % \(5 на 10 загрузок\) против 40\.0 %/);
      assert.ok(ctx.logs.some((l) => String(l.msg).includes('rolled back by itself')), 'said so in the log');
      const audit = await ctx.db.select().from(auditLog).where(eq(auditLog.action, 'release.auto_rollback'));
      assert.equal(audit.length, 1);
    });
  });
}
