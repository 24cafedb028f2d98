import { useLoaderData } from '@excursio/shared/router';
import { documentTitle, PageMeta } from '../../layout/CatalogPage';
import type { HomeData } from './homeLoader';
import { SearchBox } from '../../components/SearchBox';
import { BlogTeaser, FreshReviews, PopularExcursions, TopSights } from './HomeSections';
import { PopularCities } from './PopularCities';
import './home.css';

/** `/`: search, popular cities and excursions, top sights, fresh reviews and the blog. */
export function HomePage() {
  const data = useLoaderData() as HomeData;
  return (
    <div className="cat-home">
      <PageMeta
        title={documentTitle('Экскурсии с местными гидами')}
        description="Экскурсии с местными гидами по городам России и мира: выбирайте город, маршрут и дату."
      />
      <section className="cat-hero">
        <div className="cat-hero__inner">
          <h1 className="cat-hero__title">Экскурсии с местными гидами</h1>
          <p className="cat-hero__subtitle">
            Прогулки, авторские маршруты и поездки с теми, кто знает город изнутри. Выберите город и дату — гид
            встретит вас на месте.
          </p>
          <SearchBox size="lg" />
        </div>
      </section>
      <PopularCities items={data.cities} />
      <PopularExcursions items={data.excursions} />
      <TopSights items={data.sights} />
      <FreshReviews items={data.reviews} />
      <BlogTeaser items={data.posts} />
    </div>
  );
}
