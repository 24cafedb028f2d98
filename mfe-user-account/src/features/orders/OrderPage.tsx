import { Link, useParams } from 'react-router';
import { AccountPage } from '../page/AccountPage';

/** /account/user/:orderId — the customer's order (the route validates the id). */
export function OrderPage() {
  const { orderId = '' } = useParams();
  return (
    <AccountPage heading={`Заказ №${orderId}`}>
      <Link to="/account/user/ticket" className="ua-page__link">
        Все билеты
      </Link>
    </AccountPage>
  );
}
