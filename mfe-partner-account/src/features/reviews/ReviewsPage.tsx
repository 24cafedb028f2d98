import { AccountPage, EmptyState } from '../../components/AccountPage';

/** /account/partner/reviews (account-sub layout) */
export function ReviewsPage() {
  return (
    <AccountPage heading="Отзывы">
      <EmptyState>Здесь появятся отзывы путешественников о ваших экскурсиях.</EmptyState>
    </AccountPage>
  );
}
