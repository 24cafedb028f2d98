import { fireEvent, render, screen, within } from '@testing-library/react';
import { EventCalendar } from './EventCalendar';

jest.mock('@excursio/shared/time', () => jest.requireActual('../testing/visitorZone').timeForVisitorIn('Europe/Moscow'));

const events = [
  { id: 1, starts_at: '2026-03-02T07:00:00Z', seats_left: 5 },
  { id: 2, starts_at: '2026-03-02T12:00:00Z', seats_left: 0 },
  { id: 3, starts_at: '2026-04-10T07:00:00Z', seats_left: 1 },
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

  it('moves between months that have events and selects another day', () => {
    render(<EventCalendar events={events} onSelect={jest.fn()} selectedId={3} timeZone="Europe/Moscow" />);
    expect(screen.getByText('Апрель 2026')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Следующий месяц' })).toBeDisabled();
    expect(screen.getByRole('button', { name: /10:00/ })).toHaveAttribute('aria-pressed', 'true');
    expect(screen.getByRole('button', { name: /10:00/ })).toHaveTextContent('осталось 1 место');
    fireEvent.click(screen.getByRole('button', { name: 'Предыдущий месяц' }));
    fireEvent.click(screen.getByRole('button', { name: /2 марта.*есть места/ }));
    expect(screen.getByRole('heading', { name: /2 марта/ })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'вс, 1 марта' })).toBeDisabled();
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
