import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, data, RouterProvider } from 'react-router';
import { ERROR_PAGE_HINT } from './ErrorPage';
import { isCrawler } from './isCrawler.mjs';
import { RouteErrorScreen } from './RouteErrorScreen';

const CHROME_UA = 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0 Safari/537.36';
const GOOGLEBOT_UA = 'Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)';

function renderError(thrown: () => never, userAgent = CHROME_UA, at = '/broken') {
  const Frame = ({ children }: { children: React.ReactNode }) => <div data-testid="frame">{children}</div>;
  const router = createMemoryRouter(
    [
      { path: '/', element: <h1>Главная</h1> },
      { path: '/broken', loader: thrown, element: null, HydrateFallback: () => null, ErrorBoundary: () => <RouteErrorScreen Frame={Frame} userAgent={userAgent} /> },
    ],
    { initialEntries: [at] },
  );
  render(<RouterProvider router={router} />);
  return { router };
}

const notFound = (): never => {
  throw data('Page not found', { status: 404 });
};

describe('error page', () => {
  beforeEach(() => jest.spyOn(console, 'error').mockImplementation(() => undefined));
  afterEach(() => jest.restoreAllMocks());

  it('shows the status, the message, the hint and both ways out inside the site frame', async () => {
    renderError(notFound);
    expect(await screen.findByText('404')).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent('Page not found');
    expect(screen.getByText('Неправильно набран адрес или такой страницы не существует.')).toBeInTheDocument();
    expect(ERROR_PAGE_HINT).toBe('Неправильно набран адрес или такой страницы не существует.');
    expect(screen.getByRole('link', { name: 'Вернуться на главную' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Перезагрузить страницу' })).toBeInTheDocument();
    expect(screen.getByTestId('frame')).toContainElement(screen.getByText('404'));
  });

  // links, not buttons with handlers: on a server-rendered page they work before (and without) its scripts
  it('offers home and this same address again as real links', async () => {
    renderError(notFound, CHROME_UA, '/broken?page=2');
    expect(await screen.findByRole('link', { name: 'Вернуться на главную' })).toHaveAttribute('href', '/');
    expect(screen.getByRole('link', { name: 'Перезагрузить страницу' })).toHaveAttribute('href', '/broken?page=2');
    expect(screen.queryByRole('button')).not.toBeInTheDocument();
  });

  it('goes home inside the app once scripts run', async () => {
    const { router } = renderError(notFound);
    await userEvent.click(await screen.findByRole('link', { name: 'Вернуться на главную' }));
    expect(await screen.findByRole('heading', { name: 'Главная' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/');
  });

  it('shows a status message (statusText) when the error has no message', async () => {
    renderError(() => {
      throw new Response(null, { status: 403, statusText: 'Forbidden' });
    });
    expect(await screen.findByText('403')).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent('Forbidden');
  });

  it('shows an unexpected error as 500 with its message, without the frame', async () => {
    renderError(() => {
      throw new Error('Что-то сломалось');
    });
    expect(await screen.findByText('500')).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent('Что-то сломалось');
    expect(screen.queryByTestId('frame')).not.toBeInTheDocument();
  });

  it('gives crawlers a bare status text with robots noindex instead of the page', async () => {
    renderError(notFound, GOOGLEBOT_UA);
    expect(await screen.findByText('404 Page not found')).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Вернуться на главную' })).not.toBeInTheDocument();
    expect(screen.queryByTestId('frame')).not.toBeInTheDocument();
    expect(document.head.querySelector('meta[name="robots"]')).toHaveAttribute('content', 'noindex');
  });
});

describe('isCrawler', () => {
  it.each([
    GOOGLEBOT_UA,
    'Mozilla/5.0 (compatible; YandexBot/3.0; +http://yandex.com/bots)',
    'Mozilla/5.0 (compatible; bingbot/2.0; +http://www.bing.com/bingbot.htm)',
    'Mozilla/5.0 (compatible; Baiduspider/2.0; +http://www.baidu.com/search/spider.html)',
    'DuckDuckBot/1.1; (+http://duckduckgo.com/duckduckbot.html)',
    'facebookexternalhit/1.1 (+http://www.facebook.com/externalhit_uatext.php)',
  ])('recognises %s', (ua) => expect(isCrawler(ua)).toBe(true));

  it.each([
    CHROME_UA,
    'Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.0 Mobile/15E148 Safari/604.1',
    'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/120.0 YaBrowser/24.1 Safari/537.36',
  ])('lets people through: %s', (ua) => expect(isCrawler(ua)).toBe(false));
});
