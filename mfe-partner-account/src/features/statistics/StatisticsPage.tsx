import { lazy, Suspense, useState, type FormEvent } from 'react';
import { formatDate, formatPrice, pluralRu, type PartnerStats, type PartnerStatsQuery, type StatsPeriod } from '@excursio/shared';
import { AccountPage, EmptyState } from '../../components/AccountPage';
import { Field, LoadError, Skeleton } from '../../components/ui';
import { useLoad } from '../../components/useLoad';
import { statisticsCalls } from '../../calls/statisticsCalls';
import './statistics.css';

// The chart library (uPlot, ~22 KB gzipped) is a chunk of its own, loaded with the figures.
const StatsChart = lazy(() => import('./StatsChart'));

const PERIODS: { value: StatsPeriod; label: string }[] = [
  { value: 'this_month', label: 'Этот месяц' },
  { value: 'last_month', label: 'Прошлый месяц' },
  { value: 'last_30_days', label: 'Последние 30 дней' },
  { value: 'last_90_days', label: 'Последние 90 дней' },
  { value: 'custom', label: 'Свой период' },
];

/** The api's days are calendar days (yyyy-mm-dd): shown as they are, whatever the browser's zone. */
const DAY: Intl.DateTimeFormatOptions = { day: 'numeric', month: 'long', year: 'numeric', timeZone: 'UTC' };

const percent = (part: number, whole: number) =>
  whole > 0 ? (part / whole).toLocaleString('ru-RU', { style: 'percent', maximumFractionDigits: 1 }) : '—';

/** «1 ч 30 мин», «45 мин», «2 дн 3 ч». */
export function formatMinutes(minutes: number): string {
  const m = Math.round(minutes);
  if (m < 60) return `${m} мин`;
  const hours = Math.floor(m / 60);
  if (hours < 24) return m % 60 ? `${hours} ч ${m % 60} мин` : `${hours} ч`;
  const days = Math.floor(hours / 24);
  return hours % 24 ? `${days} дн ${hours % 24} ч` : `${days} дн`;
}

function Tile({ label, value, note }: { label: string; value: string; note?: string | undefined }) {
  return (
    <div className="ex-ui-card pa-stats__tile">
      <dt className="pa-stats__tile-label">{label}</dt>
      <dd className="pa-stats__tile-value">{value}</dd>
      {note && <dd className="pa-stats__tile-note">{note}</dd>}
    </div>
  );
}

function Figures({ stats }: { stats: PartnerStats }) {
  const t = stats.totals;
  const empty = t.views === 0 && t.orders === 0;
  return (
    <>
      <p className="pa-stats__range">
        {formatDate(stats.date_from, DAY)} — {formatDate(stats.date_to, DAY)}
      </p>
      <section aria-labelledby="pa-stats-funnel">
        <h2 id="pa-stats-funnel" className="pa-page__subtitle">
          Просмотры и заказы
        </h2>
        <dl className="pa-stats__tiles">
          <Tile label="Просмотры страниц" value={t.views.toLocaleString('ru-RU')} note="уникальные посетители за день" />
          <Tile label="Заказы" value={t.orders.toLocaleString('ru-RU')} note={`конверсия ${percent(t.orders, t.views)}`} />
          <Tile label="Оплачено" value={t.paid.toLocaleString('ru-RU')} note={`${percent(t.paid, t.orders)} заказов`} />
          <Tile
            label="Время ответа на запрос"
            value={stats.median_answer_minutes === null ? '—' : formatMinutes(stats.median_answer_minutes)}
            note={
              stats.answered_requests > 0
                ? `медиана, ${pluralRu(stats.answered_requests, ['последний запрос', 'последних запроса', 'последних запросов'])}`
                : 'ещё не было запросов'
            }
          />
        </dl>
      </section>
      <section aria-labelledby="pa-stats-money" className="pa-page__section">
        <h2 id="pa-stats-money" className="pa-page__subtitle">
          Деньги
        </h2>
        <dl className="pa-stats__tiles">
          <Tile label="Выручка" value={formatPrice(t.revenue)} note="подтверждённые и проведённые заказы" />
          <Tile label="Предоплаты онлайн" value={formatPrice(t.prepayments)} note="комиссия сервиса" />
          <Tile label="Вы получаете на месте" value={formatPrice(t.on_site)} />
          <Tile
            label="Отмены"
            value={(t.cancelled_by_customer + t.cancelled_by_partner).toLocaleString('ru-RU')}
            note={`клиентом: ${t.cancelled_by_customer}, вами: ${t.cancelled_by_partner}, отклонено запросов: ${t.declined}`}
          />
        </dl>
      </section>
      {empty ? (
        <EmptyState>За этот период не было ни просмотров, ни заказов.</EmptyState>
      ) : (
        <section aria-labelledby="pa-stats-days" className="pa-page__section">
          <h2 id="pa-stats-days" className="pa-page__subtitle">
            По дням
          </h2>
          <Suspense fallback={<span className="ex-ui-skeleton" style={{ height: 240 }} aria-hidden="true" />}>
            <div className="pa-stats__charts">
              <div className="ex-ui-card">
                <h3 className="pa-stats__chart-title">Выручка</h3>
                <StatsChart days={stats.days} kind="revenue" label="График выручки по дням; цифры — в таблице ниже" />
              </div>
              <div className="ex-ui-card">
                <h3 className="pa-stats__chart-title">Просмотры, заказы, оплаты</h3>
                <StatsChart days={stats.days} kind="funnel" label="График просмотров, заказов и оплат по дням; цифры — в таблице ниже" />
              </div>
            </div>
          </Suspense>
          <details className="pa-stats__table-box">
            <summary>Таблица по дням</summary>
            <div className="pa-stats__table-scroll">
              <table className="pa-stats__table">
                <thead>
                  <tr>
                    <th scope="col">День</th>
                    <th scope="col">Просмотры</th>
                    <th scope="col">Заказы</th>
                    <th scope="col">Оплачено</th>
                    <th scope="col">Выручка</th>
                  </tr>
                </thead>
                <tbody>
                  {stats.days
                    .filter((d) => d.views || d.orders)
                    .map((d) => (
                      <tr key={d.date}>
                        <th scope="row">{formatDate(d.date, { day: 'numeric', month: 'long', timeZone: 'UTC' })}</th>
                        <td>{d.views}</td>
                        <td>{d.orders}</td>
                        <td>{d.paid}</td>
                        <td>{formatPrice(d.revenue)}</td>
                      </tr>
                    ))}
                </tbody>
              </table>
            </div>
          </details>
        </section>
      )}
    </>
  );
}

interface Choice {
  period: StatsPeriod;
  date_from: string;
  date_to: string;
  excursion_id: string;
}

const toQuery = (c: Choice): PartnerStatsQuery => ({
  period: c.period,
  ...(c.period === 'custom' ? { date_from: c.date_from, date_to: c.date_to } : {}),
  ...(c.excursion_id ? { excursion_id: Number(c.excursion_id) } : {}),
});

/** /account/partner/static — my figures per period and excursion. */
export function StatisticsPage() {
  const [draft, setDraft] = useState<Choice>({ period: 'last_30_days', date_from: '', date_to: '', excursion_id: '' });
  const [choice, setChoice] = useState<Choice>(draft);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const query = toQuery(choice);
  const loaded = useLoad(JSON.stringify(query), async () => (await statisticsCalls.statistics(query)).data);

  const change = (next: Choice) => {
    setDraft(next);
    // Choices apply at once, except a custom period (it waits for both dates and «Показать»).
    if (next.period !== 'custom') {
      setErrors({});
      setChoice(next);
    }
  };
  const applyCustom = (event: FormEvent) => {
    event.preventDefault();
    const found: Record<string, string> = {};
    if (!draft.date_from) found.date_from = 'Укажите первый день.';
    if (!draft.date_to) found.date_to = 'Укажите последний день.';
    if (draft.date_from && draft.date_to && draft.date_from > draft.date_to) found.date_to = 'Последний день раньше первого.';
    setErrors(found);
    if (Object.keys(found).length === 0) setChoice(draft);
  };

  return (
    <AccountPage heading="Статистика">
      <form className="ex-ui-card pa-stats__controls" onSubmit={applyCustom} aria-label="Период и экскурсия">
        <Field label="Период">
          {(props) => (
            <select {...props} className="ex-ui-select" value={draft.period} onChange={(e) => change({ ...draft, period: e.target.value as StatsPeriod })}>
              {PERIODS.map((p) => (
                <option key={p.value} value={p.value}>
                  {p.label}
                </option>
              ))}
            </select>
          )}
        </Field>
        <Field label="Экскурсия">
          {(props) => (
            <select {...props} className="ex-ui-select" value={draft.excursion_id} onChange={(e) => change({ ...draft, excursion_id: e.target.value })}>
              <option value="">Все экскурсии</option>
              {loaded.data?.excursions.map((e) => (
                <option key={e.id} value={e.id}>
                  {e.title}
                </option>
              ))}
            </select>
          )}
        </Field>
        {draft.period === 'custom' && (
          <>
            <Field label="С" error={errors.date_from}>
              {(props) => <input {...props} type="date" className="ex-ui-input" value={draft.date_from} onChange={(e) => setDraft({ ...draft, date_from: e.target.value })} />}
            </Field>
            <Field label="По" error={errors.date_to}>
              {(props) => <input {...props} type="date" className="ex-ui-input" value={draft.date_to} onChange={(e) => setDraft({ ...draft, date_to: e.target.value })} />}
            </Field>
            <div>
              <button type="submit" className="ex-ui-button">
                Показать
              </button>
            </div>
          </>
        )}
      </form>
      {loaded.error ? (
        <LoadError error={loaded.error} onRetry={loaded.reload} />
      ) : loaded.loading && !loaded.data ? (
        <Skeleton lines={3} height={96} />
      ) : (
        loaded.data && (
          <div aria-busy={loaded.loading}>
            <Figures stats={loaded.data} />
          </div>
        )
      )}
    </AccountPage>
  );
}
