import { replace, type LoaderFunctionArgs } from '@excursio/shared/router';
import { orRouteError, session, type PartnerExcursion } from '@excursio/shared';
import { parseEditorId } from './editorId';
import { excursionCalls } from './excursionCalls';
import { editPath } from './excursionPaths';

/** The editor's and the closed-fields page's data; `edit/{id}old` (the old editor) opens the current one. */
export async function excursionLoader({ params, request }: LoaderFunctionArgs): Promise<PartnerExcursion | null> {
  const { id, legacy } = parseEditorId(params.id ?? '');
  if (legacy) throw replace(editPath(id));
  await session.restore();
  if (session.profile?.user_type !== 'partner') return null;
  return (await orRouteError(request, excursionCalls.get(Number(id)))).data;
}
