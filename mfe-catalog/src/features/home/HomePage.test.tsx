import { screen, waitFor, within } from '@testing-library/react';
import type { HomeData } from '@excursio/shared';
import { excursionCard, ok, review, sightCard } from '../../testing/fixtures';
import { city, renderRoute } from '../../testing/renderRoute';
import { priceText } from '../../testing/text';
import { homeCalls } from './homeLoader';

const EMPTY: HomeData = { cities: [], excursions: [], sights: [], reviews: [], posts: [] };
/** The index page's one call answering `blocks` (the others empty). */
const home = (blocks: Partial<HomeData>) => jest.spyOn(homeCalls, 'home').mockResolvedValue(ok({ ...EMPTY, ...blocks }));

beforeEach(() => home({}));
afterEach(() => jest.restoreAllMocks());

describe('index page', () => {
  it('shows the hero with the search and the popular cities from the api', async () => {
    const calls = home({
      cities: [
        city({ id: 1, slug: 'moskva', name: 'Москва', excursions_count: 21 }),
        city({ id: 2, slug: 'kazan', name: 'Казань', region_slug: 'tatarstan', region_name: 'Татарстан', excursions_count: 3 }),
        city({ id: 3, slug: 'sochi', name: 'Сочи', region_slug: 'krasnodarskiy-kray', region_name: 'Краснодарский край', excursions_count: 11 }),
      ],
    });
    renderRoute('/');

    expect(await screen.findByRole('heading', { level: 1, name: 'Экскурсии с местными гидами' })).toBeInTheDocument();
    expect(screen.getByRole('search')).toContainElement(screen.getByRole('combobox', { name: 'Город или экскурсия' }));
    const section = await screen.findByRole('region', { name: 'Популярные города' });
    const kazan = await within(section).findByRole('link', { name: /Казань/ });
    expect(calls).toHaveBeenCalledTimes(1);
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
    home({
      excursions: [excursionCard({ id: 7, slug: 'kreml', title: 'Кремль изнутри', price: 2500 })],
      sights: [sightCard({ id: 3, slug: 'ermitazh', name: 'Эрмитаж' })],
      reviews: [review({ id: 1, text: 'Лучший день поездки' })],
      posts: [{ id: 1, slug: 'kuda-poehat', title: 'Куда поехать весной', excerpt: '…', cover_url: '/c.svg', published_at: '2026-02-01T00:00:00Z' }],
    });
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

  it('loads every block with the page in one call (so the server renders them into its HTML)', async () => {
    let answer!: () => void;
    const calls = jest.spyOn(homeCalls, 'home').mockImplementation(
      () => new Promise((resolve) => (answer = () => resolve(ok({ ...EMPTY, cities: [city({ id: 1, slug: 'kazan', name: 'Казань' })], excursions: [excursionCard({ id: 7, slug: 'kreml', title: 'Казанский кремль' })] })))),
    );
    renderRoute('/');
    await waitFor(() => expect(calls).toHaveBeenCalledTimes(1));
    // nothing of the page shows until every block is there: no section appears later and moves the page
    expect(screen.queryByRole('heading', { level: 1 })).not.toBeInTheDocument();
    answer();
    expect(await screen.findByRole('heading', { level: 1 })).toBeInTheDocument();
    expect(screen.getByRole('region', { name: 'Популярные города' })).toHaveTextContent('Казань');
    expect(screen.getByRole('region', { name: 'Популярные экскурсии' })).toHaveTextContent('Казанский кремль');
    expect(calls).toHaveBeenCalledTimes(1);
  });

  it('hides the sections, without a message, when the call fails', async () => {
    const calls = jest.spyOn(homeCalls, 'home').mockRejectedValue(new Error('down'));
    renderRoute('/');
    expect(await screen.findByRole('heading', { level: 1 })).toBeInTheDocument();
    expect(calls).toHaveBeenCalled();
    await waitFor(() => expect(screen.queryByText('Популярные города')).not.toBeInTheDocument());
    expect(screen.queryByText('Популярные экскурсии')).not.toBeInTheDocument();
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });
});
