import { useParams } from 'react-router';
import { CatalogPage, EXCURSIONS_CRUMB, HOME_CRUMB } from '../page/CatalogPage';
import { cityName, humanizeSlug, regionName, useCityDirectory } from '../directory/cityDirectory';

/** /excursion/:region/:city/:excursionSlug — an excursion's page. */
export function ExcursionPage() {
  const { region = '', city = '', excursionSlug = '' } = useParams();
  const directory = useCityDirectory();
  const heading = humanizeSlug(excursionSlug);
  const town = cityName(directory, region, city);
  return (
    <CatalogPage
      heading={heading}
      description={`Экскурсия «${heading}»: ${town}.`}
      crumbs={[
        HOME_CRUMB,
        EXCURSIONS_CRUMB,
        { label: regionName(directory, region), to: `/excursion/${region}` },
        { label: town, to: `/excursion/${region}/${city}` },
      ]}
    />
  );
}
