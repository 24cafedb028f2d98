import { useState } from 'react';
import { fireEvent, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { PinInput } from './PinInput';
import { spread, typedDigits } from './pinDigits';

function Harness({ onComplete, initial = ['', '', '', ''] }: { onComplete: (code: string) => void; initial?: string[] }) {
  const [value, setValue] = useState(initial);
  return (
    <>
      <PinInput value={value} onChange={setValue} onComplete={onComplete} label="Код из SMS" />
      <button type="button" onClick={() => setValue(['', '', '', ''])}>
        Очистить
      </button>
    </>
  );
}

function setup(initial?: string[]) {
  const user = userEvent.setup();
  const onComplete = jest.fn();
  render(<Harness onComplete={onComplete} initial={initial} />);
  const boxes = screen.getAllByRole('textbox') as HTMLInputElement[];
  return { user, onComplete, boxes };
}

const values = (boxes: HTMLInputElement[]) => boxes.map((b) => b.value);

describe('PIN boxes', () => {
  it('are 4 labelled numeric boxes in a labelled group, the first offering the one-time code', () => {
    const { boxes } = setup();
    expect(screen.getByRole('group', { name: 'Код из 4 цифр' })).toHaveAccessibleDescription('Код из SMS');
    expect(boxes).toHaveLength(4);
    boxes.forEach((box, i) => {
      expect(box).toHaveAccessibleName(`Цифра ${i + 1} из 4`);
      expect(box).toHaveAttribute('inputmode', 'numeric');
    });
    expect(boxes[0]).toHaveAttribute('autocomplete', 'one-time-code');
    expect(boxes[1]).toHaveAttribute('autocomplete', 'off');
    expect(boxes[0]).toHaveFocus();
  });

  it('take digits only, one per box, moving on as they come', async () => {
    const { user, boxes, onComplete } = setup();
    await user.keyboard('a');
    expect(values(boxes)).toEqual(['', '', '', '']);
    await user.keyboard('1x2');
    expect(values(boxes)).toEqual(['1', '2', '', '']);
    expect(boxes[2]).toHaveFocus();
    expect(onComplete).not.toHaveBeenCalled();
  });

  it('submit themselves when the 4th digit is entered', async () => {
    const { user, onComplete } = setup();
    await user.keyboard('123');
    expect(onComplete).not.toHaveBeenCalled();
    await user.keyboard('4');
    expect(onComplete).toHaveBeenCalledWith('1234');
    expect(onComplete).toHaveBeenCalledTimes(1);
  });

  it('are filled by a pasted 4-digit code, whatever the box and formatting', async () => {
    const { user, boxes, onComplete } = setup();
    await user.click(boxes[2]!);
    await user.paste('12-34');
    expect(values(boxes)).toEqual(['1', '2', '3', '4']);
    expect(onComplete).toHaveBeenCalledWith('1234');
  });

  it('take a shorter paste from the box it lands in, and ignore a paste without digits', async () => {
    const { user, boxes, onComplete } = setup();
    await user.click(boxes[1]!);
    await user.paste('78');
    expect(values(boxes)).toEqual(['', '7', '8', '']);
    await user.paste('код');
    expect(values(boxes)).toEqual(['', '7', '8', '']);
    expect(onComplete).not.toHaveBeenCalled();
  });

  it('take a code autofilled into the first box', async () => {
    const { boxes, onComplete } = setup();
    // one-time-code autofill sets the whole code as the first box's value at once
    fireEvent.change(boxes[0]!, { target: { value: '5678' } });
    expect(values(boxes)).toEqual(['5', '6', '7', '8']);
    expect(onComplete).toHaveBeenLastCalledWith('5678');
  });

  it('go back a box on Backspace in an empty one', async () => {
    const { user, boxes } = setup();
    await user.keyboard('12');
    await user.keyboard('{Backspace}');
    expect(values(boxes)).toEqual(['1', '', '', '']);
    expect(boxes[1]).toHaveFocus();
    await user.keyboard('{Backspace}');
    expect(values(boxes)).toEqual(['', '', '', '']);
    expect(boxes[0]).toHaveFocus();
  });

  it('start again at the first box when cleared from outside (a wrong code)', async () => {
    const { user, boxes } = setup();
    await user.keyboard('12');
    await user.click(screen.getByRole('button', { name: 'Очистить' }));
    expect(values(boxes)).toEqual(['', '', '', '']);
    expect(boxes[0]).toHaveFocus();
  });

  it('replace a digit typed over an existing one', async () => {
    const { user, boxes } = setup(['1', '2', '', '']);
    await user.click(boxes[0]!);
    await user.keyboard('9');
    expect(values(boxes)).toEqual(['9', '2', '', '']);
  });
});

describe('PIN digit rules', () => {
  it('keeps the newly typed digit next to the old one', () => {
    expect(typedDigits('53', '5')).toBe('3');
    expect(typedDigits('35', '5')).toBe('3');
    expect(typedDigits('55', '5')).toBe('5');
    expect(typedDigits('a', '')).toBe('');
    expect(typedDigits('1234', '')).toBe('1234');
  });

  it('spreads a full code from the first box and a partial one from where it landed', () => {
    expect(spread(['', '', '', ''], '123456', 3)).toEqual({ next: ['1', '2', '3', '4'], last: 3 });
    expect(spread(['', '', '', ''], '12', 3)).toEqual({ next: ['', '', '', '1'], last: 3 });
    expect(spread(['9', '', '', ''], '12', 1)).toEqual({ next: ['9', '1', '2', ''], last: 2 });
  });
});
