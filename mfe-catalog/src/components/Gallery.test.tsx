import { fireEvent, render, screen } from '@testing-library/react';
import { Gallery } from './Gallery';

const photos = ['/api/media/excursion/a/1.svg', '/api/media/excursion/a/2.svg', '/api/media/excursion/a/3.svg'];

describe('Gallery', () => {
  it('shows the cover lazily sized and moves with arrows, thumbnails and keys', () => {
    render(<Gallery photos={photos} title="Кремль" />);
    const main = () => screen.getByRole('img', { name: /^Кремль, фото/ });
    expect(main()).toHaveAttribute('alt', 'Кремль, фото 1 из 3');
    expect(main()).toHaveAttribute('src', photos[0]);
    expect(main()).toHaveAttribute('width', '640');
    expect(main()).toHaveAttribute('height', '360');

    fireEvent.click(screen.getByRole('button', { name: 'Следующее фото' }));
    expect(main()).toHaveAttribute('src', photos[1]);
    fireEvent.click(screen.getByRole('button', { name: 'Предыдущее фото' }));
    fireEvent.click(screen.getByRole('button', { name: 'Предыдущее фото' }));
    expect(main()).toHaveAttribute('src', photos[2]);
    expect(screen.getByText('3 / 3')).toBeInTheDocument();

    fireEvent.click(screen.getByRole('button', { name: 'Показать фото 2' }));
    expect(main()).toHaveAttribute('alt', 'Кремль, фото 2 из 3');
    expect(screen.getByRole('button', { name: 'Показать фото 2' })).toHaveAttribute('aria-current', 'true');

    fireEvent.keyDown(main().closest('.cat-gallery__stage')!, { key: 'ArrowRight' });
    expect(main()).toHaveAttribute('src', photos[2]);
  });

  it('shows a single photo without controls, and nothing without photos', () => {
    const { rerender, container } = render(<Gallery photos={[photos[0]!]} title="Кремль" />);
    expect(screen.queryByRole('button')).not.toBeInTheDocument();
    rerender(<Gallery photos={[]} title="Кремль" />);
    expect(container).toBeEmptyDOMElement();
  });
});
