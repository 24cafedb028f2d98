import { render, screen } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { review } from '../testing/fixtures';
import { ReviewItem } from './ReviewItem';

const show = (element: React.ReactElement) =>
  render(<RouterProvider router={createMemoryRouter([{ path: '/', element }], { initialEntries: ['/'] })} />);

describe('ReviewItem', () => {
  it('shows the guide’s reply as text, with its date', () => {
    show(<ReviewItem review={review({ id: 1, reply: '<b>Спасибо</b>, ждём снова!', replied_at: '2026-01-16T09:30:00Z' })} />);
    expect(screen.getByText('Ответ гида', { exact: false })).toBeInTheDocument();
    expect(screen.getByText('<b>Спасибо</b>, ждём снова!')).toBeInTheDocument();
    const date = screen.getByText('16 января 2026', { exact: false });
    expect(date.tagName).toBe('TIME');
    expect(date).toHaveAttribute('dateTime', '2026-01-16T09:30:00Z');
  });

  it('shows no reply block without a reply', () => {
    show(<ReviewItem review={review({ id: 2 })} />);
    expect(screen.queryByText('Ответ гида', { exact: false })).toBeNull();
  });

  it('shows the author’s photos as responsive thumbnails linking to the full picture', () => {
    const photo = (n: number) => ({
      url: `/api/media/u/${String(n).repeat(64)}/1280.webp`,
      fallback_url: `/api/media/u/${String(n).repeat(64)}/1280.jpg`,
      srcset: `/api/media/u/${String(n).repeat(64)}/320.webp 320w, /api/media/u/${String(n).repeat(64)}/640.webp 640w`,
      width: 1280,
      height: 960,
    });
    show(<ReviewItem review={review({ id: 3, photos: [photo(1), photo(2)] })} />);
    const list = screen.getByRole('list', { name: 'Фото к отзыву: 2' });
    const first = screen.getByRole('img', { name: 'Фото 1 из 2 от Ольга' });
    expect(list).toContainElement(first);
    expect(first).toHaveAttribute('srcset', photo(1).srcset);
    expect(first).toHaveAttribute('loading', 'lazy');
    expect(first.closest('a')).toHaveAttribute('href', photo(1).fallback_url);
  });
});
