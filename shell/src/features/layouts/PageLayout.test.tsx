import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider, type UIMatch } from 'react-router';
import type { LayoutName } from '@excursio/shared';
import { PageLayout } from './PageLayout';
import { areaOfPath, selectLayout } from './selectLayout';

const match = (handle: unknown) => ({ id: 'x', pathname: '/', params: {}, data: undefined, loaderData: undefined, handle }) as UIMatch;

describe('selectLayout', () => {
  it('takes the deepest match that names a layout', () => {
    expect(selectLayout([match(undefined), match({ layout: 'account' }), match({ layout: 'account-sub' })])).toBe('account-sub');
    expect(selectLayout([match({ layout: 'account-notification' }), match({ other: 1 })])).toBe('account-notification');
  });

  it('falls back to default when none (or an unknown one) is named', () => {
    expect(selectLayout([])).toBe('default');
    expect(selectLayout([match(undefined), match({ layout: 'fancy' })])).toBe('default');
  });
});

describe('areaOfPath', () => {
  it('tells the partner area by its prefix', () => {
    expect(areaOfPath('/account/partner/calendar')).toBe('partner');
    expect(areaOfPath('/account/partner')).toBe('partner');
    expect(areaOfPath('/account/user/ticket')).toBe('user');
    expect(areaOfPath('/account/partnership')).toBe('user');
  });
});

function renderLayout(layout: LayoutName, path: string, onSignOut = jest.fn(async () => undefined)) {
  const area = areaOfPath(path);
  const router = createMemoryRouter(
    [
      { path: '/', element: <h1>Главная сайта</h1> },
      {
        path: '/account/*',
        element: (
          <PageLayout layout={layout} area={area} onSignOut={onSignOut}>
            <h1>Страница</h1>
          </PageLayout>
        ),
      },
    ],
    { initialEntries: [path] },
  );
  render(<RouterProvider router={router} />);
  return { router, onSignOut };
}

describe('PageLayout', () => {
  it('default: the page alone, no account menu', () => {
    renderLayout('default', '/account/user');
    expect(screen.getByRole('heading', { name: 'Страница' })).toBeInTheDocument();
    expect(screen.queryByRole('navigation')).not.toBeInTheDocument();
  });

  it('account (user): the user menu with its seven entries and «Выйти»', () => {
    renderLayout('account', '/account/user/ticket');
    const menu = screen.getByRole('navigation', { name: 'Личный кабинет' });
    const links = within(menu).getAllByRole('link');
    expect(links.map((link) => [link.textContent, link.getAttribute('href')])).toEqual([
      ['Главная', '/account/user'],
      ['Билеты', '/account/user/ticket'],
      ['Избранное', '/account/user/favorite'],
      ['Отзывы', '/account/user/reviews'],
      ['Уведомления', '/account/user/notification'],
      ['Поддержка', '/account/user/support'],
      ['Профиль', '/account/user/profile'],
    ]);
    expect(within(menu).getByRole('link', { name: 'Билеты' })).toHaveClass('active');
    expect(within(menu).getByRole('link', { name: 'Главная' })).not.toHaveClass('active');
    expect(within(menu).getByRole('button', { name: 'Выйти' })).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: /Назад/ })).not.toBeInTheDocument();
  });

  it('account (partner): the partner menu', () => {
    renderLayout('account', '/account/partner');
    const menu = screen.getByRole('navigation', { name: 'Кабинет партнёра' });
    expect(within(menu).getAllByRole('link').map((link) => link.getAttribute('href'))).toEqual([
      '/account/partner',
      '/account/partner/orders',
      '/account/partner/static',
      '/account/partner/calendar',
      '/account/partner/excursions',
      '/account/partner/reviews',
      '/account/partner/notification',
      '/account/partner/support',
      '/account/partner/profile',
    ]);
    expect(within(menu).getByRole('link', { name: 'Статистика' })).toBeInTheDocument();
  });

  it('account-sub: adds a back link to the area main page', () => {
    renderLayout('account-sub', '/account/partner/excursions');
    expect(screen.getByRole('link', { name: '← Назад в кабинет' })).toHaveAttribute('href', '/account/partner');
  });

  it('account-notification: the account layout marked for the full-width list', () => {
    const { container } = render(
      <RouterProvider
        router={createMemoryRouter([
          {
            path: '*',
            element: (
              <PageLayout layout="account-notification" area="user" onSignOut={async () => undefined}>
                <h1>Уведомления</h1>
              </PageLayout>
            ),
          },
        ])}
      />,
    );
    expect(container.querySelector('[data-layout="account-notification"]')).toHaveClass('sh-account--account-notification');
    expect(screen.getByRole('navigation', { name: 'Личный кабинет' })).toBeInTheDocument();
  });

  it('«Выйти» signs out, then goes to /', async () => {
    const { router, onSignOut } = renderLayout('account', '/account/user/profile');
    await userEvent.click(screen.getByRole('button', { name: 'Выйти' }));
    expect(onSignOut).toHaveBeenCalledTimes(1);
    expect(await screen.findByRole('heading', { name: 'Главная сайта' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/');
  });
});
