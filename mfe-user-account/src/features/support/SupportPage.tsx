import { widgets } from '@excursio/shared';
import { AccountPage, EmptyState } from '../../components/AccountPage';

/** /account/user/support — the support center of the notifications remote, placed by the shell (widget slot). */
export function SupportPage() {
  const SupportCenter = widgets.get('SupportCenter');
  return (
    <AccountPage heading="Поддержка">
      {SupportCenter ? <SupportCenter userType="client" /> : <EmptyState>Поддержка открывается только на сайте Excursio.</EmptyState>}
    </AccountPage>
  );
}
