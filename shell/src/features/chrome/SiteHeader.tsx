import { useEffect, useId, useState } from 'react';
import { Link, NavLink, useLocation } from '@excursio/shared/router';
import { useStore, type Profile, type Subscribable } from '@excursio/shared';
import { BellIcon, MenuIcon } from './icons';
import { bellLabel } from './UnreadStore';
import { unchanging } from '../../ui/unchanging';
import './SiteHeader.css';

export interface HeaderSession extends Subscribable {
  readonly profile: Profile | null;
  /** false while the stored token is still being checked. */
  readonly restored: boolean;
}

export interface HeaderUnread extends Subscribable {
  readonly count: number;
}

export interface SiteHeaderProps {
  session: HeaderSession;
  onSignIn: () => void;
  /** The name and avatar open the profile modal (a quick view and edit; the account is one link away there). */
  onOpenProfile: () => void;
  onToggleNotifications: () => void;
  /** Unread notifications for the bell's badge (none until mfe-notifications reports). */
  unread?: HeaderUnread;
}

const NAV = [
  { label: 'Экскурсии', to: '/excursion', end: true },
  { label: 'Города', to: '/excursion/cities', end: false },
];

function AccountEntry({ profile, onOpen }: { profile: Profile; onOpen: () => void }) {
  const initial = profile.name.trim().charAt(0).toUpperCase() || '•';
  return (
    <button type="button" className="sh-header__account" aria-haspopup="dialog" aria-label={`Профиль: ${profile.name}`} onClick={onOpen}>
      {profile.avatar_path ? (
        <img className="sh-header__avatar sh-header__avatar--photo" src={profile.avatar_path} alt="" width={32} height={32} />
      ) : (
        <span className="sh-header__avatar" aria-hidden="true">
          {initial}
        </span>
      )}
      <span className="sh-header__name" aria-hidden="true">
        {profile.name || 'Кабинет'}
      </span>
    </button>
  );
}

/** No unread count (nothing reports one): a store that never changes. */
const NO_UNREAD: HeaderUnread = unchanging({ count: 0 });

/** The site header: logo, main links, sign-in or account entry, notifications bell; a burger below 720 px. */
export function SiteHeader({ session, onSignIn, onOpenProfile, onToggleNotifications, unread = NO_UNREAD }: SiteHeaderProps) {
  useStore(session);
  useStore(unread);
  const [menuOpen, setMenuOpen] = useState(false);
  const { pathname } = useLocation();
  const navId = useId();
  const profile = session.profile;
  useEffect(() => setMenuOpen(false), [pathname]);

  return (
    <header className="sh-header">
      <div className="sh-header__inner sh-container">
        <Link className="sh-header__logo" to="/" aria-label="Excursio — на главную">
          Excursio
        </Link>
        <nav id={navId} className={`sh-header__nav${menuOpen ? ' sh-header__nav--open' : ''}`} aria-label="Основное меню">
          {NAV.map((item) => (
            <NavLink key={item.to} className="sh-header__link" to={item.to} end={item.end}>
              {item.label}
            </NavLink>
          ))}
        </nav>
        <div className="sh-header__actions">
          {profile && (
            <button type="button" className="sh-icon-button sh-header__bell" aria-label={bellLabel(unread.count)} onClick={onToggleNotifications}>
              <BellIcon />
              {unread.count > 0 && (
                <span className="sh-header__badge" aria-hidden="true">
                  {unread.count > 99 ? '99+' : unread.count}
                </span>
              )}
            </button>
          )}
          {profile ? (
            <AccountEntry profile={profile} onOpen={onOpenProfile} />
          ) : session.restored ? (
            <button type="button" className="sh-button sh-button--primary sh-header__signin" onClick={onSignIn}>
              Войти
            </button>
          ) : (
            <span className="sh-header__pending" aria-hidden="true" />
          )}
          <button
            type="button"
            className="sh-icon-button sh-header__burger"
            aria-label="Меню"
            aria-expanded={menuOpen}
            aria-controls={navId}
            onClick={() => setMenuOpen((open) => !open)}
          >
            <MenuIcon />
          </button>
        </div>
      </div>
    </header>
  );
}
