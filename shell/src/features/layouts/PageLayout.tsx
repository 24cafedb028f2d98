import type { ReactNode } from 'react';
import { Link } from '@excursio/shared/router';
import type { LayoutName } from '@excursio/shared';
import { AccountMenu } from './AccountMenu';
import { ACCOUNT_MENUS } from './accountMenus';
import type { AccountArea } from './selectLayout';
import './layouts.css';

export interface PageLayoutProps {
  layout: LayoutName;
  area: AccountArea;
  onSignOut: () => Promise<void>;
  children: ReactNode;
}

/**
 * The inside of <main> for each layout (the header and footer are the site frame's):
 * default — the page as is; account — side menu + content; account-sub — the same with a back link to the
 * area's main page; account-notification — the menu as a row of tabs, the list using the full width; backoffice — the
 * page as is, its remote's own layout inside.
 */
export function PageLayout({ layout, area, onSignOut, children }: PageLayoutProps) {
  if (layout === 'default') return <div className="sh-page" data-layout="default">{children}</div>;
  // the staff area draws its own navigation (the shell carries none of it)
  if (layout === 'backoffice') return <div className="sh-page sh-page--wide" data-layout="backoffice">{children}</div>;
  const home = ACCOUNT_MENUS[area][0]?.to ?? '/';
  return (
    <div className={`sh-account sh-account--${layout} sh-container`} data-layout={layout}>
      <div className="sh-account__menu">
        <AccountMenu area={area} onSignOut={onSignOut} />
      </div>
      <div className="sh-account__content">
        {layout === 'account-sub' && (
          <Link className="sh-account__back" to={home}>
            ← Назад в кабинет
          </Link>
        )}
        {children}
      </div>
    </div>
  );
}
