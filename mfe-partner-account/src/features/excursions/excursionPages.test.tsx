import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { ApiError, bus, type PartnerExcursion } from '@excursio/shared';
import { renderAccount, signInAs } from '../../testing/renderAccount';
import { ok } from '../../testing/misc';
import { excursionCalls } from './excursionCalls';

const excursion = (over: Partial<PartnerExcursion> = {}): PartnerExcursion => ({
  id: 12,
  status: 'draft',
  moderation_comment: null,
  title: 'Дворы Москвы',
  city_id: 1,
  description: '',
  programme: [],
  included: [],
  excluded: [],
  meeting_point: '',
  languages: ['ru'],
  duration_minutes: null,
  format: 'group',
  price_type: 'per_person',
  price_units: [],
  group_size_max: 10,
  group_min: null,
  group_decision_hours: 24,
  instant_booking: false,
  cancellation_terms: '',
  tag_ids: [],
  sight_ids: [],
  photos: [],
  catalog_photos: [],
  path: null,
  change_requests: [],
  updated_at: '2026-11-24T08:00:00Z',
  ...over,
});
const options = ok({ cities: [{ id: 1, name: 'Москва' }, { id: 2, name: 'Тбилиси' }], tags: [{ id: 3, name: 'С детьми' }], sights: [{ id: 5, name: 'Красная площадь', city_id: 1 }, { id: 6, name: 'Нарикала', city_id: 2 }] });

beforeEach(() => {
  signInAs();
  jest.spyOn(excursionCalls, 'options').mockResolvedValue(options);
});
afterEach(() => {
  jest.restoreAllMocks();
  jest.useRealTimers();
});

describe('partner excursions', () => {
  it('lists excursions with status, counts and the moderator’s comment; hides one', async () => {
    const list = jest.spyOn(excursionCalls, 'list').mockResolvedValue(
      ok([
        { id: 1, title: 'Дворы Москвы', status: 'published' as const, moderation_comment: null, city: 'Москва', cover_url: null, orders: 4, upcoming_slots: 9, pending_change: false, path: '/excursion/moskva/moskva/dvory', updated_at: '' },
        { id: 2, title: 'Ночная Москва', status: 'rejected' as const, moderation_comment: 'Добавьте фото', city: 'Москва', cover_url: null, orders: 0, upcoming_slots: 0, pending_change: false, path: null, updated_at: '' },
      ]),
    );
    const act = jest.spyOn(excursionCalls, 'act').mockResolvedValue(ok(excursion({ status: 'hidden' })));
    renderAccount('/account/partner/excursions');
    const item = (await screen.findByRole('link', { name: 'Дворы Москвы' })).closest('li')!;
    expect(within(item).getByText('Опубликована')).toBeInTheDocument();
    expect(within(item).getByText('заказов: 4')).toBeInTheDocument();
    expect(screen.getByText('Модератор: Добавьте фото')).toBeInTheDocument();
    fireEvent.click(within(item).getByRole('button', { name: 'Скрыть: Дворы Москвы' }));
    await waitFor(() => expect(act).toHaveBeenCalledWith(1, 'hide'));
    await waitFor(() => expect(list).toHaveBeenCalledTimes(2));
  });

  it('starts a draft from a city and opens its editor', async () => {
    const create = jest.spyOn(excursionCalls, 'create').mockResolvedValue(ok(excursion({ id: 15 })));
    jest.spyOn(excursionCalls, 'get').mockResolvedValue(ok(excursion({ id: 15 })));
    const { router } = renderAccount('/account/partner/excursions/add');
    const form = await screen.findByRole('form', { name: 'Новая экскурсия' });
    fireEvent.click(within(form).getByRole('button', { name: 'Создать черновик' }));
    expect(await within(form).findByText('Выберите город.')).toBeInTheDocument();
    await screen.findByRole('option', { name: 'Тбилиси' });
    fireEvent.change(within(form).getByLabelText('Город'), { target: { value: '2' } });
    fireEvent.click(within(form).getByRole('button', { name: 'Создать черновик' }));
    await waitFor(() => expect(create).toHaveBeenCalledWith(2, ''));
    await waitFor(() => expect(router.state.location.pathname).toBe('/account/partner/excursions/edit/15'));
  });

  it('saves a draft as it is typed, and says what is missing before moderation', async () => {
    jest.spyOn(excursionCalls, 'get').mockResolvedValue(ok(excursion()));
    const save = jest.spyOn(excursionCalls, 'save').mockImplementation(async (_id, fields) => ok(excursion({ description: fields.description ?? '' })));
    jest.spyOn(excursionCalls, 'act').mockRejectedValue(new ApiError(422, 'Перед модерацией заполните: описание (от 200 символов), фото (не меньше 3).', { photos: ['Заполните: фото (не меньше 3).'] }));
    const toast = jest.fn();
    bus.on('toast:show', toast);
    renderAccount('/account/partner/excursions/edit/12');
    const description = await screen.findByLabelText('Описание');
    jest.useFakeTimers();
    fireEvent.change(description, { target: { value: 'Прогулка по дворам' } });
    await act(async () => {
      jest.advanceTimersByTime(900);
    });
    jest.useRealTimers();
    await waitFor(() => expect(save).toHaveBeenCalledWith(12, expect.objectContaining({ description: 'Прогулка по дворам', title: 'Дворы Москвы' })));
    expect(await screen.findByText('Сохранено')).toBeInTheDocument();
    // the sights offered are those of its city
    expect(screen.getByRole('checkbox', { name: 'Красная площадь' })).toBeInTheDocument();
    expect(screen.queryByRole('checkbox', { name: 'Нарикала' })).not.toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: 'Отправить на модерацию' }));
    await waitFor(() => expect(toast).toHaveBeenCalledWith({ type: 'error', message: 'Перед модерацией заполните: описание (от 200 символов), фото (не меньше 3).' }));
    expect(screen.getByText('Заполните: фото (не меньше 3).')).toBeInTheDocument();
    bus.off('toast:show', toast);
  });

  it('keeps a price line within the api’s bounds: the price 0…1 000 000 ₽, the name up to 100 characters', async () => {
    jest.spyOn(excursionCalls, 'get').mockResolvedValue(ok(excursion()));
    const save = jest.spyOn(excursionCalls, 'save').mockImplementation(async (_id, fields) => ok(excursion({ price_units: fields.price_units ?? [] })));
    renderAccount('/account/partner/excursions/edit/12');
    const price = await screen.findByLabelText('Цена 1');
    expect(screen.getByLabelText('Категория 1')).toHaveAttribute('maxLength', '100');
    jest.useFakeTimers();
    fireEvent.change(price, { target: { value: '2147483648' } });
    await act(async () => {
      jest.advanceTimersByTime(900);
    });
    jest.useRealTimers();
    await waitFor(() => expect(save).toHaveBeenCalledWith(12, expect.objectContaining({ price_units: [{ code: 'adult', name: 'Взрослый', price: 1_000_000 }] })));
    expect(price).toHaveValue(1_000_000);
  });

  it('the minimum group and its decision time: refused in Russian before saving, saved when right; none for an individual excursion', async () => {
    jest.spyOn(excursionCalls, 'get').mockResolvedValue(ok(excursion()));
    const save = jest.spyOn(excursionCalls, 'save').mockImplementation(async (_id, fields) => ok(excursion({ group_min: fields.group_min ?? null, group_decision_hours: fields.group_decision_hours ?? 24 })));
    renderAccount('/account/partner/excursions/edit/12');
    const group = await screen.findByRole('group', { name: 'Минимальная группа' });
    const min = within(group).getByLabelText(/Минимум человек/);
    const hours = within(group).getByLabelText(/Решение за сколько часов до начала/);
    expect(hours).toHaveValue(24);
    const typeAndWait = async (field: HTMLElement, value: string) => {
      jest.useFakeTimers();
      fireEvent.change(field, { target: { value } });
      await act(async () => {
        jest.advanceTimersByTime(900);
      });
      jest.useRealTimers();
    };
    await typeAndWait(min, '11');
    expect(await screen.findByText('Минимум не может быть больше размера группы (10).')).toBeInTheDocument();
    expect(min).toHaveAttribute('aria-invalid', 'true');
    await typeAndWait(min, '1');
    expect(await screen.findByText('Минимум — целое число от 2 человек, или оставьте поле пустым.')).toBeInTheDocument();
    expect(save).not.toHaveBeenCalled();
    await typeAndWait(min, '6');
    await waitFor(() => expect(save).toHaveBeenCalledTimes(1));
    await typeAndWait(hours, '200');
    expect(await screen.findByText('Срок решения — целое число часов от 1 до 168.')).toBeInTheDocument();
    expect(save).toHaveBeenCalledTimes(1);
    await typeAndWait(hours, '48');
    await waitFor(() => expect(save).toHaveBeenCalledWith(12, expect.objectContaining({ group_min: 6, group_decision_hours: 48 })));
    expect(await screen.findByText('Сохранено')).toBeInTheDocument();

    // an individual excursion: no such fields, and no minimum sent
    fireEvent.change(screen.getByLabelText('Формат'), { target: { value: 'individual' } });
    expect(screen.queryByRole('group', { name: 'Минимальная группа' })).not.toBeInTheDocument();
    await typeAndWait(screen.getByLabelText('Описание'), 'Только для вас');
    await waitFor(() => expect(save).toHaveBeenLastCalledWith(12, expect.objectContaining({ format: 'individual', group_min: null })));
  });

  it('once published, locks the closed fields with a way to propose a change; photos move by buttons', async () => {
    const photo = (id: number) => ({ id, preset: 'photo' as const, width: 1280, height: 853, url: `/u/${id}.webp`, fallback_url: `/u/${id}.jpg`, srcset: '' });
    jest.spyOn(excursionCalls, 'get').mockResolvedValue(ok(excursion({ status: 'published', path: '/excursion/moskva/moskva/dvory', photos: [photo(1), photo(2)] })));
    const photos = jest.spyOn(excursionCalls, 'photos').mockResolvedValue(ok(excursion({ status: 'published', photos: [photo(2), photo(1)] })));
    renderAccount('/account/partner/excursions/edit/12');
    expect(await screen.findByLabelText('Название')).toBeDisabled();
    expect(screen.getByLabelText('Город')).toBeDisabled();
    expect(screen.getByLabelText('Описание')).toBeEnabled();
    expect(screen.getByRole('link', { name: 'Предложить изменение' })).toHaveAttribute('href', '/account/partner/excursions/edit/closed_fields/12');
    expect(screen.getByRole('img', { name: 'Фото 1, обложка' })).toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: 'Фото 2: левее' }));
    await waitFor(() => expect(photos).toHaveBeenCalledWith(12, [2, 1]));
  });

  it('the old editor’s address opens the current one; another partner’s excursion is the 404 page', async () => {
    jest.spyOn(excursionCalls, 'get').mockResolvedValueOnce(ok(excursion())).mockRejectedValueOnce(new ApiError(404, 'Not Found.', {}));
    const first = renderAccount('/account/partner/excursions/edit/12old');
    await waitFor(() => expect(first.router.state.location.pathname).toBe('/account/partner/excursions/edit/12'));
    expect(first.router.state.historyAction).toBe('REPLACE');
    first.unmount();
    const second = renderAccount('/account/partner/excursions/edit/14');
    await waitFor(() => expect(excursionCalls.get).toHaveBeenCalledWith(14));
    expect(screen.queryByRole('heading', { level: 1 })).not.toBeInTheDocument();
    second.unmount();
  });

  it('proposes a change of closed fields and shows the diff and the moderator’s answer', async () => {
    jest.spyOn(excursionCalls, 'get').mockResolvedValue(ok(excursion({ status: 'published' })));
    const propose = jest.spyOn(excursionCalls, 'proposeChange').mockResolvedValue(
      ok(excursion({ status: 'published', change_requests: [{ id: 4, status: 'pending', changes: { city_id: { from: 1, to: 2 } }, comment: '', moderator_comment: null, created_at: '2026-11-24T08:00:00Z' }] })),
    );
    renderAccount('/account/partner/excursions/edit/closed_fields/12');
    const form = await screen.findByRole('form', { name: 'Предложить изменение' });
    await screen.findAllByRole('option', { name: 'Тбилиси' });
    fireEvent.change(within(form).getByLabelText('Город'), { target: { value: '2' } });
    fireEvent.click(within(form).getByRole('button', { name: 'Отправить на модерацию' }));
    await waitFor(() => expect(propose).toHaveBeenCalledWith(12, expect.objectContaining({ city_id: 2, title: 'Дворы Москвы' })));
    expect(await screen.findByText('Тбилиси', { selector: 'ins' })).toBeInTheDocument();
    expect(screen.getByText('Москва', { selector: 'del' })).toBeInTheDocument();
    expect(screen.getByRole('status')).toHaveTextContent('Изменение на модерации');
  });
});
