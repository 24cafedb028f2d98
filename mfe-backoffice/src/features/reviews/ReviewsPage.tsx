import { useState, type FormEvent } from 'react';
import { useSearchParams } from '@excursio/shared/router';
import type { StaffReviewListQuery } from '@excursio/shared';
import { Field, LoadError, Pager, Skeleton, useLoad } from '@excursio/shared/ui';
import { BoPage, Empty } from '../../components/BoPage';
import { staffEvent, useLive } from '../../components/useLive';
import { ReviewCard } from './ReviewCard';
import { reviewCalls } from './reviewCalls';
import './reviews.css';

function queryOf(params: URLSearchParams): StaffReviewListQuery {
  const query: StaffReviewListQuery = { page: Math.max(1, Number(params.get('page')) || 1) };
  const q = params.get('q')?.trim();
  if (q) query.q = q;
  // flagged first: what partners complained about is the work to do
  if (params.get('all') !== '1' && !q) query.flagged = true;
  return query;
}

/** /backoffice/reviews: the reviews partners flagged, and any review by search. */
export function ReviewsPage() {
  const [params, setParams] = useSearchParams();
  const query = queryOf(params);
  const [q, setQ] = useState(query.q ?? '');
  const { data, error, loading, reload, set } = useLoad(JSON.stringify(query), () => reviewCalls.reviews(query).then((r) => r.data));
  useLive(staffEvent(), reload);
  const search = (event: FormEvent) => {
    event.preventDefault();
    setParams(q.trim() ? { q: q.trim() } : {});
  };
  return (
    <BoPage heading="Отзывы">
      <fieldset className="bo-row bo-tabs">
        <legend className="bo-sr">Что показать</legend>
        <button type="button" className={`ex-ui-button ${query.flagged ? '' : 'ex-ui-button--secondary'}`} aria-pressed={Boolean(query.flagged)} onClick={() => setParams({})}>
          С жалобами
        </button>
        <button
          type="button"
          className={`ex-ui-button ${query.flagged ? 'ex-ui-button--secondary' : ''}`}
          aria-pressed={!query.flagged}
          onClick={() => setParams({ all: '1' })}
        >
          Все отзывы
        </button>
      </fieldset>
      <form className="bo-filters" aria-label="Поиск отзывов" onSubmit={search}>
        <Field label="Текст, автор, экскурсия или номер отзыва">
          {(props) => <input {...props} className="ex-ui-input" type="search" value={q} onChange={(e) => setQ(e.target.value)} />}
        </Field>
        <button type="submit" className="ex-ui-button">
          Найти
        </button>
      </form>
      {error != null && !data && <LoadError error={error} onRetry={reload} />}
      {loading && !data && <Skeleton lines={3} />}
      {data && data.data.length === 0 && <Empty>{query.flagged ? 'Жалоб на отзывы нет.' : 'Отзывов не нашлось.'}</Empty>}
      {data && data.data.length > 0 && (
        <>
          <div className="bo-reviews">
            {data.data.map((review) => (
              <ReviewCard key={review.id} review={review} onChanged={(next) => set({ ...data, data: data.data.map((r) => (r.id === next.id ? next : r)) })} />
            ))}
          </div>
          <Pager page={data.current_page} lastPage={data.last_page} onPage={(page) => setParams({ ...Object.fromEntries(params), page: String(page) })} />
        </>
      )}
    </BoPage>
  );
}
