import { Link } from '@excursio/shared/router';
import { formatPrice, type DashboardQueue } from '@excursio/shared';
import { LoadError, Skeleton, useLoad } from '@excursio/shared/ui';
import { BoPage } from '../../components/BoPage';
import { formatAge } from '../../components/format';
import { staffEvent, useLive } from '../../components/useLive';
import { dashboardCalls } from './dashboardCalls';
import { TrendChart } from './TrendChart';
import './dashboard.css';

const count = (n: number) => new Intl.NumberFormat('ru-RU').format(n);

function QueueCard({ title, to, queue }: { title: string; to: string; queue: DashboardQueue }) {
  return (
    <Link className="bo-queue bo-card" to={to}>
      <span className="bo-queue__title">{title}</span>
      <span className="bo-queue__count">{count(queue.count)}</span>
      <span className="bo-muted">
        {queue.oldest_age_s === null ? 'Очередь пуста' : `Самое старое ждёт ${formatAge(queue.oldest_age_s)}`}
      </span>
    </Link>
  );
}

/** /backoffice: today's figures, the queues with their oldest item's age, the last 30 days. */
export function DashboardPage() {
  const { data, error, loading, reload } = useLoad('dashboard', () => dashboardCalls.dashboard().then((r) => r.data));
  useLive(staffEvent(), reload);
  return (
    <BoPage heading="Сводка">
      {error != null && !data && <LoadError error={error} onRetry={reload} />}
      {loading && !data && <Skeleton lines={3} />}
      {data && (
        <>
          <section className="bo-section" aria-labelledby="bo-today">
            <h2 className="bo-section__title" id="bo-today">
              Сегодня
            </h2>
            <dl className="bo-grid bo-figures">
              <div className="bo-card">
                <dt>Заказы</dt>
                <dd>{count(data.today.orders)}</dd>
              </div>
              <div className="bo-card">
                <dt>Оплачено</dt>
                <dd>{formatPrice(data.today.paid_amount)}</dd>
              </div>
              <div className="bo-card">
                <dt>Комиссия</dt>
                <dd>{formatPrice(data.today.commission)}</dd>
              </div>
              <div className="bo-card">
                <dt>Новые партнёры</dt>
                <dd>{count(data.today.new_partners)}</dd>
              </div>
            </dl>
          </section>
          <section className="bo-section" aria-labelledby="bo-queues">
            <h2 className="bo-section__title" id="bo-queues">
              Очереди
            </h2>
            <div className="bo-grid">
              <QueueCard title="Модерация" to="/backoffice/moderation" queue={data.queues.moderation} />
              <QueueCard title="Обращения без ответа" to="/backoffice/support?status=open" queue={data.queues.support} />
              <QueueCard title="Возвраты ждут решения" to="/backoffice/orders?refunds=pending" queue={data.queues.refunds} />
            </div>
            <p className="bo-muted">
              Первый ответ в поддержке (медиана за 30 дней):{' '}
              {data.support_first_answer_median_s === null ? 'ответов ещё не было' : formatAge(data.support_first_answer_median_s)}
            </p>
          </section>
          <section className="bo-section" aria-labelledby="bo-trends">
            <h2 className="bo-section__title" id="bo-trends">
              30 дней
            </h2>
            <div className="bo-charts">
              <TrendChart title="Заказы" days={data.series} value={(d) => d.orders} format={count} />
              <TrendChart title="Оплачено" days={data.series} value={(d) => d.paid_amount} format={formatPrice} />
              <TrendChart title="Комиссия" days={data.series} value={(d) => d.commission} format={formatPrice} />
              <TrendChart title="Новые партнёры" days={data.series} value={(d) => d.new_partners} format={count} />
            </div>
          </section>
        </>
      )}
    </BoPage>
  );
}
