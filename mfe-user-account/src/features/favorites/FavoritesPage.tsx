import { Link, useLoaderData } from '@excursio/shared/router';
import { bus, session, useSession, type ExcursionCard } from '@excursio/shared';
import { AccountPage, EmptyState } from '../../components/AccountPage';
import { FavoriteCard } from './FavoriteCard';
import { favoriteCalls } from './favoriteCalls';
import './favorites.css';

/** The saved excursions as cards (the account guard has already made sure someone is signed in). */
export async function favoritesLoader(): Promise<ExcursionCard[]> {
  await session.restore();
  if (!session.profile) return [];
  return (await favoriteCalls.favoriteExcursions()).data;
}

/** /account/user/favorite: the saved excursions; removing one takes it off the page at once. */
export function FavoritesPage() {
  const loaded = useLoaderData() as ExcursionCard[];
  const current = useSession();
  const shown = loaded.filter((e) => current.isFavorite(e.id));
  const remove = (id: number) => {
    session.toggleFavorite(id).catch(() => bus.emit('toast:show', { type: 'error', message: 'Не удалось убрать из избранного. Попробуйте ещё раз.' }));
  };
  return (
    <AccountPage heading="Избранное">
      {shown.length === 0 ? (
        <>
          <EmptyState>В избранном пока ничего нет. Отмечайте понравившиеся экскурсии сердечком.</EmptyState>
          <Link to="/excursion" className="ex-ui-page__link">
            Смотреть экскурсии
          </Link>
        </>
      ) : (
        <ul className="ua-favs">
          {shown.map((excursion) => (
            <li key={excursion.id}>
              <FavoriteCard excursion={excursion} onRemove={() => remove(excursion.id)} />
            </li>
          ))}
        </ul>
      )}
    </AccountPage>
  );
}
