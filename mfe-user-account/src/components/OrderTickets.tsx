import { useEffect, useState } from 'react';
import type { OrderTicket, TicketStatus } from '@excursio/shared';
import { orderCalls } from '../calls/orderCalls';
import { qrCache } from '../lib/qrCache';
import './order-tickets.css';

const TICKET_STATUS: Record<TicketStatus, string> = {
  active: 'Действует',
  redeemed: 'Использован',
  cancelled: 'Аннулирован',
};

/** A ticket's QR: fetched with the bearer token (the image address needs it), shown as a data URL, kept offline. */
export function TicketQr({ code }: { code: string }) {
  const [src, setSrc] = useState<string | null>(() => qrCache.get(code));
  const [failed, setFailed] = useState(false);
  useEffect(() => {
    if (qrCache.get(code)) return;
    let alive = true;
    orderCalls
      .ticketQr(code)
      .then((res) => {
        qrCache.set(code, res.data.svg_data_url);
        if (alive) setSrc(res.data.svg_data_url);
      })
      .catch(() => alive && setFailed(true));
    return () => {
      alive = false;
    };
  }, [code]);
  if (failed) return <span className="ua-ticket__qr ua-ticket__qr--failed">QR-код не загрузился — покажите гиду номер билета</span>;
  return (
    <span className="ua-ticket__qr" aria-busy={!src}>
      {src && <img src={src} alt={`QR-код билета ${code}`} width={160} height={160} />}
    </span>
  );
}

/** The order's tickets: code, QR and status. */
export function OrderTickets({ tickets }: { tickets: readonly OrderTicket[] }) {
  return (
    <section className="ua-order__block" aria-labelledby="ua-order-tickets">
      <h2 id="ua-order-tickets" className="ua-order__subtitle">
        Билеты
      </h2>
      <ul className="ua-tickets">
        {tickets.map((ticket) => (
          <li key={ticket.id} className={`ua-ticket ua-ticket--${ticket.status}`}>
            {ticket.status === 'active' && <TicketQr code={ticket.code} />}
            <span className="ua-ticket__code">{ticket.code}</span>
            <span className="ua-ticket__status">{TICKET_STATUS[ticket.status]}</span>
          </li>
        ))}
      </ul>
      {tickets.some((t) => t.status === 'active') && <p className="ua-order__hint">Покажите QR-код или номер билета гиду на месте встречи.</p>}
    </section>
  );
}
