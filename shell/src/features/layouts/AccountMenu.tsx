import { useEffect, useRef, useState } from 'react';
import { NavLink, useLocation, useNavigate } from '@excursio/shared/router';
import { ACCOUNT_MENUS, AREA_TITLES } from './accountMenus';
import type { AccountArea } from './selectLayout';

export interface AccountMenuProps {
  area: AccountArea;
  /** Forget the session; the menu then goes to '/'. */
  onSignOut: () => Promise<void>;
}

/** The side menu of an account area, with «Выйти». */
export function AccountMenu({ area, onSignOut }: AccountMenuProps) {
  const navigate = useNavigate();
  const [leaving, setLeaving] = useState(false);
  const home = ACCOUNT_MENUS[area][0]?.to;
  const navRef = useRef<HTMLElement>(null);
  const { pathname } = useLocation();

  // When the menu is a scrolling row of tabs (narrow screens), keep the current tab in view.
  useEffect(() => {
    const nav = navRef.current;
    const active = nav?.querySelector<HTMLElement>('.active');
    if (!nav || !active || nav.scrollWidth <= nav.clientWidth) return;
    nav.scrollLeft = active.offsetLeft - (nav.clientWidth - active.offsetWidth) / 2;
  }, [pathname]);

  const signOut = async () => {
    setLeaving(true);
    try {
      await onSignOut();
    } finally {
      setLeaving(false);
    }
    await navigate('/');
  };

  return (
    <nav ref={navRef} className="sh-account-menu" aria-label={AREA_TITLES[area]}>
      <ul className="sh-account-menu__list">
        {ACCOUNT_MENUS[area].map((item) => (
          <li key={item.to}>
            <NavLink className="sh-account-menu__link" to={item.to} end={item.to === home}>
              {item.label}
            </NavLink>
          </li>
        ))}
      </ul>
      <button type="button" className="sh-account-menu__signout" onClick={signOut} disabled={leaving}>
        Выйти
      </button>
    </nav>
  );
}
