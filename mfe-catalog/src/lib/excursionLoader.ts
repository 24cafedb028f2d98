import type { LoaderFunctionArgs } from '@excursio/shared/router';
import type { ExcursionEvent } from '@excursio/shared';
import { excursionsApi } from '../api/excursions';
import { orRouteError } from '@excursio/shared';

/** The excursion of the address and its upcoming events (an events failure leaves the calendar empty). */
export async function excursionLoader({ params, request }: LoaderFunctionArgs) {
  const excursion = (await orRouteError(request, excursionsApi.excursion(params.region ?? '', params.city ?? '', params.excursionSlug ?? ''))).data;
  const events: ExcursionEvent[] = await excursionsApi
    .excursionEvents(excursion.id)
    .then((res) => res.data)
    .catch(() => []);
  return { excursion, events };
}

export type ExcursionData = Awaited<ReturnType<typeof excursionLoader>>;
