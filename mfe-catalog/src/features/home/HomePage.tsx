import { Link } from 'react-router';
import { documentTitle } from '../page/CatalogPage';
import { PopularCities } from './PopularCities';
import './home.css';

/** `/`: the hero and the popular cities. */
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
          <Link to="/excursion/cities" className="cat-hero__cta">
            Выбрать город
          </Link>
        </div>
      </section>
      <PopularCities />
    </div>
  );
}
