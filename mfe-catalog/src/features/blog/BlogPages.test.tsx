import { screen, waitFor } from '@testing-library/react';
import { contentApi } from '../../api/content';
import { ok, page } from '../../testing/fixtures';
import { renderRoute } from '../../testing/renderRoute';

afterEach(() => jest.restoreAllMocks());

const post = { id: 1, slug: 'kak-vybrat-gida', title: 'Как выбрать гида', excerpt: 'На что смотреть в отзывах.', cover_url: '/b.svg', published_at: '2026-02-01T10:00:00Z' };

describe('blog', () => {
  it('lists the blog posts by pages', async () => {
    const call = jest.spyOn(contentApi, 'blog').mockResolvedValue(ok(page([post], 1, 2)));
    renderRoute('/blog');
    expect(await screen.findByRole('heading', { level: 1, name: 'Блог' })).toBeInTheDocument();
    expect(call).toHaveBeenCalledWith(1, 12);
    expect(screen.getByRole('link', { name: 'Как выбрать гида' })).toHaveAttribute('href', '/blog/kak-vybrat-gida');
    expect(screen.getByText('1 февраля 2026 г.')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Страница 2' })).toHaveAttribute('href', '/blog?page=2');
  });

  it('shows a post with its blocks', async () => {
    jest.spyOn(contentApi, 'blogPost').mockResolvedValue(ok({ ...post, body: [{ type: 'h2', text: 'Отзывы' }, { type: 'p', text: 'Читайте свежие.' }] }));
    renderRoute('/blog/kak-vybrat-gida');
    expect(await screen.findByRole('heading', { level: 1, name: 'Как выбрать гида' })).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 2, name: 'Отзывы' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Блог' })).toHaveAttribute('href', '/blog');
    await waitFor(() => expect(document.querySelector('meta[name="description"]')).toHaveAttribute('content', 'На что смотреть в отзывах.'));
  });
});
