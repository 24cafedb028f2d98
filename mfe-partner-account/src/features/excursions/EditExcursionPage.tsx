import { useLoaderData } from '@excursio/shared/router';
import type { PartnerExcursion } from '@excursio/shared';
import { AccountPage } from '../../components/AccountPage';
import { ExcursionEditor } from './ExcursionEditor';
import './excursions.css';

export { excursionLoader } from './excursionLoader';

/** /account/partner/excursions/edit/:id */
export function EditExcursionPage() {
  const excursion = useLoaderData() as PartnerExcursion | null;
  if (!excursion) return null;
  return (
    <AccountPage heading={excursion.title ? `«${excursion.title}»` : `Экскурсия №${excursion.id}`} title={`Редактирование экскурсии №${excursion.id}`}>
      <ExcursionEditor initial={excursion} />
    </AccountPage>
  );
}
