import type { LoaderFunctionArgs } from '@excursio/shared/router';
import { api, type ExcursionEvent } from '@excursio/shared';
import { excursionCall } from '../../lib/catalogCalls';
import { orRouteError } from '../../lib/routeData';

/** The excursion of the address and its upcoming events (an events failure leaves the calendar empty). */
export async function excursionLoader({ params, request }: LoaderFunctionArgs) {
  const excursion = (await orRouteError(request, excursionCall(params.region ?? '', params.city ?? '', params.excursionSlug ?? ''))).data;
  const events: ExcursionEvent[] = await api
    .excursionEvents(excursion.id)
    .then((res) => res.data)
    .catch(() => []);
  return { excursion, events };
}

export type ExcursionData = Awaited<ReturnType<typeof excursionLoader>>;
