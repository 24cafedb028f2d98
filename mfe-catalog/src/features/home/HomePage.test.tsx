import { screen, waitFor, within } from '@testing-library/react';
import { contentApi } from '../../api/content';
import { excursionsApi } from '../../api/excursions';
import { geoApi } from '../../api/geo';
import { reviewsApi } from '../../api/reviews';
import { sightsApi } from '../../api/sights';
import { excursionCard, ok, page, review, sightCard } from '../../testing/fixtures';
import { quietHomeCalls } from '../../testing/quietHomeCalls';
import { citiesAnswer, city, renderRoute } from '../../testing/renderRoute';
import { priceText } from '../../testing/text';

beforeEach(quietHomeCalls);
afterEach(() => jest.restoreAllMocks());

describe('index page', () => {
  it('shows the hero with the search and the popular cities from the api', async () => {
    const cities = jest.spyOn(geoApi, 'cities').mockResolvedValue(
      citiesAnswer([
        city({ id: 1, slug: 'moskva', name: 'Москва', excursions_count: 21 }),
        city({ id: 2, slug: 'kazan', name: 'Казань', region_slug: 'tatarstan', region_name: 'Татарстан', excursions_count: 3 }),
        city({ id: 3, slug: 'sochi', name: 'Сочи', region_slug: 'krasnodarskiy-kray', region_name: 'Краснодарский край', excursions_count: 11 }),
      ]),
    );
    renderRoute('/');

    expect(await screen.findByRole('heading', { level: 1, name: 'Экскурсии с местными гидами' })).toBeInTheDocument();
    expect(screen.getByRole('search')).toContainElement(screen.getByRole('combobox', { name: 'Город или экскурсия' }));
    const section = await screen.findByRole('region', { name: 'Популярные города' });
    const kazan = await within(section).findByRole('link', { name: /Казань/ });
    expect(cities).toHaveBeenCalledWith(10);
    expect(kazan).toHaveAttribute('href', '/excursion/tatarstan/kazan');
    expect(kazan).toHaveTextContent('Татарстан');
    expect(kazan).toHaveTextContent('3 экскурсии');
    expect(within(section).getByRole('link', { name: /Москва/ })).toHaveTextContent('21 экскурсия');
    expect(within(section).getByRole('link', { name: /Сочи/ })).toHaveTextContent('11 экскурсий');
    expect(within(section).getByRole('link', { name: 'Все города' })).toHaveAttribute('href', '/excursion/cities');

    const img = within(kazan).getByRole('img', { name: 'Казань' });
    expect(img).toHaveAttribute('src', '/api/media/city/kazan/1.svg');
    expect(img).toHaveAttribute('loading', 'lazy');
    expect(img).toHaveAttribute('width', '400');
    expect(img).toHaveAttribute('height', '300');
    await waitFor(() => expect(document.title).toBe('Экскурсии с местными гидами — Excursio'));
  });

  it('shows popular excursions, top sights, fresh reviews and the blog teaser', async () => {
    jest.spyOn(excursionsApi, 'popularExcursions').mockResolvedValue(ok([excursionCard({ id: 7, slug: 'kreml', title: 'Кремль изнутри', price: 2500 })]));
    jest.spyOn(sightsApi, 'popularSights').mockResolvedValue(ok([sightCard({ id: 3, slug: 'ermitazh', name: 'Эрмитаж' })]));
    jest.spyOn(reviewsApi, 'freshReviews').mockResolvedValue(ok([review({ id: 1, text: 'Лучший день поездки' })]));
    jest.spyOn(contentApi, 'blog').mockResolvedValue(
      ok(page([{ id: 1, slug: 'kuda-poehat', title: 'Куда поехать весной', excerpt: '…', cover_url: '/c.svg', published_at: '2026-02-01T00:00:00Z' }])),
    );
    renderRoute('/');

    const excursions = await screen.findByRole('region', { name: 'Популярные экскурсии' });
    const card = within(excursions).getByRole('link', { name: 'Кремль изнутри' });
    expect(card).toHaveAttribute('href', '/excursion/moskva/moskva/kreml');
    expect(within(excursions).getByText(priceText(2500))).toBeInTheDocument();
    const sights = await screen.findByRole('region', { name: 'Главные достопримечательности' });
    expect(within(sights).getByRole('link', { name: /Эрмитаж/ })).toHaveAttribute('href', '/excursion/sight/ermitazh');
    const reviews = await screen.findByRole('region', { name: 'Свежие отзывы' });
    expect(within(reviews).getByText('Лучший день поездки')).toBeInTheDocument();
    expect(within(reviews).getByRole('link', { name: 'Кремль изнутри' })).toHaveAttribute('href', '/excursion/moskva/moskva/kreml');
    const blog = await screen.findByRole('region', { name: 'Блог о путешествиях' });
    expect(within(blog).getByRole('link', { name: /Куда поехать весной/ })).toHaveAttribute('href', '/blog/kuda-poehat');
  });

  it('loads every block with the page, in parallel (so the server renders them into its HTML)', async () => {
    const started: string[] = [];
    const later = <T,>(name: string, value: T) => () => {
      started.push(name);
      return new Promise<T>((resolve) => setTimeout(() => resolve(value), 20));
    };
    jest.spyOn(geoApi, 'cities').mockImplementation(later('cities', citiesAnswer([city({ id: 1, slug: 'kazan', name: 'Казань' })])));
    jest.spyOn(excursionsApi, 'popularExcursions').mockImplementation(later('excursions', ok([excursionCard({ id: 7, slug: 'kreml', title: 'Казанский кремль' })])));
    renderRoute('/');
    // nothing of the page shows until every block is there: no section appears later and moves the page
    expect(await screen.findByRole('heading', { level: 1 })).toBeInTheDocument();
    expect(started.sort()).toEqual(['cities', 'excursions']);
    expect(screen.getByRole('region', { name: 'Популярные города' })).toHaveTextContent('Казань');
    expect(screen.getByRole('region', { name: 'Популярные экскурсии' })).toHaveTextContent('Казанский кремль');
  });

  it('hides a section, without a message, when its call fails', async () => {
    const cities = jest.spyOn(geoApi, 'cities').mockRejectedValue(new Error('down'));
    jest.spyOn(excursionsApi, 'popularExcursions').mockRejectedValue(new Error('down'));
    renderRoute('/');
    expect(await screen.findByRole('heading', { level: 1 })).toBeInTheDocument();
    await waitFor(() => expect(cities).toHaveBeenCalled());
    await waitFor(() => expect(screen.queryByText('Популярные города')).not.toBeInTheDocument());
    expect(screen.queryByText('Популярные экскурсии')).not.toBeInTheDocument();
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });
});
