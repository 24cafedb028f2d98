import { screen, waitFor } from '@testing-library/react';
import { contentApi } from '../../api/content';
import { ok } from '../../testing/fixtures';
import { renderRoute } from '../../testing/renderRoute';

afterEach(() => jest.restoreAllMocks());

describe('documents', () => {
  it.each(['vozvrat', 'oferta', 'agreement-guide-user'])('renders /docs/%s from the api', async (slug) => {
    const call = jest.spyOn(contentApi, 'document').mockResolvedValue(
      ok({ slug, title: `Документ ${slug}`, updated_at: '2026-03-05T00:00:00Z', body: [{ type: 'ul', items: ['За 24 часа — полностью'] }] }),
    );
    renderRoute(`/docs/${slug}`);
    expect(await screen.findByRole('heading', { level: 1, name: `Документ ${slug}` })).toBeInTheDocument();
    expect(call).toHaveBeenCalledWith(slug);
    expect(screen.getByText('За 24 часа — полностью').tagName).toBe('LI');
    expect(screen.getByText('Обновлено 5 марта 2026 г.')).toBeInTheDocument();
    await waitFor(() => expect(document.title).toBe(`Документ ${slug} — Excursio`));
  });
});
