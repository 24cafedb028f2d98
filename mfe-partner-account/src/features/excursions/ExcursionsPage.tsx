import { Link } from '@excursio/shared/router';
import { AccountPage, EmptyState } from '../../components/AccountPage';
import { LoadError, Skeleton } from '../../components/ui';
import { useLoad } from '../../components/useLoad';
import { ExcursionRow } from './ExcursionRow';
import { excursionCalls } from './excursionCalls';
import { NEW_EXCURSION_PATH } from './excursionPaths';
import './excursions.css';

/** /account/partner/excursions (account-sub layout): my excursions with their status, counts and actions. */
export function ExcursionsPage() {
  const loaded = useLoad('excursions', async () => (await excursionCalls.list()).data);
  return (
    <AccountPage heading="Мои экскурсии">
      <Link to={NEW_EXCURSION_PATH} className="ex-ui-button pa-exc__add">
        Добавить экскурсию
      </Link>
      {loaded.error && !loaded.data ? (
        <LoadError error={loaded.error} onRetry={loaded.reload} />
      ) : !loaded.data ? (
        <Skeleton lines={3} height={96} />
      ) : loaded.data.length === 0 ? (
        <EmptyState>Экскурсий пока нет. Добавьте первую: черновик сохраняется сам, пока вы заполняете поля.</EmptyState>
      ) : (
        <ul className="pa-exc__list">
          {loaded.data.map((item) => (
            <ExcursionRow key={item.id} item={item} onChanged={loaded.reload} />
          ))}
        </ul>
      )}
    </AccountPage>
  );
}
