import { documentTitle } from '../../layout/CatalogPage';
import { SearchBox } from '../search/SearchBox';
import { BlogTeaser, FreshReviews, PopularExcursions, TopSights } from './HomeSections';
import { PopularCities } from './PopularCities';
import './home.css';

/** `/`: search, popular cities and excursions, top sights, fresh reviews and the blog. */
export function HomePage() {
  return (
    <div className="cat-home">
      <title>{documentTitle('Экскурсии с местными гидами')}</title>
      <meta
        name="description"
        content="Экскурсии с местными гидами по городам России и мира: выбирайте город, маршрут и дату."
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
      <PopularCities />
      <PopularExcursions />
      <TopSights />
      <FreshReviews />
      <BlogTeaser />
    </div>
  );
}
