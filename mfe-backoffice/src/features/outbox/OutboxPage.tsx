import { useState, type FormEvent } from 'react';
import { useSearchParams } from '@excursio/shared/router';
import type { OutboxState, StaffOutboxEntry, StaffOutboxQuery } from '@excursio/shared';
import { ErrorNote, failureText, LoadError, Skeleton, useAction, useLoad } from '@excursio/shared/ui';
import { FilterSelect } from '../../components/FilterSelect';
import { Badge, BoPage, Empty } from '../../components/BoPage';
import { formatDateTime } from '../../components/format';
import { OUTBOX_PAGE, outboxCalls } from './outboxCalls';
import { OUTBOX_KINDS, OUTBOX_STATES, OUTBOX_TONES, retryProblem, type OutboxKind } from './outboxTexts';
import './outbox.css';

type Counts = Record<string, number>;

function queryOf(params: URLSearchParams): StaffOutboxQuery {
  const query: StaffOutboxQuery = {};
  const state = params.get('state');
  if (state && state in OUTBOX_STATES) query.state = state as OutboxState;
  const kind = params.get('kind');
  if (kind && kind in OUTBOX_KINDS) query.kind = kind as OutboxKind;
  return query;
}

const kindText = (kind: string) => OUTBOX_KINDS[kind as OutboxKind] ?? kind;

/** «Ожидает — 3, Не доставлено — 1»: rows per state over the whole table (what the api counts). */
function countsText(counts: Counts): string {
  return (Object.keys(OUTBOX_STATES) as OutboxState[])
    .filter((state) => (counts[state] ?? 0) > 0)
    .map((state) => `${OUTBOX_STATES[state]} — ${(counts[state] ?? 0).toLocaleString('ru-RU')}`)
    .join(', ');
}

/**
 * /backoffice/outbox: every message to a person and every refund the api queued (issue 26), newest first, with its
 * state, attempts and last error; a row that was given up can be sent again.
 */
export function OutboxPage() {
  const [params, setParams] = useSearchParams();
  const query = queryOf(params);
  const [draft, setDraft] = useState<{ state: string; kind: string }>({ state: query.state ?? '', kind: query.kind ?? '' });
  // «Обновить» starts the list over (its first rows again, older pages dropped)
  const [round, setRound] = useState(0);

  const apply = (event: FormEvent) => {
    event.preventDefault();
    setParams(Object.fromEntries(Object.entries(draft).filter(([, v]) => v !== '')));
  };

  return (
    <BoPage
      heading="Очередь сообщений"
      actions={
        <button type="button" className="ex-ui-button ex-ui-button--secondary" onClick={() => setRound((r) => r + 1)}>
          Обновить
        </button>
      }
    >
      <p className="bo-muted">Письма, звонки, SMS и возвраты: что отправлено, что ждёт новой попытки и что не удалось доставить.</p>
      <form className="bo-filters" onSubmit={apply} aria-label="Фильтры очереди">
        <FilterSelect label="Состояние" options={OUTBOX_STATES} value={draft.state} onChange={(value) => setDraft({ ...draft, state: value })} />
        <FilterSelect label="Вид" options={OUTBOX_KINDS} value={draft.kind} onChange={(value) => setDraft({ ...draft, kind: value })} />
        <button type="submit" className="ex-ui-button">
          Показать
        </button>
      </form>
      <OutboxList key={`${JSON.stringify(query)}:${round}`} query={query} />
    </BoPage>
  );
}

/** One filter's rows: the first page, the older ones «Показать ещё» adds, and the rows changed by a retry. */
function OutboxList({ query }: { query: StaffOutboxQuery }) {
  const { data, error, loading, reload } = useLoad('outbox', () => outboxCalls.entries({ ...query, limit: OUTBOX_PAGE }).then((r) => r.data));
  const [older, setOlder] = useState<StaffOutboxEntry[]>([]);
  const [exhausted, setExhausted] = useState(false);
  const [changed, setChanged] = useState<Record<number, StaffOutboxEntry>>({});
  const [counts, setCounts] = useState<Counts | null>(null);
  const [notice, setNotice] = useState<string | null>(null);
  const [moreProblem, setMoreProblem] = useState<string | null>(null);
  const more = useAction();

  if (error != null && !data) return <LoadError error={error} onRetry={reload} />;
  if (loading && !data) return <Skeleton lines={4} height={40} />;
  if (!data) return null;

  const entries = [...data.entries, ...older].map((entry) => changed[entry.id] ?? entry);
  const filtered = query.state !== undefined || query.kind !== undefined;
  const summary = countsText(counts ?? data.counts);
  const hasMore = !exhausted && entries.length >= OUTBOX_PAGE;

  const showMore = async () => {
    const last = entries.at(-1);
    if (!last) return;
    setMoreProblem(null);
    const next = await more.run(() => outboxCalls.entries({ ...query, before_id: last.id, limit: OUTBOX_PAGE }), {
      onError: (e) => setMoreProblem(failureText(e)),
    });
    if (!next) return;
    setOlder((rows) => [...rows, ...next.data.entries.filter((row) => row.id < last.id)]);
    setCounts(next.data.counts);
    if (next.data.entries.length < OUTBOX_PAGE) setExhausted(true);
  };
  const updated = (entry: StaffOutboxEntry, nextCounts: Counts | null) => {
    setChanged((rows) => ({ ...rows, [entry.id]: entry }));
    if (nextCounts) setCounts(nextCounts);
    setNotice(`Запись №${entry.id} отправлена снова. Сейчас: «${OUTBOX_STATES[entry.state]}».`);
  };

  return (
    <>
      {summary && <p className="bo-muted bo-outbox__counts">Всего в очереди: {summary}.</p>}
      {notice && <output className="ex-ui-alert bo-notice">{notice}</output>}
      {entries.length === 0 && <Empty>{filtered ? 'Записей с такими условиями нет.' : 'Очередь пуста: сообщений и возвратов ещё не было.'}</Empty>}
      {entries.length > 0 && (
        <>
          {/* a wide table scrolls sideways on a phone: the scroll box is a named region a keyboard can reach */}
          {/* oxlint-disable-next-line jsx-a11y/no-noninteractive-tabindex -- a scrollable region must be focusable (WCAG 2.1.1; axe scrollable-region-focusable) */}
          <section className="bo-table-wrap" aria-label="Записи очереди" tabIndex={0}>
            <table className="bo-table">
              <caption className="bo-sr">Очередь сообщений и возвратов, сначала новые</caption>
              <thead>
                <tr>
                  <th scope="col">Запись</th>
                  <th scope="col">Вид</th>
                  <th scope="col">Получатель</th>
                  <th scope="col">Состояние</th>
                  <th scope="col" className="bo-num">
                    Попыток
                  </th>
                  <th scope="col">Следующая попытка</th>
                  <th scope="col">Последняя ошибка</th>
                  <th scope="col">Создана</th>
                </tr>
              </thead>
              <tbody>
                {entries.map((entry) => (
                  <OutboxRow key={entry.id} entry={entry} onUpdated={updated} />
                ))}
              </tbody>
            </table>
          </section>
          <ErrorNote text={moreProblem} />
          {hasMore && (
            <div className="bo-outbox__more">
              <button type="button" className="ex-ui-button ex-ui-button--secondary" disabled={more.busy} onClick={() => void showMore()}>
                {more.busy ? 'Загружаем…' : 'Показать ещё'}
              </button>
            </div>
          )}
        </>
      )}
    </>
  );
}

/** A row; a failed one has «Отправить снова», and the row shows what the api says of it afterwards. */
function OutboxRow({ entry, onUpdated }: { entry: StaffOutboxEntry; onUpdated: (entry: StaffOutboxEntry, counts: Counts | null) => void }) {
  const action = useAction();
  const [problem, setProblem] = useState<string | null>(null);
  const idCell = `bo-outbox-${entry.id}`;

  const retry = async () => {
    setProblem(null);
    const result = await action.run(
      async () => {
        await outboxCalls.retry(entry.id);
        // the api tried it at once: read the row as it is now (if that read fails, it is queued again from zero)
        const queued: StaffOutboxEntry = { ...entry, state: 'pending', attempts: 0, next_attempt_at: null };
        try {
          const fresh = (await outboxCalls.entry(entry.id)).data;
          return { row: fresh.entries.find((row) => row.id === entry.id) ?? queued, counts: fresh.counts };
        } catch {
          return { row: queued, counts: null };
        }
      },
      { onError: (e) => setProblem(retryProblem(e)) },
    );
    if (result) onUpdated(result.row, result.counts);
  };

  return (
    <tr>
      <td id={idCell}>№{entry.id}</td>
      <td>{kindText(entry.kind)}</td>
      <td className="bo-outbox__recipient">{entry.recipient}</td>
      <td>
        <Badge tone={OUTBOX_TONES[entry.state]}>{OUTBOX_STATES[entry.state]}</Badge>
        {entry.sent_at && <div className="bo-muted">{formatDateTime(entry.sent_at)}</div>}
        {entry.state === 'failed' && (
          <div className="bo-outbox__retry">
            <button type="button" className="ex-ui-button ex-ui-button--secondary" aria-describedby={idCell} disabled={action.busy} onClick={() => void retry()}>
              Отправить снова
            </button>
            <ErrorNote text={problem} />
          </div>
        )}
      </td>
      <td className="bo-num">{entry.attempts.toLocaleString('ru-RU')}</td>
      <td>{entry.next_attempt_at ? formatDateTime(entry.next_attempt_at) : '—'}</td>
      <td className="bo-outbox__error">{entry.last_error ?? '—'}</td>
      <td>{formatDateTime(entry.created_at)}</td>
    </tr>
  );
}
