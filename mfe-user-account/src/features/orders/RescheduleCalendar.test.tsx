import { fireEvent, render, screen, within } from '@testing-library/react';
import type { RescheduleSlot } from '@excursio/shared';
import { RescheduleCalendar } from './RescheduleCalendar';
import { monthWeeks } from './rescheduleDays';

// two slots a day (10:00 and 15:00 in Moscow) for 30 days from 1 May 2099: 60 choices
const slots: RescheduleSlot[] = Array.from({ length: 60 }, (_, i) => {
  const day = new Date(Date.UTC(2099, 4, 1 + Math.floor(i / 2), i % 2 ? 12 : 7));
  return { event_id: 100 + i, starts_at: day.toISOString(), seats_left: 4, total: 5000 + (i % 2) * 500, difference: (i % 2) * 500 };
});

describe('reschedule calendar', () => {
  it('shows a month with weekdays and only the chosen day’s times, not 60 choices at once', () => {
    const onChoose = jest.fn();
    render(<RescheduleCalendar slots={slots} timeZone="Europe/Moscow" chosen={null} onChoose={onChoose} />);
    expect(screen.getByRole('heading', { name: 'Май 2099' })).toBeInTheDocument();
    expect(screen.getAllByRole('columnheader').map((th) => th.textContent)).toEqual(['Пн', 'Вт', 'Ср', 'Чт', 'Пт', 'Сб', 'Вс']);
    expect(screen.getAllByRole('radio')).toHaveLength(2);
    const day = screen.getByRole('group', { name: 'пт, 1 мая' });
    expect(within(day).getByRole('radio', { name: /10:00.*5\s000\s₽ · та же цена/ })).toBeInTheDocument();
    expect(within(day).getByRole('radio', { name: /15:00.*5\s500\s₽ · дороже на 500\s₽/ })).toBeInTheDocument();

    fireEvent.click(screen.getByRole('button', { name: 'ср, 13 мая: есть время' }));
    expect(screen.getByRole('button', { name: 'ср, 13 мая: есть время' })).toHaveAttribute('aria-pressed', 'true');
    fireEvent.click(within(screen.getByRole('group', { name: 'ср, 13 мая' })).getByRole('radio', { name: /15:00/ }));
    expect(onChoose).toHaveBeenCalledWith(125);
    // a day without a slot is no button
    expect(screen.queryByRole('button', { name: /31 мая/ })).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Следующий месяц' })).toBeDisabled();
  });

  it('moves between the months that have times', () => {
    const later = [...slots.slice(0, 2), { ...slots[2]!, event_id: 9, starts_at: '2099-06-10T07:00:00Z' }];
    render(<RescheduleCalendar slots={later} timeZone="Europe/Moscow" chosen={null} onChoose={jest.fn()} />);
    fireEvent.click(screen.getByRole('button', { name: 'Следующий месяц' }));
    expect(screen.getByRole('heading', { name: 'Июнь 2099' })).toBeInTheDocument();
    expect(screen.getByRole('group', { name: 'ср, 10 июня' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Предыдущий месяц' })).toBeEnabled();
  });

  it('lays out weeks from Monday', () => {
    // 1 May 2099 is a Friday
    expect(monthWeeks('2099-05')[0]).toEqual([null, null, null, null, '2099-05-01', '2099-05-02', '2099-05-03']);
  });
});
