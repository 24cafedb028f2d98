import { act, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router';
import type { Profile } from '@excursio/shared';
import { FOOTER_DOCS, SiteFooter } from './SiteFooter';
import { SiteHeader, type HeaderSession, type HeaderUnread } from './SiteHeader';
import { fakeStore } from '../../test/fakes';

const anna: Profile = { id: 1, name: 'Анна Смирнова', phone: '79990000001', user_type: 'client', avatar_path: null };

function renderHeader(state: Omit<HeaderSession, 'subscribe' | 'getVersion'> | HeaderSession, unread?: HeaderUnread) {
  const session = 'subscribe' in state ? state : fakeStore(state);
  const onSignIn = jest.fn();
  const onOpenProfile = jest.fn();
  const onToggleNotifications = jest.fn();
  render(
    <MemoryRouter>
      <SiteHeader session={session} onSignIn={onSignIn} onOpenProfile={onOpenProfile} onToggleNotifications={onToggleNotifications} unread={unread} />
    </MemoryRouter>,
  );
  return { onSignIn, onOpenProfile, onToggleNotifications };
}

describe('SiteHeader', () => {
  it('has the logo and the main links', () => {
    renderHeader({ profile: null, restored: true });
    expect(screen.getByRole('link', { name: /Excursio/ })).toHaveAttribute('href', '/');
    const nav = screen.getByRole('navigation', { name: 'Основное меню' });
    expect(within(nav).getByRole('link', { name: 'Экскурсии' })).toHaveAttribute('href', '/excursion');
    expect(within(nav).getByRole('link', { name: 'Города' })).toHaveAttribute('href', '/excursion/cities');
  });

  it('offers «Войти» to a visitor, and no bell', async () => {
    const { onSignIn } = renderHeader({ profile: null, restored: true });
    await userEvent.click(screen.getByRole('button', { name: 'Войти' }));
    expect(onSignIn).toHaveBeenCalledTimes(1);
    expect(screen.queryByRole('button', { name: 'Уведомления' })).not.toBeInTheDocument();
  });

  it('shows neither «Войти» nor the account while the session is being restored', () => {
    renderHeader({ profile: null, restored: false });
    expect(screen.queryByRole('button', { name: 'Войти' })).not.toBeInTheDocument();
  });

  it('shows the account entry and the bell when signed in, and follows the session', async () => {
    const session = fakeStore({ profile: anna as Profile | null, restored: true });
    const { onToggleNotifications, onOpenProfile } = renderHeader(session);
    const entry = screen.getByRole('button', { name: 'Профиль: Анна Смирнова' });
    expect(entry).toHaveAttribute('aria-haspopup', 'dialog');
    await userEvent.click(entry);
    expect(onOpenProfile).toHaveBeenCalledTimes(1);
    await userEvent.click(screen.getByRole('button', { name: 'Уведомления' }));
    expect(onToggleNotifications).toHaveBeenCalledTimes(1);

    act(() => session.update({ profile: { ...anna, name: 'Михаил Орлов', user_type: 'partner' } }));
    expect(await screen.findByRole('button', { name: 'Профиль: Михаил Орлов' })).toBeInTheDocument();
    act(() => session.update({ profile: null }));
    expect(await screen.findByRole('button', { name: 'Войти' })).toBeInTheDocument();
  });

  it('shows the unread count on the bell, live, in its name too', () => {
    const unread = fakeStore({ count: 0 });
    renderHeader({ profile: anna, restored: true }, unread);
    expect(screen.getByRole('button', { name: 'Уведомления' })).toBeInTheDocument();
    act(() => unread.update({ count: 3 }));
    const bell = screen.getByRole('button', { name: 'Уведомления, 3 непрочитанных' });
    expect(bell).toHaveTextContent('3');
    act(() => unread.update({ count: 120 }));
    expect(screen.getByRole('button', { name: 'Уведомления, 120 непрочитанных' })).toHaveTextContent('99+');
  });

  it('opens and closes the burger menu', async () => {
    renderHeader({ profile: null, restored: true });
    const burger = screen.getByRole('button', { name: 'Меню' });
    expect(burger).toHaveAttribute('aria-expanded', 'false');
    await userEvent.click(burger);
    expect(burger).toHaveAttribute('aria-expanded', 'true');
    expect(screen.getByRole('navigation', { name: 'Основное меню' })).toHaveClass('sh-header__nav--open');
  });
});

describe('SiteFooter', () => {
  it('links all nine documents and the blog, with the year', () => {
    render(
      <MemoryRouter>
        <SiteFooter now={new Date('2026-05-01T12:00:00Z')} />
      </MemoryRouter>,
    );
    const nav = screen.getByRole('navigation', { name: 'Документы и блог' });
    const links = within(nav).getAllByRole('link').map((link) => [link.textContent, link.getAttribute('href')]);
    expect(links).toEqual([
      ['Помощь', '/docs/help'],
      ['Условия использования', '/docs/terms'],
      ['Оферта', '/docs/oferta'],
      ['Оплата', '/docs/plateji'],
      ['Политика конфиденциальности', '/docs/privacy'],
      ['Возврат', '/docs/vozvrat'],
      ['Статьи', '/docs/articles'],
      ['Юридическая информация', '/docs/legal-info'],
      ['Соглашение гида и путешественника', '/docs/agreement-guide-user'],
      ['Блог', '/blog'],
    ]);
    expect(FOOTER_DOCS).toHaveLength(9);
    expect(screen.getByText('© Excursio, 2026')).toBeInTheDocument();
  });
});
