import { screen, waitFor } from '@testing-library/react';
import { renderPage, signInAs } from '../../testing/render';

describe('notifications page', () => {
  it.each(['/account/user/notification', '/account/partner/notification', '/account/user/notificationold'])(
    '%s is titled «Уведомления» with the empty state',
    async (url) => {
      signInAs(url.includes('partner') ? 'partner' : 'client');
      renderPage(url);
      expect(await screen.findByRole('heading', { level: 1, name: 'Уведомления' })).toBeInTheDocument();
      expect(screen.getByText('Новых уведомлений нет')).toBeInTheDocument();
      expect(screen.getByRole('switch', { name: 'Только непрочитанные' })).toBeInTheDocument();
      await waitFor(() => expect(document.title).toBe('Уведомления — Excursio'));
    },
  );

  it('describes the partner area on partner addresses', async () => {
    signInAs('partner');
    renderPage('/account/partner/notification');
    await screen.findByRole('heading', { level: 1 });
    expect(document.querySelector('meta[name="description"]')).toHaveAttribute(
      'content',
      'Уведомления кабинета партнёра Excursio.',
    );
  });
});
