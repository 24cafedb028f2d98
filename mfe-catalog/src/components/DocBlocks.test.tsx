import { render, screen } from '@testing-library/react';
import { DocBlocks } from './DocBlocks';

describe('DocBlocks', () => {
  it('renders headings, paragraphs and both kinds of lists', () => {
    render(
      <DocBlocks
        blocks={[
          { type: 'h2', text: 'Если экскурсию отменяете вы' },
          { type: 'h3', text: 'Подробности' },
          { type: 'p', text: 'Размер возврата зависит от времени.' },
          { type: 'ul', items: ['За 24 часа — полностью', 'Позже — половина'] },
          { type: 'ol', items: ['Откройте заказ', 'Нажмите «Отменить»'] },
        ]}
      />,
    );
    expect(screen.getByRole('heading', { level: 2, name: 'Если экскурсию отменяете вы' })).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 3, name: 'Подробности' })).toBeInTheDocument();
    expect(screen.getByText('Размер возврата зависит от времени.').tagName).toBe('P');
    const lists = screen.getAllByRole('list');
    expect(lists.map((l) => l.tagName)).toEqual(['UL', 'OL']);
    expect(screen.getAllByRole('listitem')).toHaveLength(4);
  });

  it('shows markup from the database as text, never as HTML', () => {
    const { container } = render(
      <DocBlocks blocks={[{ type: 'p', text: '<img src=x onerror="alert(1)"><b>жирный</b>' }]} />,
    );
    expect(container.querySelector('img')).toBeNull();
    expect(container.querySelector('b')).toBeNull();
    expect(screen.getByText('<img src=x onerror="alert(1)"><b>жирный</b>')).toBeInTheDocument();
  });
});
