import { AccountPage, EmptyState } from '../page/AccountPage';

/** /account/user/ticket */
export function TicketsPage() {
  return (
    <AccountPage heading="Билеты">
      <EmptyState>Здесь появятся билеты на оплаченные экскурсии.</EmptyState>
    </AccountPage>
  );
}
