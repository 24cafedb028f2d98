import { AccountPage as Frame, type AccountPageProps } from '@excursio/shared/ui';
import './account-page.css';

export { EmptyState } from '@excursio/shared/ui';

/** Frame of a partner account page: the shared account frame with the partner account's description. */
export function AccountPage(props: Omit<AccountPageProps, 'description'>) {
  return <Frame {...props} description="Личный кабинет партнёра на Excursio." />;
}
