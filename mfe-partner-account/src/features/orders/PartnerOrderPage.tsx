import { Link, useParams } from '@excursio/shared/router';
import { widgets } from '@excursio/shared';
import { AccountPage } from '../../components/AccountPage';

/** /account/partner/order/:id — the partner's view of an order: for now its conversation with the customer. */
export function PartnerOrderPage() {
  const { id = '' } = useParams();
  const OrderChat = widgets.get('OrderChat');
  return (
    <AccountPage heading={`Заказ №${id}`}>
      <Link to="/account/partner/calendar" className="pa-page__link">
        Календарь
      </Link>
      {OrderChat && (
        <section className="pa-page__section" aria-labelledby="pa-order-chat">
          <h2 id="pa-order-chat" className="pa-page__subtitle">
            Чат с путешественником
          </h2>
          <OrderChat orderId={Number(id)} userType="partner" />
        </section>
      )}
    </AccountPage>
  );
}
