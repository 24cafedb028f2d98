import { CatalogPage, EXCURSIONS_CRUMB, HOME_CRUMB } from '../../layout/CatalogPage';
import { useCityDirectory } from './cityDirectory';
import { RegionList } from './RegionList';

/** /excursion/cities — every city, grouped by region. A failed call leaves the list out (spec §8). */
export function CitiesPage() {
  const directory = useCityDirectory();
  return (
    <CatalogPage
      heading="Города"
      title="Все города"
      description="Все города с экскурсиями от местных гидов на Excursio."
      crumbs={[HOME_CRUMB, EXCURSIONS_CRUMB]}
    >
      {directory.status === 'loading' && <p className="cat-dir__status" aria-busy="true">Загружаем города…</p>}
      {directory.status === 'ready' &&
        (directory.cities.length > 0 ? (
          <RegionList cities={directory.cities} />
        ) : (
          <p className="cat-dir__status">Пока нет ни одного города с экскурсиями.</p>
        ))}
    </CatalogPage>
  );
}
