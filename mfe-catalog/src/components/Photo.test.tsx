import { render, screen } from '@testing-library/react';
import { Photo } from './Photo';

describe('Photo', () => {
  it('loads the first screen’s main photo at once and first (the largest paint)', () => {
    render(<Photo src="/api/media/city/moskva/1.svg" alt="Москва" ratio="16/9" eager />);
    const img = screen.getByRole('img', { name: 'Москва' });
    expect(img).toHaveAttribute('loading', 'eager');
    expect(img).toHaveAttribute('fetchpriority', 'high');
    expect(img).toHaveAttribute('width', '640');
    expect(img).toHaveAttribute('height', '360');
  });

  it('loads every other photo lazily, at the browser’s own priority', () => {
    render(<Photo src="/api/media/city/moskva/2.svg" alt="Кремль" />);
    const img = screen.getByRole('img', { name: 'Кремль' });
    expect(img).toHaveAttribute('loading', 'lazy');
    expect(img).not.toHaveAttribute('fetchpriority');
  });
});
