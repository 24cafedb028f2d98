import { fireEvent, screen } from '@testing-library/react';
import { renderAccount, signInAs } from '../../testing/renderAccount';
import { ok } from '../../testing/misc';
import { calendarCalls } from './calendarCalls';

const excursion = { id: 7, title: 'Сердце столицы', time_zone: 'Europe/Moscow', group_size_max: 12 };
const slot = {
  id: 1,
  excursion_id: 7,
  excursion_title: 'Сердце столицы',
  starts_at: '2026-11-25T07:00:00Z',
  day: '2026-11-25',
  time: '10:00',
  time_zone: 'Europe/Moscow',
  capacity: 12,
  sold: 3,
  status: 'active' as const,
  price: 2500,
  price_override: null,
  cutoff_minutes: 0,
  rule_id: 1,
};
const HINT = 'Выберите экскурсию, чтобы задать её расписание и закрытые дни.';

beforeEach(() => signInAs());
afterEach(() => jest.restoreAllMocks());

// Issue 24, item 9: the schedule forms appear only for one excursion; until one is chosen the page says so.
describe('calendar page before an excursion is chosen', () => {
  it('says at the excursion field where the schedule and closed days are, even when the period has slots', async () => {
    jest.spyOn(calendarCalls, 'calendar').mockResolvedValue(ok({ slots: [slot], excursions: [excursion] }));
    jest.spyOn(calendarCalls, 'schedules').mockResolvedValue(ok({ rules: [], closures: [] }));
    renderAccount('/account/partner/calendar');
    await screen.findByRole('option', { name: 'Сердце столицы' });
    expect(screen.getByLabelText('Экскурсия')).toHaveAccessibleDescription(HINT);
    expect(screen.queryByRole('form', { name: 'Новое расписание' })).not.toBeInTheDocument();

    fireEvent.change(screen.getByLabelText('Экскурсия'), { target: { value: '7' } });
    expect(await screen.findByRole('form', { name: 'Новое расписание' })).toBeInTheDocument();
    expect(screen.getByLabelText('Экскурсия')).not.toHaveAccessibleDescription(HINT);
  });
});
