import { act, fireEvent, render, screen } from '@testing-library/react';
import { ProposalChoices } from './ProposalChoices';

const slots = [
  { event_id: 11, starts_at: '2026-12-05T07:00:00Z', label: 'сб, 5 декабря в 10:00', total: 4500, difference: 0 },
  { event_id: 12, starts_at: '2026-12-06T07:00:00Z', label: 'вс, 6 декабря в 10:00', total: 5100, difference: 600 },
];

describe('ProposalChoices (issue 32 §2)', () => {
  it('one tap answers a time, each button saying when and what it costs', async () => {
    const onAnswer = jest.fn().mockResolvedValue(true);
    render(<ProposalChoices slots={slots} busy={false} onAnswer={onAnswer} />);
    expect(screen.getByRole('button', { name: /сб, 5 декабря в 10:00\s*стоимость та же/ })).toBeInTheDocument();
    await act(async () => fireEvent.click(screen.getByRole('button', { name: /вс, 6 декабря в 10:00\s*стоимость 5\s100\s₽ \(\+600\s₽\)/ })));
    expect(onAnswer).toHaveBeenCalledWith(12);
  });

  it('«Ни одно не подходит» asks once more with the focus on the question; «Назад» returns it; the second tap refuses', async () => {
    const onAnswer = jest.fn().mockResolvedValueOnce(false).mockResolvedValueOnce(true);
    render(<ProposalChoices slots={slots} busy={false} onAnswer={onAnswer} />);
    fireEvent.click(screen.getByRole('button', { name: 'Ни одно не подходит' }));
    expect(onAnswer).not.toHaveBeenCalled();
    expect(screen.getByText('Заказ будет отменён, предоплата вернётся полностью.')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Отменить заказ' })).toHaveFocus();
    fireEvent.click(screen.getByRole('button', { name: 'Назад' }));
    expect(screen.getByRole('button', { name: 'Ни одно не подходит' })).toHaveFocus();

    fireEvent.click(screen.getByRole('button', { name: 'Ни одно не подходит' }));
    // a refusal the server did not take keeps the question open
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Отменить заказ' })));
    expect(onAnswer).toHaveBeenLastCalledWith(null);
    expect(screen.getByRole('button', { name: 'Отменить заказ' })).toBeInTheDocument();
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Отменить заказ' })));
    expect(screen.queryByRole('button', { name: 'Отменить заказ' })).toBeNull();
  });

  it('every button waits while an answer is on its way', () => {
    render(<ProposalChoices slots={slots} busy onAnswer={jest.fn()} />);
    for (const button of screen.getAllByRole('button')) expect(button).toBeDisabled();
  });
});
