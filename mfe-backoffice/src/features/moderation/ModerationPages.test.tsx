import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { ApiError } from '@excursio/shared';
import { callsTo, fakeApi, ok } from '../../testing/fakeApi';
import { changeDetail, queueItem } from '../../testing/fixtures';
import { meRoute, renderBackoffice, signInStaff } from '../../testing/renderBackoffice';

beforeEach(() => signInStaff());
afterEach(() => jest.restoreAllMocks());

const templates = () =>
  ok([{ id: 9, title: 'Нет лицензии', text: 'Приложите лицензию гида.', updated_at: '2026-05-01T00:00:00Z', updated_by: null }]);

describe('moderation queue', () => {
  it('lists the items oldest first with their age and who reviews them, and filters by kind', async () => {
    const calls = fakeApi({
      ...meRoute(),
      'GET /api/staff/moderation': () =>
        ok([
          queueItem({ kind: 'excursion', id: 12, title: 'Огни Казани', age_s: 2 * 86400 + 3600 }),
          queueItem({ claim: { by: { id: 8, name: 'Пётр Иванов' }, until: '2026-05-30T11:15:00Z', mine: false } }),
        ]),
    });
    renderBackoffice('/backoffice/moderation');
    const link = await screen.findByRole('link', { name: 'Огни Казани' });
    expect(link).toHaveAttribute('href', '/backoffice/moderation/excursions/12');
    expect(screen.getByRole('link', { name: 'Тайны Замоскворечья' })).toHaveAttribute('href', '/backoffice/moderation/changes/5');
    const rows = screen.getAllByRole('row');
    expect(rows[1]).toHaveTextContent('2 дня 1 ч');
    expect(rows[1]).toHaveTextContent('Свободно');
    expect(rows[2]).toHaveTextContent('Пётр Иванов, до 14:15');

    fireEvent.click(screen.getByRole('button', { name: 'Изменения закрытых полей' }));
    await waitFor(() => expect(callsTo(calls, 'GET', '/api/staff/moderation').at(-1)?.query).toEqual({ kind: 'change' }));
  });
});

describe('moderation item', () => {
  it('claims a free item on opening and shows current and proposed values side by side with the differences marked', async () => {
    const calls = fakeApi({
      ...meRoute(),
      'GET /api/staff/moderation/changes/5': () => ok(changeDetail()),
      'POST /api/staff/moderation/changes/5/claim': () => ok(changeDetail({ claim: { by: { id: 3, name: 'Ольга Петрова' }, until: '2026-05-30T11:15:00Z', mine: true } })),
      'GET /api/staff/moderation/templates': templates,
    });
    renderBackoffice('/backoffice/moderation/changes/5');
    expect(await screen.findByText('Вы, до 14:15')).toBeInTheDocument();
    expect(callsTo(calls, 'POST', '/api/staff/moderation/changes/5/claim')).toHaveLength(1);

    const row = screen.getByRole('row', { name: /Описание/ });
    const [current, proposed] = within(row).getAllByRole('cell');
    expect(current).toHaveTextContent('Прогулка по старым улицам');
    expect(proposed!.querySelector('ins')).toHaveTextContent('тихим');
    expect(proposed!.querySelector('ins')).toHaveTextContent('[добавлено:');
    expect(current!.querySelector('del')).toBeNull();
    expect(screen.getByRole('row', { name: /Название/ }).querySelector('ins')).toBeNull();

    const thumb = screen.getByRole('img', { name: 'Фото 1 — открыть оригинал' });
    expect(thumb).toHaveAttribute('src', '/media/1-thumb.jpg');
    expect(thumb.closest('a')).toHaveAttribute('href', '/media/1.jpg');
    expect(screen.getByText('Уточнил маршрут')).toBeInTheDocument();
  });

  it('rejects with a template-started comment and goes back to the queue', async () => {
    const calls = fakeApi({
      ...meRoute(),
      'GET /api/staff/moderation/changes/5': () => ok(changeDetail({ claim: { by: { id: 3, name: 'Ольга Петрова' }, until: '2026-05-30T11:15:00Z', mine: true } })),
      'GET /api/staff/moderation/templates': templates,
      'POST /api/staff/moderation/changes/5/reject': () => ({ status: true }),
      'GET /api/staff/moderation': () => ok([]),
    });
    const { router } = renderBackoffice('/backoffice/moderation/changes/5');
    fireEvent.click(await screen.findByRole('button', { name: 'Отклонить' }));
    expect(await screen.findByText('Напишите партнёру, что исправить.')).toBeInTheDocument();
    expect(callsTo(calls, 'POST', '/api/staff/moderation/changes/5/reject')).toHaveLength(0);

    fireEvent.change(await screen.findByLabelText('Шаблон'), { target: { value: '9' } });
    expect(screen.getByLabelText('Комментарий партнёру')).toHaveValue('Приложите лицензию гида.');
    fireEvent.click(screen.getByRole('button', { name: 'Отклонить' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/backoffice/moderation'));
    expect(callsTo(calls, 'POST', '/api/staff/moderation/changes/5/reject')[0]!.body).toEqual({ comment: 'Приложите лицензию гида.', template_id: 9 });
    expect(await screen.findByText('Очередь пуста: всё проверено.')).toBeInTheDocument();
  });

  it("shows another moderator's claim and allows no decision; a lost race is explained", async () => {
    fakeApi({
      ...meRoute(),
      'GET /api/staff/moderation/excursions/12': () =>
        ok(changeDetail({ kind: 'excursion', id: 12, claim: { by: { id: 8, name: 'Пётр Иванов' }, until: '2026-05-30T11:15:00Z', mine: false } })),
      'GET /api/staff/moderation/templates': templates,
    });
    renderBackoffice('/backoffice/moderation/excursions/12');
    expect(await screen.findByText('Пётр Иванов, до 14:15')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Одобрить' })).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Отклонить' })).toBeDisabled();
  });

  it('approves, and says so when someone else decided first (409)', async () => {
    fakeApi({
      ...meRoute(),
      'GET /api/staff/moderation/excursions/12': () => ok(changeDetail({ kind: 'excursion', id: 12, claim: { by: { id: 3, name: 'Ольга' }, until: '2026-05-30T11:15:00Z', mine: true } })),
      'GET /api/staff/moderation/templates': templates,
      'POST /api/staff/moderation/excursions/12/approve': () => {
        throw new ApiError(409, 'Решение по заявке уже принято.', {});
      },
    });
    renderBackoffice('/backoffice/moderation/excursions/12');
    fireEvent.click(await screen.findByRole('button', { name: 'Одобрить' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Решение по заявке уже принято.');
  });
});
