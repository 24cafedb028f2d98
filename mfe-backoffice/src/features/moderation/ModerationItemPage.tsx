import { useEffect, useRef, useState } from 'react';
import { useNavigate, useParams } from '@excursio/shared/router';
import { bus, type ModerationDetail, type ModerationKindPath } from '@excursio/shared';
import { LoadError, Skeleton, failureText, useLoad } from '@excursio/shared/ui';
import { Badge, BoPage } from '../../components/BoPage';
import { formatAge, formatDateTime } from '../../components/format';
import { staffEvent, useLive } from '../../components/useLive';
import { ClaimNote } from './ClaimNote';
import { DecisionPanel } from './DecisionPanel';
import { moderationCalls } from './moderationCalls';
import { TextDiff } from './TextDiff';
import './moderation.css';

const STATES = { pending: ['Ждёт решения', 'warn'], approved: ['Одобрено', 'ok'], rejected: ['Отклонено', 'danger'] } as const;

function Fields({ item }: { item: ModerationDetail }) {
  const isChange = item.kind === 'change';
  const caption = isChange ? 'Текущие и предложенные значения' : 'Поля экскурсии';
  return (
    // oxlint-disable-next-line jsx-a11y/no-noninteractive-tabindex -- a table wider than a phone scrolls inside its frame: the frame must be focusable to scroll it by keyboard (WCAG 2.1.1; axe scrollable-region-focusable)
    <section className="bo-table-wrap" aria-label={caption} tabIndex={0}>
      <table className="bo-table bo-compare">
        <caption className="bo-sr">{caption}</caption>
        <thead>
          <tr>
            <th scope="col">Поле</th>
            {isChange && <th scope="col">Сейчас</th>}
            <th scope="col">{isChange ? 'Предлагается' : 'Значение'}</th>
          </tr>
        </thead>
        <tbody>
          {item.fields.map((field) => (
            <tr key={field.field} className={field.changed ? 'bo-compare__changed' : undefined}>
              <th scope="row">
                {field.label}
                {isChange && field.changed && <Badge tone="warn">изменено</Badge>}
              </th>
              {isChange && (
                <td className="bo-compare__text">
                  {field.changed && field.current !== null ? <TextDiff current={field.current} proposed={field.proposed} side="current" /> : (field.current ?? '—')}
                </td>
              )}
              <td className="bo-compare__text">
                {isChange && field.changed ? <TextDiff current={field.current ?? ''} proposed={field.proposed} side="proposed" /> : field.proposed || '—'}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </section>
  );
}

function Photos({ item }: { item: ModerationDetail }) {
  if (!item.photos.length) return null;
  return (
    <section className="bo-section" aria-labelledby="bo-photos">
      <h2 className="bo-section__title" id="bo-photos">
        Фотографии
      </h2>
      <ul className="bo-photos">
        {item.photos.map((photo, i) => (
          <li key={photo.url}>
            <a href={photo.url} target="_blank" rel="noopener noreferrer" className="bo-photos__link">
              <img src={photo.thumb_url} alt={`Фото ${i + 1} — открыть оригинал`} loading="lazy" width={160} height={120} />
            </a>
          </li>
        ))}
      </ul>
    </section>
  );
}

/** /backoffice/moderation/{excursions|changes}/{id}: the item, claimed on opening, and the decision. */
export function ModerationItemPage() {
  const params = useParams();
  const kind = params.kind as ModerationKindPath;
  const id = Number(params.id);
  const navigate = useNavigate();
  const { data: item, error, loading, reload, set } = useLoad(`${kind}:${id}`, () => moderationCalls.item(kind, id).then((r) => r.data));
  const [claimError, setClaimError] = useState<string | null>(null);
  const tried = useRef(false);
  useLive(staffEvent('excursion_id', item?.excursion_id), reload);

  // Opening a waiting item nobody reviews claims it (others then see who reviews it, for 15 minutes).
  useEffect(() => {
    if (!item || tried.current || item.state !== 'pending' || item.claim) return;
    tried.current = true;
    moderationCalls.claim(kind, id).then(
      (r) => set(r.data),
      (e: unknown) => setClaimError(failureText(e)),
    );
  }, [item, kind, id, set]);

  const release = async () => {
    try {
      set((await moderationCalls.release(kind, id)).data);
    } catch (e) {
      setClaimError(failureText(e));
    }
  };

  const decided = (message: string) => {
    bus.emit('toast:show', { type: 'info', message });
    void navigate('/backoffice/moderation');
  };

  const heading = item ? item.title : 'Проверка';
  return (
    <BoPage heading={heading} back={{ to: '/backoffice/moderation', label: 'К очереди' }}>
      {error != null && !item && <LoadError error={error} onRetry={reload} />}
      {loading && !item && <Skeleton lines={3} />}
      {item && (
        <div className="bo-two">
          <div>
            <dl className="bo-dl bo-section">
              <dt>Что проверить</dt>
              <dd>{item.kind === 'excursion' ? 'Новая экскурсия' : 'Изменение закрытых полей'}</dd>
              <dt>Партнёр</dt>
              <dd>{item.partner}</dd>
              <dt>Город</dt>
              <dd>{item.city_name}</dd>
              <dt>Отправлено</dt>
              <dd>
                {formatDateTime(item.submitted_at)} ({formatAge(item.age_s)} назад)
              </dd>
              <dt>Статус</dt>
              <dd>
                <Badge tone={STATES[item.state][1]}>{STATES[item.state][0]}</Badge>
              </dd>
              {item.public_url && (
                <>
                  <dt>На сайте</dt>
                  <dd>
                    <a className="bo-link" href={item.public_url} target="_blank" rel="noopener noreferrer">
                      Открыть страницу экскурсии
                    </a>
                  </dd>
                </>
              )}
            </dl>
            {item.partner_comment && (
              <section className="bo-section bo-card" aria-label="Комментарий партнёра">
                <h2 className="bo-section__title">Комментарий партнёра</h2>
                <p className="bo-pre">{item.partner_comment}</p>
              </section>
            )}
            <Fields item={item} />
            <Photos item={item} />
          </div>
          <section className="bo-actions" aria-label="Решение">
            <div className="bo-card">
              <p className="bo-row">
                <strong>Проверяет:</strong> <ClaimNote claim={item.claim} />
              </p>
              {claimError && (
                <p className="ex-ui-error" role="alert">
                  {claimError}
                </p>
              )}
              {item.claim?.mine && item.state === 'pending' && (
                <button type="button" className="ex-ui-button ex-ui-button--secondary" onClick={() => void release()}>
                  Снять с себя
                </button>
              )}
            </div>
            {item.state === 'pending' ? (
              <DecisionPanel item={item} kind={kind} blocked={Boolean(item.claim && !item.claim.mine)} onDecided={decided} />
            ) : (
              item.moderator_comment && (
                <div className="bo-card">
                  <h2 className="bo-section__title">Комментарий модератора</h2>
                  <p className="bo-pre">{item.moderator_comment}</p>
                </div>
              )
            )}
          </section>
        </div>
      )}
    </BoPage>
  );
}
