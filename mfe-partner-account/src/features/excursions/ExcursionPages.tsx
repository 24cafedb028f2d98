import { Link, useParams } from '@excursio/shared/router';
import { AccountPage, EmptyState } from '../../components/AccountPage';
import { parseEditorId } from './editorId';

const LIST = '/account/partner/excursions';

/** /account/partner/excursions (account-sub layout) */
export function ExcursionsPage() {
  return (
    <AccountPage heading="Мои экскурсии">
      <EmptyState>Здесь появятся ваши экскурсии и их статусы модерации.</EmptyState>
      <Link to={`${LIST}/add`} className="pa-page__link">
        Новая экскурсия
      </Link>
    </AccountPage>
  );
}

/** /account/partner/excursions/add */
export function NewExcursionPage() {
  return (
    <AccountPage heading="Новая экскурсия">
      <Link to={LIST} className="pa-page__link">
        Мои экскурсии
      </Link>
    </AccountPage>
  );
}

/** /account/partner/excursions/edit/:id and the legacy editor at edit/{id}old */
export function EditExcursionPage() {
  const { id, legacy } = parseEditorId(useParams().id ?? '');
  const heading = `Редактирование экскурсии №${id}${legacy ? ' (старая версия)' : ''}`;
  return (
    <AccountPage heading={heading}>
      <Link to={LIST} className="pa-page__link">
        Мои экскурсии
      </Link>
    </AccountPage>
  );
}

/** /account/partner/excursions/edit/closed_fields/:id — a change request for fields locked after publishing. */
export function ClosedFieldsPage() {
  const { id = '' } = useParams();
  return (
    <AccountPage heading={`Изменение закрытых полей №${id}`}>
      <Link to={`${LIST}/edit/${id}`} className="pa-page__link">
        Редактирование экскурсии №{id}
      </Link>
    </AccountPage>
  );
}
