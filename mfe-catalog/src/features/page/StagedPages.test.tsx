import { screen, waitFor, within } from '@testing-library/react';
import { api } from '@excursio/shared';
import { citiesAnswer, city, renderRoute } from '../../testing/renderRoute';
import { resetCityDirectory } from '../directory/cityDirectory';

beforeEach(() => {
  resetCityDirectory();
  jest.spyOn(api, 'cities').mockResolvedValue(
    citiesAnswer([city({ id: 1, slug: 'kazan', name: 'Казань', region_slug: 'tatarstan', region_name: 'Татарстан' })]),
  );
});
afterEach(() => jest.restoreAllMocks());

async function heading() {
  return (await screen.findByRole('heading', { level: 1 })).textContent;
}

describe('public pages of this issue', () => {
  it.each([
    ['/docs/oferta', 'Оферта и пользовательское соглашение'],
    ['/docs/agreement-guide-user', 'Соглашение между гидом и путешественником'],
    ['/docs/plateji', 'Оплата'],
    ['/blog', 'Блог'],
    ['/excursion', 'Экскурсии'],
    ['/excursion/sight/moskva/bolshoy-teatr', 'Bolshoy teatr'],
    ['/excursion/reviews/kazan', 'Отзывы: Kazan'],
    ['/country/rossiya', 'Rossiya'],
  ])('%s is titled «%s»', async (url, title) => {
    renderRoute(url);
    expect(await heading()).toBe(title);
    await waitFor(() => expect(document.title).toBe(`${title} — Excursio`));
  });

  it('titles a guide page as the guide', async () => {
    renderRoute('/excursion/guides/ivan-petrov');
    expect(await heading()).toBe('Ivan petrov');
    await waitFor(() => expect(document.title).toBe('Гид Ivan petrov — Excursio'));
  });

  it('names a city from the api and links the breadcrumbs up', async () => {
    renderRoute('/excursion/tatarstan/kazan');
    await waitFor(() => expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent('Казань'));
    const crumbs = screen.getByRole('navigation', { name: 'Навигационная цепочка' });
    expect(within(crumbs).getByRole('link', { name: 'Татарстан' })).toHaveAttribute('href', '/excursion/tatarstan');
    expect(within(crumbs).getByRole('link', { name: 'Главная' })).toHaveAttribute('href', '/');
    expect(within(crumbs).getByText('Казань')).toHaveAttribute('aria-current', 'page');
  });

  it('lists the cities of a region on its page', async () => {
    renderRoute('/excursion/tatarstan');
    await waitFor(() => expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent('Татарстан'));
    expect(screen.getByRole('link', { name: 'Казань' })).toHaveAttribute('href', '/excursion/tatarstan/kazan');
  });

  it('derives the heading from the slug when the api does not know the place', async () => {
    renderRoute('/excursion/tatarstan/elabuga/progulka-po-naberezhnoy/order');
    expect(await heading()).toBe('Оформление заказа');
    const crumbs = screen.getByRole('navigation', { name: 'Навигационная цепочка' });
    await waitFor(() => expect(within(crumbs).getByRole('link', { name: 'Татарстан' })).toBeInTheDocument());
    expect(within(crumbs).getByRole('link', { name: 'Elabuga' })).toHaveAttribute('href', '/excursion/tatarstan/elabuga');
    expect(within(crumbs).getByRole('link', { name: 'Progulka po naberezhnoy' })).toHaveAttribute(
      'href',
      '/excursion/tatarstan/elabuga/progulka-po-naberezhnoy',
    );
  });

  it('shows the tag page as the city screen with the tag named', async () => {
    renderRoute('/excursion/tatarstan/kazan/tags/s-detmi');
    expect(await heading()).toBe('S detmi');
    await waitFor(() => expect(document.title).toBe('S detmi: Казань — Excursio'));
  });
});
