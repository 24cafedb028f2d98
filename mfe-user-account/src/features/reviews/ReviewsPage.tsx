import { AccountPage, EmptyState } from '../../components/AccountPage';

/** /account/user/reviews (account-sub layout) */
export function ReviewsPage() {
  return (
    <AccountPage heading="Отзывы">
      <EmptyState>Здесь появятся ваши отзывы о прошедших экскурсиях.</EmptyState>
    </AccountPage>
  );
}
