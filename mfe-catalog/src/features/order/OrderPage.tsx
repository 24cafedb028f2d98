import { useParams } from 'react-router';
import { CatalogPage, EXCURSIONS_CRUMB, HOME_CRUMB } from '../page/CatalogPage';
import { cityName, humanizeSlug, regionName, useCityDirectory } from '../directory/cityDirectory';

/** /excursion/:region/:city/:excursionSlug/order — ordering an excursion. */
export function OrderPage() {
  const { region = '', city = '', excursionSlug = '' } = useParams();
  const directory = useCityDirectory();
  const excursion = humanizeSlug(excursionSlug);
  return (
    <CatalogPage
      heading="Оформление заказа"
      title={`Оформление заказа: ${excursion}`}
      description={`Оформление заказа экскурсии «${excursion}».`}
      crumbs={[
        HOME_CRUMB,
        EXCURSIONS_CRUMB,
        { label: regionName(directory, region), to: `/excursion/${region}` },
        { label: cityName(directory, region, city), to: `/excursion/${region}/${city}` },
        { label: excursion, to: `/excursion/${region}/${city}/${excursionSlug}` },
      ]}
    />
  );
}
