import { Link } from 'react-router';
import { observer } from 'mobx-react-lite';
import { pluralRu, session } from '@excursio/shared';
import { AccountPage, EmptyState } from '../page/AccountPage';

/** /account/user/favorite: the saved excursions (their ids come with the session). */
export const FavoritesPage = observer(function FavoritesPage() {
  const count = session.favorites.length;
  return (
    <AccountPage heading="Избранное">
      {count === 0 ? (
        <>
          <EmptyState>В избранном пока ничего нет. Отмечайте понравившиеся экскурсии сердечком.</EmptyState>
          <Link to="/excursion" className="ua-page__link">
            Смотреть экскурсии
          </Link>
        </>
      ) : (
        <p>В избранном {pluralRu(count, ['экскурсия', 'экскурсии', 'экскурсий'])}.</p>
      )}
    </AccountPage>
  );
});
