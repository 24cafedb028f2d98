import { screen, waitFor, within } from '@testing-library/react';
import { geoApi } from '../../api/geo';
import { excursionCard, guideCard, MOSKVA, MOSKVA_REGION, ok, RUSSIA, sightCard } from '../../testing/fixtures';
import { crumbs, heading } from '../../testing/page';
import { renderRoute } from '../../testing/renderRoute';

afterEach(() => jest.restoreAllMocks());

describe('city and tag pages', () => {
  const cityPage = (tag: { id: number; slug: string; name: string } | null) =>
    ok({
      city: { ...MOSKVA, description: 'Столица.', photo_url: '/c.svg', region: MOSKVA_REGION, country: RUSSIA, excursions_count: 34 },
      tag,
      tags: [
        { id: 1, slug: 'obzornye', name: 'Обзорные', excursions_count: 11 },
        { id: 2, slug: 's-detmi', name: 'С детьми', excursions_count: 2 },
      ],
      sights: [sightCard({ id: 3, slug: 'moskovskiy-kreml', name: 'Московский Кремль' })],
      guides: [guideCard({ id: 4, slug: 'andrey-sokolov', name: 'Андрей Соколов' })],
      excursions: [excursionCard({ id: 5, slug: 'kreml', title: 'Кремль изнутри' })],
    });

  it('shows a city with its tags, excursions, sights and guides', async () => {
    const call = jest.spyOn(geoApi, 'city').mockResolvedValue(cityPage(null));
    renderRoute('/excursion/moskva/moskva');
    expect(await heading()).toBe('Москва');
    expect(call).toHaveBeenCalledWith('moskva', 'moskva', undefined);
    const tags = screen.getByRole('navigation', { name: 'Темы экскурсий' });
    expect(within(tags).getByRole('link', { name: /Все/ })).toHaveAttribute('aria-current', 'page');
    expect(within(tags).getByRole('link', { name: /С детьми/ })).toHaveAttribute('href', '/excursion/moskva/moskva/tags/s-detmi');
    expect(screen.getByRole('link', { name: 'Кремль изнутри' })).toHaveAttribute('href', '/excursion/moskva/moskva/kreml');
    expect(screen.getByRole('link', { name: 'Все экскурсии (34)' })).toHaveAttribute('href', '/excursion?region=moskva&city=moskva');
    expect(screen.getByRole('link', { name: /Московский Кремль/ })).toHaveAttribute('href', '/excursion/sight/moskovskiy-kreml');
    expect(screen.getByRole('link', { name: /Андрей Соколов/ })).toHaveAttribute('href', '/excursion/guides/andrey-sokolov');
    expect(screen.getByRole('link', { name: 'Все гиды' })).toHaveAttribute('href', '/excursion/guides/regions/moskva/moskva');
    expect(screen.getByRole('link', { name: 'Отзывы об экскурсиях: Москва' })).toHaveAttribute('href', '/excursion/reviews/moskva/moskva');
  });

  it('shows the tag page as the city screen narrowed to the tag', async () => {
    const call = jest.spyOn(geoApi, 'city').mockResolvedValue(cityPage({ id: 2, slug: 's-detmi', name: 'С детьми' }));
    renderRoute('/excursion/moskva/moskva/tags/s-detmi');
    expect(await heading()).toBe('Москва: с детьми');
    expect(call).toHaveBeenCalledWith('moskva', 'moskva', 's-detmi');
    expect(crumbs().getAllByRole('link', { name: 'Москва' }).map((a) => a.getAttribute('href'))).toEqual(['/excursion/moskva', '/excursion/moskva/moskva']);
    expect(within(screen.getByRole('navigation', { name: 'Темы экскурсий' })).getByRole('link', { name: /С детьми/ })).toHaveAttribute('aria-current', 'page');
    expect(screen.getByRole('link', { name: 'Все экскурсии (2)' })).toHaveAttribute('href', '/excursion?region=moskva&city=moskva&tag=s-detmi');
    await waitFor(() => expect(document.title).toBe('Экскурсии: Москва, с детьми — Excursio'));
  });
});
