import { AccountPage, EmptyState } from '../../components/AccountPage';

/** /account/partner/static */
export function StatisticsPage() {
  return (
    <AccountPage heading="Статистика">
      <EmptyState>Здесь появится статистика заказов и просмотров ваших экскурсий.</EmptyState>
    </AccountPage>
  );
}
