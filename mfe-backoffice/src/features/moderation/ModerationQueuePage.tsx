import { Link, useSearchParams } from '@excursio/shared/router';
import type { StaffModerationItem } from '@excursio/shared';
import { LoadError, Skeleton, useLoad } from '@excursio/shared/ui';
import { Badge, BoPage, Empty } from '../../components/BoPage';
import { formatAge, formatDateTime } from '../../components/format';
import { TemplatesEditor } from '../../components/TemplatesEditor';
import { staffEvent, useLive } from '../../components/useLive';
import { ClaimNote } from './ClaimNote';
import { kindPath, moderationCalls } from './moderationCalls';

const KINDS = [
  { value: '', label: 'Все' },
  { value: 'excursion', label: 'Новые экскурсии' },
  { value: 'change', label: 'Изменения закрытых полей' },
] as const;

function Row({ item }: { item: StaffModerationItem }) {
  return (
    <tr>
      <td>
        <Link className="bo-link" to={`/backoffice/moderation/${kindPath(item.kind)}/${item.id}`}>
          {item.title}
        </Link>
        <div className="bo-muted">
          {item.partner}, {item.city_name}
        </div>
      </td>
      <td>{item.kind === 'excursion' ? <Badge tone="info">Новая экскурсия</Badge> : <Badge tone="warn">Изменение</Badge>}</td>
      <td>{formatDateTime(item.submitted_at)}</td>
      <td className="bo-num">{formatAge(item.age_s)}</td>
      <td>
        <ClaimNote claim={item.claim} />
      </td>
    </tr>
  );
}

/** /backoffice/moderation: new excursions and closed-field change requests, oldest first, with who reviews them. */
export function ModerationQueuePage() {
  const [params, setParams] = useSearchParams();
  const kind = params.get('kind') === 'excursion' || params.get('kind') === 'change' ? (params.get('kind') as 'excursion' | 'change') : undefined;
  const { data, error, loading, reload } = useLoad(`queue:${kind ?? ''}`, () => moderationCalls.queue(kind).then((r) => r.data));
  useLive(staffEvent(), reload);
  return (
    <BoPage heading="Модерация">
      <fieldset className="bo-row bo-tabs">
        <legend className="bo-sr">Что показать</legend>
        {KINDS.map((k) => (
          <button
            key={k.value}
            type="button"
            className={`ex-ui-button ${(kind ?? '') === k.value ? '' : 'ex-ui-button--secondary'}`}
            aria-pressed={(kind ?? '') === k.value}
            onClick={() => setParams(k.value ? { kind: k.value } : {})}
          >
            {k.label}
          </button>
        ))}
      </fieldset>
      {error != null && !data && <LoadError error={error} onRetry={reload} />}
      {loading && !data && <Skeleton lines={3} height={48} />}
      {data && data.length === 0 && <Empty>Очередь пуста: всё проверено.</Empty>}
      {data && data.length > 0 && (
        <div className="bo-table-wrap">
          <table className="bo-table">
            <caption className="bo-sr">Очередь модерации, сначала самые старые</caption>
            <thead>
              <tr>
                <th scope="col">Экскурсия</th>
                <th scope="col">Что проверить</th>
                <th scope="col">Отправлено</th>
                <th scope="col" className="bo-num">
                  Ждёт
                </th>
                <th scope="col">Проверяет</th>
              </tr>
            </thead>
            <tbody>
              {data.map((item) => (
                <Row key={`${item.kind}-${item.id}`} item={item} />
              ))}
            </tbody>
          </table>
        </div>
      )}
      <TemplatesEditor list="moderation" title="Шаблоны отказов" />
    </BoPage>
  );
}
