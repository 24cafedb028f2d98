import { useState } from 'react';
import { Link } from '@excursio/shared/router';
import { formatPrice } from '@excursio/shared';
import { failureText, useLoad } from '@excursio/shared/ui';
import { isAdmin, useStaffMe } from '../../components/StaffContext';
import { formatDateTime } from '../../components/format';
import { staffEvent, useLive } from '../../components/useLive';
import { orderCalls } from './orderCalls';

/** Refunds above the limit waiting for an admin: admins approve or reject them here; staff see the queue. */
export function PendingRefunds() {
  const me = useStaffMe();
  const admin = isAdmin(me);
  const { data, reload } = useLoad('refunds:pending', () => orderCalls.pendingRefunds().then((r) => r.data));
  const [problem, setProblem] = useState<string | null>(null);
  useLive(staffEvent(), reload);
  if (!data?.data.length) return null;

  const decide = async (call: () => Promise<unknown>) => {
    setProblem(null);
    try {
      await call();
      reload();
    } catch (e) {
      setProblem(failureText(e));
    }
  };

  return (
    <section className="bo-section bo-card" aria-labelledby="bo-refunds">
      <h2 className="bo-section__title" id="bo-refunds">
        Возвраты ждут решения администратора
      </h2>
      <ul className="bo-list">
        {data.data.map((refund) => (
          <li key={refund.id} className="bo-row">
            <Link className="bo-link" to={`/backoffice/orders/${refund.order_id}`}>
              Заказ №{refund.order_id}
            </Link>
            <span>
              {formatPrice(refund.amount)} · {refund.reason} · {refund.requested_by?.name ?? 'сотрудник'}, {formatDateTime(refund.created_at)}
            </span>
            {admin && (
              <>
                <button type="button" className="ex-ui-button" onClick={() => void decide(() => orderCalls.approveRefund(refund.id))}>
                  Провести
                </button>
                <button
                  type="button"
                  className="ex-ui-button ex-ui-button--secondary"
                  onClick={() => void decide(() => orderCalls.rejectRefund(refund.id, 'Отклонено администратором'))}
                >
                  Отклонить
                </button>
              </>
            )}
          </li>
        ))}
      </ul>
      {problem && (
        <p className="ex-ui-error" role="alert">
          {problem}
        </p>
      )}
    </section>
  );
}
