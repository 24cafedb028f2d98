import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { bus, session } from '@excursio/shared';
import { fakeApi, ok } from '../testing/fakeApi';
import { dashboard } from '../testing/fixtures';
import { ADMIN_ME, meRoute, renderBackoffice, signInStaff } from '../testing/renderBackoffice';

beforeEach(() => signInStaff());
afterEach(() => jest.restoreAllMocks());

describe('back-office layout', () => {
  it('names who works and in which role, and links every section', async () => {
    fakeApi({ ...meRoute(ADMIN_ME), 'GET /api/staff/dashboard': () => ok(dashboard()) });
    renderBackoffice('/backoffice');
    expect(await screen.findByText('Игорь Смирнов, администратор')).toBeInTheDocument();
    const nav = screen.getByRole('navigation', { name: 'Разделы бэк-офиса' });
    expect(within(nav).getAllByRole('link').map((a) => a.getAttribute('href'))).toEqual([
      '/backoffice',
      '/backoffice/moderation',
      '/backoffice/support',
      '/backoffice/orders',
      '/backoffice/accounts',
      '/backoffice/reviews',
      '/backoffice/content',
      '/backoffice/synonyms',
      '/backoffice/audit',
      '/backoffice/outbox',
      '/backoffice/releases',
    ]);
  });

  it('shows the releases section to admins only', async () => {
    fakeApi({ ...meRoute(), 'GET /api/staff/dashboard': () => ok(dashboard()) });
    renderBackoffice('/backoffice');
    expect(await screen.findByText('Ольга Петрова, сотрудник')).toBeInTheDocument();
    const nav = screen.getByRole('navigation', { name: 'Разделы бэк-офиса' });
    expect(within(nav).getByRole('link', { name: 'Очередь сообщений' })).toBeInTheDocument();
    expect(within(nav).queryByRole('link', { name: 'Выпуски' })).not.toBeInTheDocument();
  });

  it('signs out after leaving the area, so the shell never shows its 404 for the page left', async () => {
    fakeApi({ ...meRoute(), 'GET /api/staff/dashboard': () => ok(dashboard()), 'POST /api/sso/auth/logout': () => ({ status: true }) });
    const signedOut = jest.fn();
    bus.on('auth:signed-out', signedOut);
    const { router } = renderBackoffice('/backoffice');
    fireEvent.click(await screen.findByRole('button', { name: 'Выйти' }));
    await waitFor(() => expect(signedOut).toHaveBeenCalled());
    expect(router.state.location.pathname).toBe('/');
    expect(session.token).toBeNull();
    bus.off('auth:signed-out', signedOut);
  });
});
