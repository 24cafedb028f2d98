import { useState, type FormEvent } from 'react';
import { useSearchParams } from '@excursio/shared/router';
import { AUDIT_ACTIONS } from '@excursio/shared/contracts';
import type { StaffAuditEntry, StaffAuditQuery } from '@excursio/shared';
import { ErrorNote, Field, LoadError, Pager, Skeleton, useLoad } from '@excursio/shared/ui';
import { BoPage, Empty } from '../../components/BoPage';
import { FilterSelect } from '../../components/FilterSelect';
import { formatDateTime } from '../../components/format';
import { auditCalls } from './auditCalls';

const ENTITY_TYPES: Record<string, string> = {
  order: 'Заказ',
  excursion: 'Экскурсия',
  change_request: 'Изменение экскурсии',
  ticket: 'Обращение',
  account: 'Аккаунт',
  review: 'Отзыв',
  content: 'Контент',
  refund: 'Возврат',
  template: 'Шаблон',
  search_synonym_group: 'Синонимы поиска',
};
const FIELDS = ['action', 'entity_type', 'entity_id', 'actor_id', 'from', 'to'] as const;
const DAY = /^\d{4}-\d{2}-\d{2}$/;

function queryOf(params: URLSearchParams): StaffAuditQuery {
  const query: StaffAuditQuery = { page: Math.max(1, Number(params.get('page')) || 1) };
  const action = params.get('action');
  if (action) query.action = action;
  const type = params.get('entity_type');
  if (type && type in ENTITY_TYPES) query.entity_type = type;
  const entity = Number(params.get('entity_id'));
  if (Number.isInteger(entity) && entity > 0) query.entity_id = entity;
  const actor = Number(params.get('actor_id'));
  if (Number.isInteger(actor) && actor > 0) query.actor_id = actor;
  for (const key of ['from', 'to'] as const) {
    const day = params.get(key);
    if (day && DAY.test(day)) query[key] = day;
  }
  return query;
}

/** A before/after value as short text: «status: confirmed → cancelled_by_partner». */
function changeText(entry: StaffAuditEntry): string {
  const keys = new Set([...Object.keys(entry.before ?? {}), ...Object.keys(entry.after ?? {})]);
  const show = (v: unknown) => (v === undefined || v === null ? '—' : typeof v === 'string' ? v : JSON.stringify(v));
  return [...keys].map((k) => `${k}: ${show(entry.before?.[k])} → ${show(entry.after?.[k])}`).join('; ');
}

/** /backoffice/audit: every staff action, newest first, filtered; the same filters as a CSV file. */
export function AuditPage() {
  const [params, setParams] = useSearchParams();
  const query = queryOf(params);
  const [draft, setDraft] = useState(() => Object.fromEntries(FIELDS.map((f) => [f, params.get(f) ?? ''])));
  const { data, error, loading, reload } = useLoad(JSON.stringify(query), () => auditCalls.entries(query).then((r) => r.data));
  const [csvProblem, setCsvProblem] = useState<string | null>(null);

  const apply = (event: FormEvent) => {
    event.preventDefault();
    setParams(Object.fromEntries(Object.entries(draft).filter(([, v]) => v.trim() !== '')));
  };
  const download = async () => {
    setCsvProblem(null);
    try {
      const url = URL.createObjectURL(await auditCalls.csv(query));
      const link = document.createElement('a');
      link.href = url;
      link.download = 'audit.csv';
      link.click();
      setTimeout(() => URL.revokeObjectURL(url), 10_000);
    } catch {
      setCsvProblem('Не получилось выгрузить журнал. Попробуйте ещё раз.');
    }
  };
  const input = (name: (typeof FIELDS)[number], label: string, type = 'text') => (
    <Field label={label}>
      {(props) => <input {...props} className="ex-ui-input" type={type} inputMode={type === 'text' ? 'numeric' : undefined} value={draft[name]} onChange={(e) => setDraft({ ...draft, [name]: e.target.value })} />}
    </Field>
  );

  return (
    <BoPage
      heading="Журнал действий"
      actions={
        <button type="button" className="ex-ui-button ex-ui-button--secondary" onClick={() => void download()}>
          Скачать CSV
        </button>
      }
    >
      <ErrorNote text={csvProblem} />
      <form className="bo-filters" onSubmit={apply} aria-label="Фильтры журнала">
        <FilterSelect label="Действие" options={AUDIT_ACTIONS} value={draft.action ?? ''} onChange={(value) => setDraft({ ...draft, action: value })} />
        <FilterSelect label="Объект" options={ENTITY_TYPES} value={draft.entity_type ?? ''} onChange={(value) => setDraft({ ...draft, entity_type: value })} />
        {input('entity_id', 'Номер объекта')}
        {input('actor_id', 'Номер сотрудника')}
        {input('from', 'С', 'date')}
        {input('to', 'По', 'date')}
        <button type="submit" className="ex-ui-button">
          Показать
        </button>
      </form>
      {error != null && !data && <LoadError error={error} onRetry={reload} />}
      {loading && !data && <Skeleton lines={4} height={40} />}
      {data && data.data.length === 0 && <Empty>Записей нет.</Empty>}
      {data && data.data.length > 0 && (
        <>
          {/* a wide table scrolls sideways on a phone: the scroll box is a named region a keyboard can reach */}
          {/* oxlint-disable-next-line jsx-a11y/no-noninteractive-tabindex -- a scrollable region must be focusable (WCAG 2.1.1; axe scrollable-region-focusable) */}
          <section className="bo-table-wrap" aria-label="Записи журнала" tabIndex={0}>
            <table className="bo-table">
              <caption className="bo-sr">Журнал действий, сначала новые</caption>
              <thead>
                <tr>
                  <th scope="col">Когда</th>
                  <th scope="col">Кто</th>
                  <th scope="col">Что</th>
                  <th scope="col">Объект</th>
                  <th scope="col">Было → стало</th>
                  <th scope="col">Причина</th>
                </tr>
              </thead>
              <tbody>
                {data.data.map((entry) => (
                  <tr key={entry.id}>
                    <td>{formatDateTime(entry.created_at)}</td>
                    <td>{entry.actor?.name ?? 'система'}</td>
                    <td>{entry.action_label}</td>
                    <td>
                      {ENTITY_TYPES[entry.entity_type] ?? entry.entity_type}
                      {entry.entity_id !== null && ` №${entry.entity_id}`}
                    </td>
                    <td className="bo-audit__change">{changeText(entry) || '—'}</td>
                    <td>{entry.reason ?? '—'}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </section>
          <Pager page={data.current_page} lastPage={data.last_page} onPage={(page) => setParams({ ...Object.fromEntries(params), page: String(page) })} />
        </>
      )}
    </BoPage>
  );
}
