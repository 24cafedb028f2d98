import { fireEvent, render, screen, within } from '@testing-library/react';
import { EventCalendar } from './EventCalendar';

jest.mock('@excursio/shared/time', () => jest.requireActual('../testing/visitorZone').timeForVisitorIn('Europe/Moscow'));

const events = [
  { id: 1, starts_at: '2026-03-02T07:00:00Z', seats_left: 5, bookable: 5 },
  { id: 2, starts_at: '2026-03-02T12:00:00Z', seats_left: 0, bookable: 0 },
  { id: 3, starts_at: '2026-04-10T07:00:00Z', seats_left: 1, bookable: 1 },
];

describe('EventCalendar', () => {
  it('opens on the first day with events and lists its times with the seats left', () => {
    const onSelect = jest.fn();
    render(<EventCalendar events={events} onSelect={onSelect} timeZone="Europe/Moscow" />);
    expect(screen.getByText('Март 2026')).toBeInTheDocument();
    const slots = screen.getByRole('list');
    const open = within(slots).getByRole('button', { name: /10:00/ });
    expect(open).toHaveTextContent('осталось 5 мест');
    const full = within(slots).getByRole('button', { name: /15:00/ });
    expect(full).toHaveTextContent('мест нет');
    expect(full).toBeDisabled();
    fireEvent.click(open);
    expect(onSelect).toHaveBeenCalledWith(events[0]);
  });

  it('says what one order can book, as the order form does: an individual slot of 6 seats for up to 4 people, a taken one closed', () => {
    const individual = [
      { id: 7, starts_at: '2026-03-02T07:30:00Z', seats_left: 6, bookable: 4 },
      { id: 8, starts_at: '2026-03-02T10:00:00Z', seats_left: 6, bookable: 0 },
    ];
    render(<EventCalendar events={individual} onSelect={jest.fn()} timeZone="Europe/Moscow" />);
    const open = screen.getByRole('button', { name: /10:30/ });
    expect(open).toHaveTextContent('до 4 человек');
    expect(open).not.toHaveTextContent('осталось');
    expect(screen.getByRole('button', { name: /13:00/ })).toBeDisabled();
  });

  it('marks the days whose group still gathers: a shape, the legend’s words and the day’s name, the time’s count (issue 32 §1)', () => {
    const decides_at = '2026-03-01T07:00:00Z';
    const gathering = [
      { id: 11, starts_at: '2026-03-02T07:00:00Z', seats_left: 6, bookable: 6, gathering: { min: 6, booked: 2, decides_at, confirmed: false } },
      { id: 12, starts_at: '2026-03-03T07:00:00Z', seats_left: 6, bookable: 6, gathering: { min: 6, booked: 6, decides_at, confirmed: false } },
      { id: 13, starts_at: '2026-03-04T07:00:00Z', seats_left: 6, bookable: 6, gathering: { min: 6, booked: 1, decides_at, confirmed: true } },
      { id: 14, starts_at: '2026-03-05T07:00:00Z', seats_left: 6, bookable: 6, gathering: null },
    ];
    render(<EventCalendar events={gathering} onSelect={jest.fn()} timeZone="Europe/Moscow" />);
    const grid = screen.getByRole('grid');
    expect(within(grid).getByRole('button', { name: 'пн, 2 марта: есть места, группа набирается' })).toHaveTextContent('2◐');
    // gathered, run anyway by the partner, or no minimum: a plain day
    for (const day of ['вт, 3 марта', 'ср, 4 марта', 'чт, 5 марта']) {
      const button = within(grid).getByRole('button', { name: `${day}: есть места` });
      expect(button).not.toHaveTextContent('◐');
    }
    expect(screen.getByText(/— группа набирается: экскурсия состоится, когда запишется минимум участников/)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: /10:00/ })).toHaveTextContent('группа набирается: 2 из 6');
  });

  it('says nothing of groups in a month without one that gathers', () => {
    render(<EventCalendar events={events} onSelect={jest.fn()} timeZone="Europe/Moscow" />);
    expect(screen.queryByText(/группа набирается/)).not.toBeInTheDocument();
  });

  it('moves between months that have events and selects another day', () => {
    render(<EventCalendar events={events} onSelect={jest.fn()} selectedId={3} timeZone="Europe/Moscow" />);
    expect(screen.getByText('Апрель 2026')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Следующий месяц' })).toBeDisabled();
    expect(screen.getByRole('button', { name: /10:00/ })).toHaveAttribute('aria-pressed', 'true');
    expect(screen.getByRole('button', { name: /10:00/ })).toHaveTextContent('осталось 1 место');
    fireEvent.click(screen.getByRole('button', { name: 'Предыдущий месяц' }));
    fireEvent.click(screen.getByRole('button', { name: /2 марта.*есть места/ }));
    expect(screen.getByRole('heading', { name: /2 марта/ })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'вс, 1 марта: экскурсий нет' })).toHaveAttribute('aria-disabled', 'true');
    expect(screen.getByRole('gridcell', { selected: true })).toHaveTextContent('2');
  });

  it('moves through the grid by keyboard, as the ARIA date grid does, with one tab stop', () => {
    render(<EventCalendar events={events} onSelect={jest.fn()} timeZone="Europe/Moscow" />);
    const grid = screen.getByRole('grid', { name: 'Март 2026' });
    const tabStops = within(grid).getAllByRole('button').filter((b) => b.tabIndex === 0);
    expect(tabStops).toHaveLength(1);
    expect(tabStops[0]).toHaveAccessibleName(/2 марта/);
    const press = (key: string) => fireEvent.keyDown(grid, { key });
    press('ArrowRight');
    expect(within(grid).getByRole('button', { name: /^\S+, 3 марта/ })).toHaveAttribute('tabindex', '0');
    press('ArrowDown');
    expect(within(grid).getByRole('button', { name: /^\S+, 10 марта/ })).toHaveAttribute('tabindex', '0');
    press('End');
    expect(within(grid).getByRole('button', { name: /^\S+, 15 марта/ })).toHaveAttribute('tabindex', '0');
    press('Home');
    expect(within(grid).getByRole('button', { name: /^\S+, 9 марта/ })).toHaveAttribute('tabindex', '0');
    // Page Down: the same day of the next month, which has dates
    press('PageDown');
    const april = screen.getByRole('grid', { name: 'Апрель 2026' });
    expect(within(april).getByRole('button', { name: /^\S+, 9 апреля/ })).toHaveAttribute('tabindex', '0');
    press('ArrowRight');
    fireEvent.click(within(april).getByRole('button', { name: /10 апреля.*есть места/ }));
    expect(screen.getByRole('heading', { name: /^\S+, 10 апреля/ })).toBeInTheDocument();
    // past the last month with dates, the grid stays
    press('PageDown');
    expect(screen.getByRole('grid', { name: 'Апрель 2026' })).toBeInTheDocument();
  });

  it('shows a Tbilisi excursion’s times in Tbilisi and says so to a visitor in Moscow', () => {
    render(<EventCalendar events={events} onSelect={jest.fn()} timeZone="Asia/Tbilisi" />);
    const slots = screen.getByRole('list');
    expect(within(slots).getByRole('button', { name: /11:00/ })).toHaveTextContent('осталось 5 мест');
    expect(within(slots).getByRole('button', { name: /16:00/ })).toBeDisabled();
    expect(screen.getByText('время местное, UTC+4')).toBeInTheDocument();
  });

  it('says nothing of the zone when the visitor’s clock shows the same time', () => {
    render(<EventCalendar events={events} onSelect={jest.fn()} timeZone="Europe/Moscow" />);
    expect(screen.queryByText(/время местное/)).not.toBeInTheDocument();
  });

  it('says so when there are no dates', () => {
    render(<EventCalendar events={[]} onSelect={jest.fn()} timeZone="Europe/Moscow" />);
    expect(screen.getByText(/Ближайших дат пока нет/)).toBeInTheDocument();
  });
});
