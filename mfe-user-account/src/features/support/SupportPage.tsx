import { AccountPage, EmptyState } from '../../components/AccountPage';

/** /account/user/support */
export function SupportPage() {
  return (
    <AccountPage heading="Поддержка">
      <EmptyState>Здесь появятся ваши обращения в поддержку и ответы на них.</EmptyState>
    </AccountPage>
  );
}
