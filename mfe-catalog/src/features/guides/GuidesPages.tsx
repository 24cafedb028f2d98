import { useLocation, useParams } from 'react-router';
import { tailSegments } from '../routing/splatPrecedence';
import { CatalogPage, EXCURSIONS_CRUMB, HOME_CRUMB } from '../page/CatalogPage';
import { cityName, humanizeSlug, regionName, useCityDirectory } from '../directory/cityDirectory';

/** /excursion/guides/:slug — a guide's public page. */
export function GuidePage() {
  const { slug = '' } = useParams();
  const name = humanizeSlug(slug);
  return (
    <CatalogPage
      heading={name}
      title={`Гид ${name}`}
      description={`Экскурсии гида ${name} на Excursio.`}
      crumbs={[HOME_CRUMB, EXCURSIONS_CRUMB]}
    />
  );
}

/** /excursion/guides/regions/<region>[/<city>…] — guides of a region (or of a city in it). */
export function GuidesByRegionPage() {
  const segments = tailSegments(useLocation().pathname, 'guides/regions');
  const directory = useCityDirectory();
  const [region = '', city, ...rest] = segments;
  const place =
    rest.length > 0
      ? humanizeSlug(segments[segments.length - 1] ?? '')
      : city
        ? cityName(directory, region, city)
        : regionName(directory, region);
  const heading = `Гиды: ${place}`;
  return (
    <CatalogPage
      heading={heading}
      description={`Местные гиды и их экскурсии: ${place}.`}
      crumbs={[HOME_CRUMB, EXCURSIONS_CRUMB]}
    />
  );
}
