import { Link, useParams } from 'react-router';
import { CatalogPage, EXCURSIONS_CRUMB, HOME_CRUMB } from '../page/CatalogPage';
import { cityName, humanizeSlug, regionName, useCityDirectory } from '../directory/cityDirectory';
import { RegionList } from '../directory/RegionList';
import { CityLinks } from '../directory/CityLinks';

/** /excursion */
export function ExcursionsPage() {
  return (
    <CatalogPage heading="Экскурсии" description="Экскурсии с местными гидами по городам России и мира." crumbs={[HOME_CRUMB]}>
      <p className="cat-dir__lead">
        <Link to="/excursion/cities" className="cat-dir__link">
          Все города
        </Link>
      </p>
    </CatalogPage>
  );
}

/** /country/:countrySlug — the regions of the country that have cities. */
export function CountryPage() {
  const { countrySlug = '' } = useParams();
  const directory = useCityDirectory();
  const heading = humanizeSlug(countrySlug);
  const cities = directory.status === 'ready' ? directory.cities.filter((c) => c.country_slug === countrySlug) : [];
  return (
    <CatalogPage heading={heading} description={`Экскурсии с местными гидами: ${heading}.`} crumbs={[HOME_CRUMB, EXCURSIONS_CRUMB]}>
      <RegionList cities={cities} />
    </CatalogPage>
  );
}

/** /excursion/:region — the cities of the region. */
export function RegionPage() {
  const { region = '' } = useParams();
  const directory = useCityDirectory();
  const heading = regionName(directory, region);
  const cities = directory.status === 'ready' ? directory.cities.filter((c) => c.region_slug === region) : [];
  return (
    <CatalogPage heading={heading} description={`Экскурсии с местными гидами: ${heading}.`} crumbs={[HOME_CRUMB, EXCURSIONS_CRUMB]}>
      <CityLinks cities={cities} />
    </CatalogPage>
  );
}

/** /excursion/:region/:city and its tag page /excursion/:region/:city/tags/:tagSlug (the same screen). */
export function CityPage() {
  const { region = '', city = '', tagSlug } = useParams();
  const directory = useCityDirectory();
  const regionCrumb = { label: regionName(directory, region), to: `/excursion/${region}` };
  const name = cityName(directory, region, city);
  if (tagSlug) {
    const tag = humanizeSlug(tagSlug);
    return (
      <CatalogPage
        heading={tag}
        title={`${tag}: ${name}`}
        description={`Экскурсии: ${name}, ${tag}.`}
        crumbs={[HOME_CRUMB, EXCURSIONS_CRUMB, regionCrumb, { label: name, to: `/excursion/${region}/${city}` }]}
      />
    );
  }
  return (
    <CatalogPage heading={name} description={`Экскурсии с местными гидами: ${name}.`} crumbs={[HOME_CRUMB, EXCURSIONS_CRUMB, regionCrumb]} />
  );
}
