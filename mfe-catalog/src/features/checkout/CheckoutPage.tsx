import { Link, useLoaderData, useSearchParams } from '@excursio/shared/router';
import { Photo } from '../../components/Photo';
import { excursionPath, formatDuration } from '../../components/excursionText';
import type { ExcursionData } from '../../lib/excursionLoader';
import { CatalogPage, EXCURSIONS_CRUMB, HOME_CRUMB } from '../../layout/CatalogPage';
import { useLiveEvents } from '../../lib/useLiveEvents';
import { CheckoutForm } from './CheckoutForm';
import './checkout.css';

/** /excursion/:region/:city/:excursionSlug/order — the order form of the excursion (?event= preselects a date). */
export function CheckoutPage() {
  const data = useLoaderData() as ExcursionData;
  const { excursion } = data;
  // the dates' seats and groups follow others' bookings live
  const events = useLiveEvents(excursion.id, data.events);
  const [params] = useSearchParams();
  const requested = Number(params.get('event'));
  const path = excursionPath(excursion);
  return (
    <CatalogPage
      heading="Оформление заказа"
      title={`Заказ: ${excursion.title}`}
      description={`Оформление заказа экскурсии «${excursion.title}».`}
      crumbs={[
        HOME_CRUMB,
        EXCURSIONS_CRUMB,
        { label: excursion.region.name, to: `/excursion/${excursion.region.slug}` },
        { label: excursion.city.name, to: `/excursion/${excursion.region.slug}/${excursion.city.slug}` },
        { label: excursion.title, to: path },
      ]}
    >
      <Link to={path} className="cat-checkout__excursion">
        <Photo src={excursion.photos[0] ?? ''} alt="" ratio="4/3" className="cat-checkout__thumb" />
        <span>
          <span className="cat-checkout__excursion-title">{excursion.title}</span>
          <span className="cat-checkout__excursion-meta">
            {excursion.city.name} · {formatDuration(excursion.duration_minutes)} · место встречи: {excursion.meeting_point}
          </span>
        </span>
      </Link>
      <CheckoutForm key={excursion.id} excursion={excursion} events={events} requestedEventId={Number.isInteger(requested) && requested > 0 ? requested : null} />
    </CatalogPage>
  );
}
