import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { ApiError } from '@excursio/shared';
import { ok } from '../../testing/misc';
import { calendarCalls } from './calendarCalls';
import { OneOffSlot } from './OneOffSlot';

const excursion = { id: 7, title: 'Тайны Замоскворечья', time_zone: 'Europe/Moscow', group_size_max: 4 };
const WARNING = 'Пересекается со слотом 10:30–12:30 «Тайны Замоскворечья» — всё равно добавить?';

afterEach(() => jest.restoreAllMocks());

function fill() {
  fireEvent.change(screen.getByLabelText('Дата слота'), { target: { value: '2026-12-05' } });
  fireEvent.change(screen.getByLabelText('Время слота'), { target: { value: '10:00' } });
  fireEvent.click(screen.getByRole('button', { name: 'Добавить слот' }));
}

describe('a one-off slot beside another slot of the same guide', () => {
  it('asks first (the answer has the focus), and adds it anyway when told', async () => {
    const onChanged = jest.fn();
    const add = jest
      .spyOn(calendarCalls, 'addSlot')
      .mockRejectedValueOnce(new ApiError(409, WARNING, { allow_overlap: [WARNING] }))
      .mockResolvedValueOnce(ok([]));
    render(<OneOffSlot excursion={excursion} onChanged={onChanged} />);
    fill();
    const question = await screen.findByRole('alertdialog', { name: 'Гид в это время занят' });
    expect(question).toHaveAccessibleDescription(WARNING);
    expect(screen.getByRole('button', { name: 'Всё равно добавить' })).toHaveFocus();
    expect(onChanged).not.toHaveBeenCalled();
    fireEvent.click(screen.getByRole('button', { name: 'Всё равно добавить' }));
    await waitFor(() => expect(onChanged).toHaveBeenCalledTimes(1));
    expect(add).toHaveBeenLastCalledWith({ excursion_id: 7, date: '2026-12-05', time: '10:00', capacity: 4, allow_overlap: true });
    expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument();
  });

  it('goes back to the time instead, and a changed time is sent without the override', async () => {
    const add = jest.spyOn(calendarCalls, 'addSlot').mockRejectedValueOnce(new ApiError(409, WARNING, { allow_overlap: [WARNING] })).mockResolvedValueOnce(ok([]));
    render(<OneOffSlot excursion={excursion} onChanged={jest.fn()} />);
    fill();
    fireEvent.click(await screen.findByRole('button', { name: 'Изменить время' }));
    expect(screen.getByLabelText('Время слота')).toHaveFocus();
    fireEvent.change(screen.getByLabelText('Время слота'), { target: { value: '13:00' } });
    fireEvent.click(screen.getByRole('button', { name: 'Добавить слот' }));
    await waitFor(() => expect(add).toHaveBeenLastCalledWith({ excursion_id: 7, date: '2026-12-05', time: '13:00', capacity: 4 }));
  });
});
