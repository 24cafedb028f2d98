import { useState } from 'react';
import { Link, useParams } from '@excursio/shared/router';
import { formatPrice, type StaffAccount } from '@excursio/shared';
import { formatPhone } from '@excursio/shared/phone';
import { LoadError, Skeleton, useLoad } from '@excursio/shared/ui';
import { Badge, BoPage, Empty } from '../../components/BoPage';
import { formatDateTime } from '../../components/format';
import { AccountActions } from './AccountActions';
import { accountCalls, ROLES } from './accountCalls';

const EXCURSION_STATUSES: Record<string, string> = {
  draft: 'черновики',
  moderation: 'на модерации',
  published: 'опубликованы',
  rejected: 'отклонены',
  hidden: 'скрыты',
  archived: 'в архиве',
};
/** Reviews shown before «Показать все» (a partner may have hundreds). */
const SHOWN_REVIEWS = 10;
const LEGAL_TYPES: Record<string, string> = { individual: 'Физическое лицо', self_employed: 'Самозанятый', company: 'Организация' };

function Profile({ account }: { account: StaffAccount }) {
  return (
    <dl className="bo-dl bo-card bo-section">
      <dt>Роль</dt>
      <dd>{ROLES[account.role]}</dd>
      <dt>Телефон</dt>
      <dd>{formatPhone(account.phone)}</dd>
      <dt>E-mail</dt>
      <dd>{account.email ?? 'не подтверждён'}</dd>
      <dt>Создан</dt>
      <dd>{formatDateTime(account.created_at)}</dd>
      {account.blocked && (
        <>
          <dt>Заблокирован</dt>
          <dd>
            {formatDateTime(account.blocked.at)}, {account.blocked.by?.name ?? 'сотрудник'}: {account.blocked.reason}
          </dd>
        </>
      )}
      {account.requisites && (
        <>
          <dt>Реквизиты</dt>
          <dd>
            {LEGAL_TYPES[account.requisites.legal_type] ?? account.requisites.legal_type}, {account.requisites.legal_name}, ИНН {account.requisites.inn}{' '}
            {account.requisites.verified ? (
              <Badge tone="ok">{`проверены ${formatDateTime(account.requisites.verified.at)}`}</Badge>
            ) : (
              <Badge tone="warn">не проверены</Badge>
            )}
          </dd>
        </>
      )}
      {account.excursions && (
        <>
          <dt>Экскурсии</dt>
          <dd>
            {Object.entries(account.excursions)
              .map(([status, n]) => `${EXCURSION_STATUSES[status] ?? status}: ${n}`)
              .join(', ') || 'нет'}
          </dd>
        </>
      )}
    </dl>
  );
}

/** /backoffice/accounts/{id}: the account, its orders, tickets and reviews; block, roles, requisites. */
export function AccountPage() {
  const id = Number(useParams().id);
  const { data: account, error, loading, reload, set } = useLoad(`account:${id}`, () => accountCalls.account(id).then((r) => r.data));
  const [notice, setNotice] = useState<string | null>(null);
  const [allReviews, setAllReviews] = useState(false);
  return (
    <BoPage heading={account ? account.name || `Аккаунт №${id}` : `Аккаунт №${id}`} back={{ to: '/backoffice/accounts', label: 'К аккаунтам' }}>
      {error != null && !account && <LoadError error={error} onRetry={reload} />}
      {loading && !account && <Skeleton lines={3} />}
      {account && (
        <div className="bo-two">
          <div>
            <div className="bo-row bo-section">
              {account.blocked && <Badge tone="danger">Заблокирован</Badge>}
              {account.deleted && <Badge>Удалён</Badge>}
            </div>
            <Profile account={account} />
            <section className="bo-section" aria-labelledby="bo-acc-orders">
              <h2 className="bo-section__title" id="bo-acc-orders">
                Заказы
              </h2>
              {account.orders.length === 0 ? (
                <Empty>Заказов нет.</Empty>
              ) : (
                <ul className="bo-list">
                  {account.orders.map((o) => (
                    <li key={o.id}>
                      <Link className="bo-link" to={`/backoffice/orders/${o.id}`}>
                        №{o.id}
                      </Link>{' '}
                      {o.title} · {formatPrice(o.total)} · {formatDateTime(o.created_at)}
                    </li>
                  ))}
                </ul>
              )}
            </section>
            <section className="bo-section" aria-labelledby="bo-acc-tickets">
              <h2 className="bo-section__title" id="bo-acc-tickets">
                Обращения
              </h2>
              {account.tickets.length === 0 ? (
                <Empty>Обращений нет.</Empty>
              ) : (
                <ul className="bo-list">
                  {account.tickets.map((t) => (
                    <li key={t.id}>
                      <Link className="bo-link" to={`/backoffice/support/${t.id}`}>
                        №{t.id} {t.subject}
                      </Link>{' '}
                      · {formatDateTime(t.created_at)}
                    </li>
                  ))}
                </ul>
              )}
            </section>
            <section className="bo-section" aria-labelledby="bo-acc-reviews">
              <h2 className="bo-section__title" id="bo-acc-reviews">
                Отзывы
              </h2>
              {account.reviews.length === 0 ? (
                <Empty>Отзывов нет.</Empty>
              ) : (
                <ul className="bo-list">
                  {(allReviews ? account.reviews : account.reviews.slice(0, SHOWN_REVIEWS)).map((r) => (
                    <li key={r.id}>
                      {r.excursion.title}: {r.rating} из 5 — {r.text} {r.hidden && <Badge>скрыт</Badge>}
                    </li>
                  ))}
                </ul>
              )}
              {!allReviews && account.reviews.length > SHOWN_REVIEWS && (
                <button type="button" className="ex-ui-button ex-ui-button--secondary" onClick={() => setAllReviews(true)}>
                  Показать все ({account.reviews.length})
                </button>
              )}
            </section>
          </div>
          <section className="bo-actions" aria-label="Действия с аккаунтом">
            {notice && (
              <output className="ex-ui-alert bo-notice">
                {notice}
              </output>
            )}
            <AccountActions
              account={account}
              onDone={(next, message) => {
                set(next);
                setNotice(message);
              }}
            />
          </section>
        </div>
      )}
    </BoPage>
  );
}
