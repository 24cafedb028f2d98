import { fireEvent, render, screen } from '@testing-library/react';
import { useState } from 'react';
import { Stepper } from './Stepper';

function Harness({ max }: { max: number }) {
  const [value, setValue] = useState(1);
  return <Stepper label="Взрослый" value={value} min={0} max={max} onChange={setValue} />;
}

describe('Stepper', () => {
  it('counts between min and max and disables the buttons at the limits', () => {
    render(<Harness max={2} />);
    const plus = screen.getByRole('button', { name: 'Увеличить: Взрослый' });
    const minus = screen.getByRole('button', { name: 'Уменьшить: Взрослый' });
    fireEvent.click(plus);
    expect(screen.getByRole('status')).toHaveTextContent(/^Взрослый: 2$/);
    expect(plus).toBeDisabled();
    fireEvent.click(minus);
    fireEvent.click(minus);
    expect(screen.getByRole('status')).toHaveTextContent(/^Взрослый: 0$/);
    expect(minus).toBeDisabled();
  });
});
