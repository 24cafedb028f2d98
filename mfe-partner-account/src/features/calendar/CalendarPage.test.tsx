import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { ApiError, type CalendarSlot } from '@excursio/shared';
import { renderAccount, signInAs } from '../../testing/renderAccount';
import { ok, setToday } from '../../testing/misc';
import { calendarCalls } from './calendarCalls';
import { shiftAnchor, viewDays } from './calendarDays';
import { parseTimes } from './calendarDays';

const excursion = { id: 7, title: 'Сердце столицы', time_zone: 'Europe/Moscow', group_size_max: 12 };
const slot = (over: Partial<CalendarSlot>): CalendarSlot => ({
  id: 1,
  excursion_id: 7,
  excursion_title: 'Сердце столицы',
  starts_at: '2026-11-25T07:00:00Z',
  day: '2026-11-25',
  time: '10:00',
  time_zone: 'Europe/Moscow',
  capacity: 12,
  sold: 3,
  status: 'active',
  price: 2500,
  price_override: null,
  cutoff_minutes: 0,
  rule_id: 1,
  ...over,
});

// the page opens on the current month, and these slots are in November 2026 (the test failed once December came)
beforeEach(() => {
  setToday('2026-11-20T09:00:00Z');
  signInAs();
});
afterEach(() => {
  jest.useRealTimers();
  jest.restoreAllMocks();
});

describe('calendar page', () => {
  it('shows the month with each slot’s seats sold/capacity linking to its page; selects many and edits them at once', async () => {
    jest.spyOn(calendarCalls, 'calendar').mockResolvedValue(ok({ slots: [slot({}), slot({ id: 2, time: '14:00', sold: 0 })], excursions: [excursion] }));
    jest.spyOn(calendarCalls, 'schedules').mockResolvedValue(ok({ rules: [], closures: [] }));
    const patch = jest
      .spyOn(calendarCalls, 'patchSlots')
      .mockRejectedValueOnce(new ApiError(422, 'x', { capacity: ['Вместимость не может быть меньше проданных мест: 25 ноября 2026 г. 10:00 — продано 3.'] }))
      .mockResolvedValueOnce(ok([]));
    renderAccount('/account/partner/calendar');
    const day = await screen.findByRole('listitem', { name: /25 ноября/ });
    const link = within(day).getByRole('link', { name: /10:00/ });
    expect(link).toHaveAttribute('href', '/account/partner/1');
    expect(link).toHaveTextContent('3/12');
    fireEvent.click(within(day).getByRole('checkbox', { name: /Выбрать слот 25 ноября, 10:00/ }));
    fireEvent.click(within(day).getByRole('checkbox', { name: /Выбрать слот 25 ноября, 14:00/ }));
    const bulk = screen.getByRole('region', { name: 'Выбрано слотов: 2' });
    fireEvent.change(within(bulk).getByLabelText('Вместимость'), { target: { value: '2' } });
    fireEvent.click(within(bulk).getByRole('button', { name: 'Применить' }));
    expect(await within(bulk).findByRole('alert')).toHaveTextContent('продано 3');
    fireEvent.click(within(bulk).getByRole('button', { name: 'Закрыть продажи' }));
    await waitFor(() => expect(patch).toHaveBeenLastCalledWith({ ids: [1, 2], status: 'closed' }));
  });

  it('sets the selected slots’ own minimum group, or back to the excursion’s (issue 32 §1)', async () => {
    jest.spyOn(calendarCalls, 'calendar').mockResolvedValue(ok({ slots: [slot({})], excursions: [excursion] }));
    const patch = jest.spyOn(calendarCalls, 'patchSlots').mockResolvedValue(ok([]));
    renderAccount('/account/partner/calendar');
    fireEvent.click(await screen.findByRole('checkbox', { name: /Выбрать слот 25 ноября, 10:00/ }));
    const bulk = screen.getByRole('region', { name: 'Выбрано слотов: 1' });
    fireEvent.change(within(bulk).getByLabelText('Минимум группы'), { target: { value: '4' } });
    fireEvent.click(within(bulk).getByRole('button', { name: 'Применить' }));
    await waitFor(() => expect(patch).toHaveBeenLastCalledWith({ ids: [1], group_min: 4 }));
  });

  it('sets the booking cut-off of selected slots', async () => {
    jest.spyOn(calendarCalls, 'calendar').mockResolvedValue(ok({ slots: [slot({})], excursions: [excursion] }));
    const patch = jest.spyOn(calendarCalls, 'patchSlots').mockResolvedValue(ok([]));
    renderAccount('/account/partner/calendar');
    fireEvent.click(await screen.findByRole('checkbox', { name: /Выбрать слот 25 ноября, 10:00/ }));
    const bulk = screen.getByRole('region', { name: 'Выбрано слотов: 1' });
    fireEvent.change(within(bulk).getByLabelText('Запись закрывается'), { target: { value: '120' } });
    fireEvent.click(within(bulk).getByRole('button', { name: 'Применить' }));
    await waitFor(() => expect(patch).toHaveBeenCalledWith({ ids: [1], cutoff_minutes: 120 }));
  });

  it('adds a schedule for the chosen excursion; the api’s overlap message is shown at the times', async () => {
    jest.spyOn(calendarCalls, 'calendar').mockResolvedValue(ok({ slots: [], excursions: [excursion] }));
    jest.spyOn(calendarCalls, 'schedules').mockResolvedValue(ok({ rules: [], closures: [] }));
    const add = jest
      .spyOn(calendarCalls, 'addRule')
      .mockRejectedValueOnce(new ApiError(422, 'x', { times: ['Пересекается с расписанием: пн в 10:00, с 1 декабря 2026 г..'] }))
      .mockResolvedValueOnce(ok({ rules: [{ id: 5, excursion_id: 7, weekdays: [1, 3], times: ['10:00'], valid_from: '2026-12-01', valid_to: null, capacity: 12, price_override: null, cutoff_minutes: 120, summary: 'пн, ср в 10:00, с 1 декабря 2026 г.' }], closures: [] }));
    renderAccount('/account/partner/calendar');
    await screen.findByRole('option', { name: 'Сердце столицы' });
    fireEvent.change(screen.getByLabelText('Экскурсия'), { target: { value: '7' } });
    const form = await screen.findByRole('form', { name: 'Новое расписание' });
    fireEvent.click(within(form).getByRole('button', { name: 'Добавить расписание' }));
    expect(await within(form).findByText('Выберите хотя бы один день недели.')).toBeInTheDocument();
    fireEvent.click(within(form).getByRole('checkbox', { name: 'Пн' }));
    fireEvent.click(within(form).getByRole('checkbox', { name: 'Ср' }));
    fireEvent.change(within(form).getByLabelText('Запись закрывается'), { target: { value: '120' } });
    fireEvent.click(within(form).getByRole('button', { name: 'Добавить расписание' }));
    expect(await within(form).findByText(/Пересекается с расписанием/)).toBeInTheDocument();
    fireEvent.click(within(form).getByRole('button', { name: 'Добавить расписание' }));
    expect(await screen.findByText(/пн, ср в 10:00, с 1 декабря 2026 г\. · 12 мест · запись за 2 часа/)).toBeInTheDocument();
    expect(add).toHaveBeenLastCalledWith(expect.objectContaining({ excursion_id: 7, weekdays: [1, 3], times: ['10:00'], capacity: 12, cutoff_minutes: 120 }));
  });

  it('a schedule running beside the guide’s other slots is asked about; «Всё равно добавить» saves it anyway', async () => {
    jest.spyOn(calendarCalls, 'calendar').mockResolvedValue(ok({ slots: [], excursions: [excursion] }));
    jest.spyOn(calendarCalls, 'schedules').mockResolvedValue(ok({ rules: [], closures: [] }));
    const question = 'Расписание пересекается со слотами гида (3): 2 декабря в 10:00 — слот 09:30–11:30 «Тайны Замоскворечья» — всё равно сохранить?';
    const add = jest
      .spyOn(calendarCalls, 'addRule')
      .mockRejectedValueOnce(new ApiError(409, question, { allow_overlap: [question] }))
      .mockResolvedValueOnce(ok({ rules: [{ id: 5, excursion_id: 7, weekdays: [3], times: ['10:00'], valid_from: '2026-12-01', valid_to: null, capacity: 12, price_override: null, cutoff_minutes: 0, summary: 'ср в 10:00, с 1 декабря 2026 г.' }], closures: [] }));
    renderAccount('/account/partner/calendar');
    await screen.findByRole('option', { name: 'Сердце столицы' });
    fireEvent.change(screen.getByLabelText('Экскурсия'), { target: { value: '7' } });
    const form = await screen.findByRole('form', { name: 'Новое расписание' });
    fireEvent.click(within(form).getByRole('checkbox', { name: 'Ср' }));
    fireEvent.click(within(form).getByRole('button', { name: 'Добавить расписание' }));
    const asked = await within(form).findByRole('alertdialog', { name: 'Гид в это время занят' });
    expect(asked).toHaveTextContent(question);
    expect(within(form).queryByRole('button', { name: 'Добавить расписание' })).not.toBeInTheDocument();
    fireEvent.click(within(asked).getByRole('button', { name: 'Всё равно добавить' }));
    expect(await screen.findByText(/ср в 10:00, с 1 декабря 2026 г\. · 12 мест/)).toBeInTheDocument();
    expect(add).toHaveBeenCalledTimes(2);
    expect(add.mock.calls[0]![0]).not.toHaveProperty('allow_overlap');
    expect(add).toHaveBeenLastCalledWith(expect.objectContaining({ excursion_id: 7, weekdays: [3], allow_overlap: true }));
  });

  it('closing a date with a paid order lists it and cancels it with a reason', async () => {
    jest.spyOn(calendarCalls, 'calendar').mockResolvedValue(ok({ slots: [], excursions: [excursion] }));
    jest.spyOn(calendarCalls, 'schedules').mockResolvedValue(ok({ rules: [], closures: [] }));
    jest.spyOn(calendarCalls, 'closingPreview').mockResolvedValue(ok({ slots: 1, orders: [{ id: 42, customer_name: 'Анна', seats: 2, paid: 750, starts_at: '2026-12-02T07:00:00Z', status: 'confirmed' }] }));
    const close = jest.spyOn(calendarCalls, 'close').mockResolvedValue(ok({ rules: [], closures: [{ id: 3, excursion_id: 7, date_from: '2026-12-02', date_to: '2026-12-02', reason: 'Гид заболел' }] }));
    renderAccount('/account/partner/calendar');
    await screen.findByRole('option', { name: 'Сердце столицы' });
    fireEvent.change(screen.getByLabelText('Экскурсия'), { target: { value: '7' } });
    const form = await screen.findByRole('form', { name: 'Закрыть даты' });
    fireEvent.change(within(form).getByLabelText('Закрыть с'), { target: { value: '2026-12-02' } });
    fireEvent.click(within(form).getByRole('button', { name: 'Закрыть даты' }));
    const group = await screen.findByRole('group', { name: 'В эти дни есть заказы: 1' });
    expect(within(group).getByText(/№42 · Анна · 2 чел\..*оплачено 750/)).toBeInTheDocument();
    fireEvent.click(within(group).getByRole('button', { name: 'Закрыть и отменить заказы' }));
    await waitFor(() => expect(close).toHaveBeenCalledWith({ excursion_id: 7, date_from: '2026-12-02', date_to: '2026-12-02', orders: 'cancel', reason: 'Гид заболел' }));
    expect(await screen.findByText(/2 декабря · Гид заболел/)).toBeInTheDocument();
  });

  it('adds a one-off slot; the api’s refusal is shown at its field', async () => {
    jest.spyOn(calendarCalls, 'calendar').mockResolvedValue(ok({ slots: [], excursions: [excursion] }));
    jest.spyOn(calendarCalls, 'schedules').mockResolvedValue(ok({ rules: [], closures: [] }));
    const add = jest
      .spyOn(calendarCalls, 'addSlot')
      .mockRejectedValueOnce(new ApiError(422, 'x', { time: ['В это время уже есть слот.'] }))
      .mockResolvedValueOnce(ok([]));
    renderAccount('/account/partner/calendar');
    await screen.findByRole('option', { name: 'Сердце столицы' });
    fireEvent.change(screen.getByLabelText('Экскурсия'), { target: { value: '7' } });
    const form = await screen.findByRole('form', { name: 'Разовый слот' });
    fireEvent.change(within(form).getByLabelText('Дата слота'), { target: { value: '2026-12-05' } });
    fireEvent.change(within(form).getByLabelText('Время слота'), { target: { value: '18:30' } });
    fireEvent.click(within(form).getByRole('button', { name: 'Добавить слот' }));
    expect(await within(form).findByText('В это время уже есть слот.')).toBeInTheDocument();
    fireEvent.click(within(form).getByRole('button', { name: 'Добавить слот' }));
    await waitFor(() => expect(add).toHaveBeenLastCalledWith({ excursion_id: 7, date: '2026-12-05', time: '18:30', capacity: 12 }));
  });

  it('the old address opens the calendar, replacing the history entry', async () => {
    jest.spyOn(calendarCalls, 'calendar').mockResolvedValue(ok({ slots: [], excursions: [excursion] }));
    const { router } = renderAccount('/account/partner/calendarold?x=1');
    expect(await screen.findByRole('heading', { level: 1, name: 'Календарь' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/account/partner/calendar');
    expect(router.state.location.search).toBe('?x=1');
    expect(router.state.historyAction).toBe('REPLACE');
  });
});

describe('calendar days', () => {
  it('shows whole weeks of a month from Monday, and moves by months and weeks', () => {
    const days = viewDays('month', '2026-11-24');
    expect(days[0]).toBe('2026-10-26');
    expect(days.at(-1)).toBe('2026-12-06');
    expect(viewDays('week', '2026-11-26')).toEqual(['2026-11-23', '2026-11-24', '2026-11-25', '2026-11-26', '2026-11-27', '2026-11-28', '2026-11-29']);
    expect(shiftAnchor('month', '2026-11-24', 1)).toBe('2026-12-01');
    expect(shiftAnchor('week', '2026-11-24', -1)).toBe('2026-11-17');
  });

  it('reads start times as typed', () => {
    expect(parseTimes('14:30, 9:00')).toEqual(['09:00', '14:30']);
    expect(parseTimes('25:00')).toBeNull();
    expect(parseTimes('')).toBeNull();
  });
});

const HINT = 'Выберите экскурсию, чтобы задать её расписание и закрытые дни.';

// Issue 24, item 9: the schedule forms appear only for one excursion; until one is chosen the page says so.
describe('calendar page before an excursion is chosen', () => {
  it('says at the excursion field where the schedule and closed days are, even when the period has slots', async () => {
    jest.spyOn(calendarCalls, 'calendar').mockResolvedValue(ok({ slots: [slot({})], excursions: [excursion] }));
    jest.spyOn(calendarCalls, 'schedules').mockResolvedValue(ok({ rules: [], closures: [] }));
    renderAccount('/account/partner/calendar');
    await screen.findByRole('option', { name: 'Сердце столицы' });
    expect(screen.getByLabelText('Экскурсия')).toHaveAccessibleDescription(HINT);
    expect(screen.queryByRole('form', { name: 'Новое расписание' })).not.toBeInTheDocument();

    fireEvent.change(screen.getByLabelText('Экскурсия'), { target: { value: '7' } });
    expect(await screen.findByRole('form', { name: 'Новое расписание' })).toBeInTheDocument();
    expect(screen.getByLabelText('Экскурсия')).not.toHaveAccessibleDescription(HINT);
  });

  it('keeps what was ticked in the schedule form while the chosen excursion’s calendar loads', async () => {
    let answer: (value: ReturnType<typeof ok>) => void = () => undefined;
    jest
      .spyOn(calendarCalls, 'calendar')
      .mockResolvedValueOnce(ok({ slots: [slot({})], excursions: [excursion] }))
      .mockImplementationOnce(() => new Promise((resolve) => (answer = resolve as typeof answer)));
    jest.spyOn(calendarCalls, 'schedules').mockResolvedValue(ok({ rules: [], closures: [] }));
    renderAccount('/account/partner/calendar');
    await screen.findByRole('option', { name: 'Сердце столицы' });
    fireEvent.change(screen.getByLabelText('Экскурсия'), { target: { value: '7' } });
    const form = await screen.findByRole('form', { name: 'Новое расписание' });
    expect(screen.getByRole('list', { name: /^Дни:/ })).toHaveAttribute('aria-busy', 'true');
    fireEvent.click(within(form).getByRole('checkbox', { name: 'Пн' }));
    fireEvent.change(within(form).getByLabelText('Время начала'), { target: { value: '09:30' } });
    answer(ok({ slots: [slot({}), slot({ id: 2, time: '14:00' })], excursions: [excursion] }));
    await waitFor(() => expect(screen.getByRole('list', { name: /^Дни:/ })).toHaveAttribute('aria-busy', 'false'));
    const after = screen.getByRole('form', { name: 'Новое расписание' });
    expect(within(after).getByRole('checkbox', { name: 'Пн' })).toBeChecked();
    expect(within(after).getByLabelText('Время начала')).toHaveValue('09:30');
  });

  it('marks slots below the minimum group and sets the excursion’s minimum (issue 32 §1)', async () => {
    const gathering = { min: 6, booked: 4, decides_at: '2026-11-24T07:00:00Z', confirmed: false };
    jest.spyOn(calendarCalls, 'calendar').mockResolvedValue(
      ok({ slots: [slot({ sold: 4, gathering }), slot({ id: 2, time: '14:00', sold: 6, gathering: { ...gathering, booked: 6 } })], excursions: [{ ...excursion, group_min: 6, group_decision_hours: 24 }] }),
    );
    jest.spyOn(calendarCalls, 'schedules').mockResolvedValue(ok({ rules: [], closures: [] }));
    const setGroup = jest.spyOn(calendarCalls, 'setGroup').mockResolvedValue(ok({ ...excursion, group_min: 4, group_decision_hours: 48 }));
    renderAccount('/account/partner/calendar');
    const day = await screen.findByRole('listitem', { name: /25 ноября/ });
    expect(within(day).getByRole('link', { name: /10:00/ })).toHaveTextContent('группа набирается: 4 из 6, нужно ещё 2');
    expect(within(day).getByRole('link', { name: /14:00/ })).not.toHaveTextContent('набирается');

    fireEvent.change(screen.getByLabelText('Экскурсия'), { target: { value: '7' } });
    const panel = await screen.findByRole('region', { name: 'Минимальная группа' });
    expect(within(panel).getByLabelText('Минимум человек')).toHaveValue(6);
    fireEvent.change(within(panel).getByLabelText('Минимум человек'), { target: { value: '13' } });
    fireEvent.click(within(panel).getByRole('button', { name: 'Сохранить' }));
    expect(await within(panel).findByText('Минимум не может быть больше размера группы (12).')).toBeInTheDocument();
    expect(setGroup).not.toHaveBeenCalled();
    fireEvent.change(within(panel).getByLabelText('Минимум человек'), { target: { value: '4' } });
    fireEvent.change(within(panel).getByLabelText('Решение за сколько часов до начала'), { target: { value: '48' } });
    fireEvent.click(within(panel).getByRole('button', { name: 'Сохранить' }));
    await waitFor(() => expect(setGroup).toHaveBeenCalledWith({ excursion_id: 7, group_min: 4, decision_hours: 48 }));
  });
});
