import { AccountPage as Frame, type AccountPageProps } from '@excursio/shared/ui';

export { EmptyState } from '@excursio/shared/ui';

/** Frame of a customer account page: the shared account frame with the customer account's description. */
export function AccountPage(props: Omit<AccountPageProps, 'description'>) {
  return <Frame {...props} description="Личный кабинет путешественника на Excursio." />;
}
