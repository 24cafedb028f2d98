import { Link, useParams } from '@excursio/shared/router';
import { AccountPage } from '../../components/AccountPage';

/** /account/partner/order/:id — the partner's view of an order. */
export function PartnerOrderPage() {
  const { id = '' } = useParams();
  return (
    <AccountPage heading={`Заказ №${id}`}>
      <Link to="/account/partner/calendar" className="pa-page__link">
        Календарь
      </Link>
    </AccountPage>
  );
}
