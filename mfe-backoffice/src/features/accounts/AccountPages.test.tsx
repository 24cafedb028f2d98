import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { StaffAccount } from '@excursio/shared';
import { callsTo, fakeApi, ok, paged } from '../../testing/fakeApi';
import { ADMIN_ME, meRoute, renderBackoffice, signInStaff } from '../../testing/renderBackoffice';

beforeEach(() => signInStaff());
afterEach(() => jest.restoreAllMocks());

const partner = (over: Partial<StaffAccount> = {}): StaffAccount => ({
  id: 2,
  name: 'Михаил Орлов',
  phone: '+7 999 000-00-02',
  email: null,
  role: 'partner',
  created_at: '2026-01-10T10:00:00Z',
  deleted: false,
  blocked: null,
  orders_count: 14,
  orders: [{ id: 42, status: 'confirmed', title: 'Сердце столицы', total: 6000, created_at: '2026-05-20T10:00:00Z' }],
  tickets: [],
  reviews: [],
  requisites: { legal_type: 'self_employed', legal_name: 'Орлов Михаил', inn: '500100732259', inn_valid: true, verified: null },
  excursions: { published: 3, moderation: 1 },
  ...over,
});

describe('accounts list', () => {
  it('finds accounts and marks the blocked ones', async () => {
    const calls = fakeApi({
      ...meRoute(),
      'GET /api/staff/accounts': () => ok(paged([partner({ blocked: { reason: 'Спам', at: '2026-05-01T00:00:00Z', by: null } })])),
    });
    renderBackoffice('/backoffice/accounts');
    const link = await screen.findByRole('link', { name: 'Михаил Орлов' });
    expect(link).toHaveAttribute('href', '/backoffice/accounts/2');
    expect(link.closest('tr')).toHaveTextContent('заблокирован');
    fireEvent.change(screen.getByLabelText('Тип'), { target: { value: 'partner' } });
    fireEvent.change(screen.getByLabelText('Блокировка'), { target: { value: 'true' } });
    fireEvent.click(screen.getByRole('button', { name: 'Найти' }));
    await waitFor(() => expect(callsTo(calls, 'GET', '/api/staff/accounts').at(-1)?.query).toEqual({ page: 1, type: 'partner', blocked: true }));
  });
});

describe('account page', () => {
  it('lets staff verify requisites but not block or change roles', async () => {
    const calls = fakeApi({
      ...meRoute(),
      'GET /api/staff/accounts/2': () => ok(partner()),
      'POST /api/staff/accounts/2/requisites/verify': () => ok(partner({ requisites: { ...partner().requisites!, verified: { at: '2026-05-30T09:00:00Z', by: { id: 3, name: 'Ольга' } } } })),
    });
    renderBackoffice('/backoffice/accounts/2');
    expect(await screen.findByText(/ИНН 500100732259/)).toBeInTheDocument();
    expect(screen.getByText('опубликованы: 3, на модерации: 1')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Заблокировать' })).not.toBeInTheDocument();
    expect(screen.queryByLabelText('Роль')).not.toBeInTheDocument();
    expect(screen.getByText('Блокировку и роли меняют администраторы.')).toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: 'Отметить реквизиты проверенными' }));
    expect(await screen.findByText(/проверены/)).toBeInTheDocument();
    expect(callsTo(calls, 'POST', '/api/staff/accounts/2/requisites/verify')).toHaveLength(1);
  });

  it('shows ten of many reviews, the rest on request', async () => {
    const reviews = Array.from({ length: 12 }, (_, i) => ({ id: i + 1, excursion: { id: 7, title: 'Сердце столицы' }, rating: 5, text: `Отзыв ${i + 1}`, hidden: false, created_at: '2026-05-01T00:00:00Z' }));
    fakeApi({ ...meRoute(), 'GET /api/staff/accounts/2': () => ok(partner({ reviews })) });
    renderBackoffice('/backoffice/accounts/2');
    const section = await screen.findByRole('region', { name: 'Отзывы' });
    expect(within(section).getAllByRole('listitem')).toHaveLength(10);
    fireEvent.click(within(section).getByRole('button', { name: 'Показать все (12)' }));
    expect(within(section).getAllByRole('listitem')).toHaveLength(12);
  });

  it('lets an admin block with a reason, and change a staff member’s role', async () => {
    const calls = fakeApi({
      ...meRoute(ADMIN_ME),
      'GET /api/staff/accounts/2': () => ok(partner()),
      'POST /api/staff/accounts/2/block': () => ok(partner({ blocked: { reason: 'Мошенничество', at: '2026-05-30T09:00:00Z', by: { id: 4, name: 'Игорь' } } })),
      'GET /api/staff/accounts/7': () => ok(partner({ id: 7, name: 'Пётр Иванов', role: 'staff', requisites: null, excursions: null })),
      'PUT /api/staff/accounts/7/role': () => ok(partner({ id: 7, name: 'Пётр Иванов', role: 'admin', requisites: null, excursions: null })),
    });
    const { router } = renderBackoffice('/backoffice/accounts/2');
    const form = await screen.findByRole('form', { name: 'Заблокировать' });
    expect(screen.queryByLabelText('Роль')).not.toBeInTheDocument(); // a partner's type never changes
    fireEvent.click(within(form).getByRole('button', { name: 'Заблокировать' }));
    expect(await within(form).findByRole('alert')).toHaveTextContent('Укажите причину.');
    fireEvent.change(within(form).getByLabelText('Причина'), { target: { value: 'Мошенничество' } });
    fireEvent.click(within(form).getByRole('button', { name: 'Заблокировать' }));
    expect(await screen.findByRole('status')).toHaveTextContent('Аккаунт заблокирован');
    expect(callsTo(calls, 'POST', '/api/staff/accounts/2/block')[0]!.body).toEqual({ reason: 'Мошенничество' });
    expect(screen.getByRole('form', { name: 'Разблокировать' })).toBeInTheDocument();

    await act(() => router.navigate('/backoffice/accounts/7'));
    fireEvent.change(await screen.findByLabelText('Роль'), { target: { value: 'admin' } });
    fireEvent.click(screen.getByRole('button', { name: 'Сохранить роль' }));
    await waitFor(() => expect(callsTo(calls, 'PUT', '/api/staff/accounts/7/role')[0]?.body).toEqual({ role: 'admin' }));
  });
});
