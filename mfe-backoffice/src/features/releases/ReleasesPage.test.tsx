import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { ApiError, type ReleaseHistoryEntry, type ReleaseSummary, type StaffReleaseApp, type StaffReleases } from '@excursio/shared';
import { callsTo, fakeApi, ok } from '../../testing/fakeApi';
import { ADMIN_ME, meRoute, renderBackoffice, signInStaff } from '../../testing/renderBackoffice';

beforeEach(() => signInStaff());
afterEach(() => jest.restoreAllMocks());

const build = (id: number, hash: string, over: Partial<ReleaseSummary> = {}): ReleaseSummary => ({
  id,
  app: 'mfe-catalog',
  build_hash: hash.padEnd(12, '0'),
  git_commit: 'abc1234def',
  created_by: 'anna@catalog',
  created_at: '2026-11-27T09:00:00Z',
  size_bytes: 1_700_000,
  requires: { react: '^19.3.1', '@excursio/shared': '^2.4.0' },
  provides: {},
  exposes: ['./routes'],
  ...over,
});
const A = build(1, 'aaaa');
const B = build(2, 'bbbb', { created_at: '2026-11-28T08:00:00Z' });
const event = (id: number, action: string, over: Partial<ReleaseHistoryEntry> = {}): ReleaseHistoryEntry => ({
  id,
  action,
  release_id: 1,
  previous_release_id: null,
  canary_release_id: null,
  canary_percent: 0,
  forced: false,
  actor: 'anna@catalog',
  reason: null,
  created_at: '2026-11-28T08:00:00Z',
  ...over,
});

const withCanary = (): StaffReleaseApp => ({
  app: 'mfe-catalog',
  pointer: { app: 'mfe-catalog', env: 'production', release: A, canary: { release: B, percent: 10, started_at: '2026-11-28T08:00:00Z' }, updated_at: '2026-11-28T08:00:00Z' },
  canary_stats: { canary: { loads: 40, errors: 6, rate: 0.15 }, stable: { loads: 400, errors: 4, rate: 0.01 } },
  releases: [B, A],
  history: [
    event(3, 'canary', { release_id: 1, previous_release_id: 1, canary_release_id: 2, canary_percent: 10 }),
    event(2, 'release', { release_id: 1, forced: true, reason: '--force: mfe-catalog требует @excursio/shared ^99.0.0, а живая оболочка (served) даёт 2.4.0' }),
  ],
});
const overview = (apps: StaffReleaseApp[]): StaffReleases => ({ env: 'production', rule: { min_errors: 5, margin_pct: 5 }, apps });
const live = (): StaffReleaseApp => ({ ...withCanary(), pointer: { ...withCanary().pointer!, canary: null }, canary_stats: null });

describe('releases', () => {
  it('shows each app: the live build, the canary with both error rates, the builds and the history, in Russian', async () => {
    const calls = fakeApi({ ...meRoute(ADMIN_ME), 'GET /api/staff/releases': () => ok(overview([withCanary()])) });
    renderBackoffice('/backoffice/releases');
    expect(await screen.findByRole('heading', { level: 1, name: 'Выпуски' })).toBeInTheDocument();
    const app = await screen.findByRole('region', { name: 'Каталог (mfe-catalog)' });
    expect(app).toHaveTextContent('Живой выпуск: aaaa00000000 (№1)');
    expect(app).toHaveTextContent('коммит abc1234');
    expect(app).toHaveTextContent('1,6 МБ');
    expect(app).toHaveTextContent(/Канарейка bbbb00000000 \(№2\) получают 10 % посетителей/);
    const rates = within(app).getByRole('region', { name: 'Ошибки канарейки: Каталог' });
    expect(within(rates).getByRole('row', { name: /Канарейка 40 6 15 %/ })).toBeInTheDocument();
    expect(within(rates).getByRole('row', { name: /Живой выпуск 400 4 1 %/ })).toBeInTheDocument();
    const builds = within(app).getByRole('region', { name: 'Сборки: Каталог' });
    expect(within(builds).getAllByRole('row')[1]).toHaveTextContent('Канарейка');
    expect(within(builds).getAllByRole('row')[2]).toHaveTextContent('Живой');
    expect(within(builds).getAllByRole('row')[2]).toHaveTextContent('react ^19.3.1, @excursio/shared ^2.4.0');
    const history = within(app).getByRole('region', { name: 'История: Каталог' });
    expect(within(history).getAllByRole('row')[1]).toHaveTextContent('Канарейка, 10 %');
    expect(within(history).getAllByRole('row')[2]).toHaveTextContent('в обход проверки');
    expect(within(history).getAllByRole('row')[2]).toHaveTextContent('^99.0.0');
    expect(screen.getByText(/не меньше 5 сообщений об ошибках/)).toBeInTheDocument();
    expect(callsTo(calls, 'GET', '/api/staff/releases')[0]?.query).toEqual({ env: 'production' });
  });

  it('promotes the canary after a second confirmation, then shows the new state', async () => {
    let state = overview([withCanary()]);
    const calls = fakeApi({
      ...meRoute(ADMIN_ME),
      'GET /api/staff/releases': () => ok(state),
      'POST /api/staff/releases/:app/promote': () => {
        state = overview([{ ...live(), pointer: { ...live().pointer!, release: B } }]);
        return ok({ changed: true, pointer: state.apps[0]!.pointer, forced: [] });
      },
    });
    renderBackoffice('/backoffice/releases');
    fireEvent.click(await screen.findByRole('button', { name: 'Сделать основной' }));
    expect(callsTo(calls, 'POST', '/api/staff/releases/mfe-catalog/promote')).toHaveLength(0);
    const form = screen.getByRole('form', { name: 'Сделать основной' });
    expect(form).toHaveTextContent('Отдать bbbb00000000 всем посетителям?');
    fireEvent.click(within(form).getByRole('button', { name: 'Сделать основной' }));
    expect(await screen.findByText('Каталог: канарейка bbbb00000000 стала основной.')).toBeInTheDocument();
    expect(callsTo(calls, 'POST', '/api/staff/releases/mfe-catalog/promote')[0]?.body).toEqual({ env: 'production' });
    await waitFor(() => expect(screen.getByRole('region', { name: 'Каталог (mfe-catalog)' })).toHaveTextContent('Живой выпуск: bbbb00000000'));
    expect(screen.queryByRole('button', { name: 'Сделать основной' })).not.toBeInTheDocument();
  });

  it('rolls back to a chosen build with a reason; a refusal is shown in place, in Russian', async () => {
    let refuse = true;
    const calls = fakeApi({
      ...meRoute(ADMIN_ME),
      'GET /api/staff/releases': () => ok(overview([live()])),
      'POST /api/staff/releases/:app/rollback': () => {
        if (refuse) throw new ApiError(409, 'Выпуск отклонён проверкой совместимости: mfe-catalog требует react ^20.0.0, а живая оболочка (d2) даёт 19.3.1', {});
        return ok({ changed: true, pointer: { ...live().pointer!, release: B }, forced: [] });
      },
    });
    renderBackoffice('/backoffice/releases');
    const builds = await screen.findByRole('region', { name: 'Сборки: Каталог' });
    const newer = within(builds).getAllByRole('row')[1]!;
    expect(within(within(builds).getAllByRole('row')[2]!).queryByRole('button', { name: 'Вернуть этот выпуск' })).not.toBeInTheDocument();
    fireEvent.click(within(newer).getByRole('button', { name: 'Вернуть этот выпуск' }));
    fireEvent.change(within(newer).getByLabelText('Причина (необязательно)'), { target: { value: '  откат после жалоб  ' } });
    fireEvent.click(within(newer).getByRole('button', { name: 'Вернуть' }));
    expect(await within(newer).findByText(/требует react \^20\.0\.0/)).toBeInTheDocument();
    refuse = false;
    fireEvent.click(within(newer).getByRole('button', { name: 'Вернуть' }));
    expect(await screen.findByText('Каталог: живой выпуск теперь bbbb00000000.')).toBeInTheDocument();
    expect(callsTo(calls, 'POST', '/api/staff/releases/mfe-catalog/rollback').at(-1)?.body).toEqual({ env: 'production', release_id: 2, reason: 'откат после жалоб' });
  });

  it('gives a preview link of a build; stops a canary; reads another environment from the address', async () => {
    const calls = fakeApi({
      ...meRoute(ADMIN_ME),
      'GET /api/staff/releases': () => ok({ ...overview([withCanary()]), env: 'staging' }),
      'POST /api/staff/releases/:app/preview': () => ok({ token: 't.s', path: '/?release_preview=t.s', app: 'mfe-catalog', build_hash: B.build_hash, expires_at: '2026-11-28T10:00:00Z' }),
      'POST /api/staff/releases/:app/rollback': () => ok({ changed: true, pointer: live().pointer, forced: [] }),
    });
    renderBackoffice('/backoffice/releases?env=staging');
    const builds = await screen.findByRole('region', { name: 'Сборки: Каталог' });
    fireEvent.click(within(within(builds).getAllByRole('row')[1]!).getByRole('button', { name: 'Ссылка для просмотра' }));
    expect(await screen.findByRole('link', { name: 'Открыть сайт с этой сборкой' })).toHaveAttribute('href', '/?release_preview=t.s');
    expect(callsTo(calls, 'POST', '/api/staff/releases/mfe-catalog/preview')[0]?.body).toEqual({ release_id: 2 });
    fireEvent.click(screen.getByRole('button', { name: 'Остановить канарейку' }));
    fireEvent.click(within(screen.getByRole('form', { name: 'Остановить канарейку' })).getByRole('button', { name: 'Остановить' }));
    expect(await screen.findByText('Каталог: канарейка остановлена.')).toBeInTheDocument();
    expect(callsTo(calls, 'POST', '/api/staff/releases/mfe-catalog/rollback')[0]?.body).toEqual({ env: 'staging' });
    expect(callsTo(calls, 'GET', '/api/staff/releases')[0]?.query).toEqual({ env: 'staging' });
    expect(screen.getByText(/Окружение «staging»/)).toBeInTheDocument();
  });

  it('says when nothing was released yet', async () => {
    fakeApi({ ...meRoute(ADMIN_ME), 'GET /api/staff/releases': () => ok(overview([])) });
    renderBackoffice('/backoffice/releases');
    expect(await screen.findByText(/Выпусков ещё не было/)).toBeInTheDocument();
  });

  it('a staff member is told that admins manage releases, and the api is not asked', async () => {
    const calls = fakeApi({ ...meRoute() });
    renderBackoffice('/backoffice/releases');
    expect(await screen.findByText('Выпусками приложений управляют администраторы.')).toBeInTheDocument();
    expect(callsTo(calls, 'GET', '/api/staff/releases')).toHaveLength(0);
  });
});
