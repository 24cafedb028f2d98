import { screen, waitFor, within } from '@testing-library/react';
import { api, ApiError } from '@excursio/shared';
import { clearShared } from '../../lib/apiCache';
import { excursionCard, guideCard, MOSKVA, MOSKVA_REGION, ok, page, review, RUSSIA, sightCard } from '../../testing/fixtures';
import { city, renderRoute } from '../../testing/renderRoute';

beforeEach(clearShared);
afterEach(() => jest.restoreAllMocks());

const crumbs = () => within(screen.getByRole('navigation', { name: 'Навигационная цепочка' }));
const heading = async () => (await screen.findByRole('heading', { level: 1 })).textContent;

describe('place pages', () => {
  it('shows a country with its cities and regions', async () => {
    const call = jest.spyOn(api, 'country').mockResolvedValue(
      ok({
        ...RUSSIA,
        description: 'Самая большая страна мира.',
        photo_url: '/api/media/country/rossiya/1.svg',
        regions: [{ id: 1, slug: 'tatarstan', name: 'Татарстан', photo_url: '/r.svg', excursions_count: 5 }],
        cities: [city({ id: 2, slug: 'kazan', name: 'Казань', region_slug: 'tatarstan', region_name: 'Татарстан', excursions_count: 5 })],
      }),
    );
    renderRoute('/country/rossiya');
    expect(await heading()).toBe('Россия');
    expect(call).toHaveBeenCalledWith('rossiya');
    expect(screen.getByText('Самая большая страна мира.')).toBeInTheDocument();
    expect(within(screen.getByRole('region', { name: 'Города' })).getByRole('link', { name: /Казань/ })).toHaveAttribute('href', '/excursion/tatarstan/kazan');
    expect(within(screen.getByRole('region', { name: 'Регионы' })).getByRole('link', { name: /Татарстан/ })).toHaveAttribute('href', '/excursion/tatarstan');
    expect(screen.getByRole('link', { name: 'Все экскурсии страны' })).toHaveAttribute('href', '/excursion?country=rossiya');
    await waitFor(() => expect(document.title).toBe('Экскурсии: Россия — Excursio'));
  });

  it('shows a region with its cities and popular excursions', async () => {
    jest.spyOn(api, 'region').mockResolvedValue(
      ok({
        id: 1,
        slug: 'tatarstan',
        name: 'Татарстан',
        description: '',
        photo_url: '/r.svg',
        country: RUSSIA,
        cities: [city({ id: 2, slug: 'kazan', name: 'Казань', region_slug: 'tatarstan', excursions_count: 3 })],
        excursions: [excursionCard({ id: 9, slug: 'kremlin', title: 'Казанский кремль' })],
      }),
    );
    renderRoute('/excursion/tatarstan');
    expect(await heading()).toBe('Татарстан');
    expect(crumbs().getByRole('link', { name: 'Россия' })).toHaveAttribute('href', '/country/rossiya');
    expect(screen.getByRole('link', { name: /Казань/ })).toHaveAttribute('href', '/excursion/tatarstan/kazan');
    expect(screen.getByRole('link', { name: 'Казанский кремль' })).toBeInTheDocument();
  });

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
    const call = jest.spyOn(api, 'city').mockResolvedValue(cityPage(null));
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
    const call = jest.spyOn(api, 'city').mockResolvedValue(cityPage({ id: 2, slug: 's-detmi', name: 'С детьми' }));
    renderRoute('/excursion/moskva/moskva/tags/s-detmi');
    expect(await heading()).toBe('Москва: с детьми');
    expect(call).toHaveBeenCalledWith('moskva', 'moskva', 's-detmi');
    expect(crumbs().getAllByRole('link', { name: 'Москва' }).map((a) => a.getAttribute('href'))).toEqual(['/excursion/moskva', '/excursion/moskva/moskva']);
    expect(within(screen.getByRole('navigation', { name: 'Темы экскурсий' })).getByRole('link', { name: /С детьми/ })).toHaveAttribute('aria-current', 'page');
    expect(screen.getByRole('link', { name: 'Все экскурсии (2)' })).toHaveAttribute('href', '/excursion?region=moskva&city=moskva&tag=s-detmi');
    await waitFor(() => expect(document.title).toBe('Экскурсии: Москва, с детьми — Excursio'));
  });

  it('shows a sight of several segments with its excursions', async () => {
    const call = jest.spyOn(api, 'sight').mockResolvedValue(
      ok({ ...sightCard({ id: 3, slug: 'moskva/kreml', name: 'Московский Кремль' }), description: 'Крепость XV века.', excursions: [excursionCard({ id: 5, slug: 'kreml', title: 'Кремль изнутри' })] }),
    );
    renderRoute('/excursion/sight/moskva/kreml');
    expect(await heading()).toBe('Московский Кремль');
    expect(call).toHaveBeenCalledWith('moskva/kreml');
    expect(crumbs().getAllByRole('link', { name: 'Москва' }).map((a) => a.getAttribute('href'))).toEqual(['/excursion/moskva', '/excursion/moskva/moskva']);
    expect(screen.getByRole('link', { name: 'Кремль изнутри' })).toBeInTheDocument();
  });

  it('shows a guide with excursions and reviews', async () => {
    jest.spyOn(api, 'guide').mockResolvedValue(
      ok({
        ...guideCard({ id: 4, slug: 'andrey-sokolov', name: 'Андрей Соколов' }),
        bio: 'Историк и москвовед.',
        reviews_count: 1,
        excursions: [excursionCard({ id: 5, slug: 'kreml', title: 'Кремль изнутри' })],
        reviews: [review({ id: 1, text: 'Очень интересно' })],
      }),
    );
    renderRoute('/excursion/guides/andrey-sokolov');
    expect(await heading()).toBe('Андрей Соколов');
    expect(screen.getByText('Историк и москвовед.')).toBeInTheDocument();
    expect(screen.getByText('русский, английский')).toBeInTheDocument();
    expect(screen.getByText('Очень интересно')).toBeInTheDocument();
    expect(crumbs().getByRole('link', { name: 'Гиды: Москва' })).toHaveAttribute('href', '/excursion/guides/regions/moskva');
    await waitFor(() => expect(document.title).toBe('Гид Андрей Соколов — Excursio'));
  });

  it('lists the guides of a city', async () => {
    const call = jest.spyOn(api, 'guidesByPlace').mockResolvedValue(ok({ region: MOSKVA_REGION, city: MOSKVA, guides: [guideCard({ id: 4, slug: 'andrey-sokolov', name: 'Андрей Соколов' })] }));
    renderRoute('/excursion/guides/regions/moskva/moskva');
    expect(await heading()).toBe('Гиды: Москва');
    expect(call).toHaveBeenCalledWith('moskva/moskva');
    expect(screen.getByRole('link', { name: /Андрей Соколов/ })).toBeInTheDocument();
  });

  it('pages through the reviews of a city', async () => {
    const call = jest.spyOn(api, 'placeReviews').mockResolvedValue(
      ok({ region: MOSKVA_REGION, city: MOSKVA, excursion: null, rating: 4.6, reviews: { ...page([review({ id: 1, text: 'Понравилось' })], 2, 3), total: 25 } }),
    );
    renderRoute('/excursion/reviews/moskva/moskva?page=2');
    expect(await heading()).toBe('Отзывы: Москва');
    expect(call).toHaveBeenCalledWith('moskva/moskva', 2);
    expect(screen.getByText(/25 отзывов/)).toBeInTheDocument();
    expect(screen.getByRole('img', { name: 'Рейтинг 4,6 из 5' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Кремль изнутри' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Дальше ›' })).toHaveAttribute('href', '/excursion/reviews/moskva/moskva?page=3');
  });

  it('turns an unknown place into a 404 route error', async () => {
    jest.spyOn(api, 'country').mockRejectedValue(new ApiError(404, 'Not Found.'));
    jest.spyOn(console, 'error').mockImplementation(() => undefined);
    jest.spyOn(console, 'warn').mockImplementation(() => undefined);
    const { router } = renderRoute('/country/atlantida');
    await waitFor(() => expect(router.state.errors).not.toBeNull());
    expect(Object.values(router.state.errors ?? {})[0]).toMatchObject({ status: 404, data: 'Page Not Found: /country/atlantida' });
  });
});
