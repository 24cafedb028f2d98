import { formatClock, formatEventShort, formatUtcOffset, zoneOffsetMinutes } from '@excursio/shared/time';
import type { PaymentView } from './service';

const ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };
/** Text → HTML text (the excursion title is partner input). */
export const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (c) => ESCAPES[c]!);

const rub = (amount: number) => `${new Intl.NumberFormat('ru-RU').format(amount)}\u00a0₽`;
/** The start on the excursion city's clock, with its offset (the page cannot know the payer's zone). */
const when = (date: Date, timeZone: string) =>
  `${formatEventShort(date, timeZone)} (время местное, ${formatUtcOffset(zoneOffsetMinutes(timeZone, date))})`;

/** The page's own policy: inline styles, forms back to the api, nothing else. */
export const TEST_PAGE_CSP =
  "default-src 'none'; style-src 'unsafe-inline'; form-action 'self'; frame-ancestors 'none'; base-uri 'none'";

const STYLE = `
  body { margin: 0; font: 16px/1.5 system-ui, sans-serif; background: #f3f4f6; color: #111827; }
  main { max-width: 420px; margin: 48px auto; padding: 28px; background: #fff; border-radius: 16px; box-shadow: 0 8px 30px rgba(0,0,0,.08); }
  .badge { display: inline-block; padding: 2px 10px; border-radius: 999px; background: #fef3c7; color: #92400e; font-size: 13px; font-weight: 600; }
  h1 { font-size: 22px; margin: 12px 0 4px; }
  .amount { font-size: 32px; font-weight: 700; margin: 16px 0; }
  .muted { color: #6b7280; font-size: 14px; }
  .buttons { display: flex; gap: 12px; margin-top: 24px; }
  button, a.button { flex: 1; padding: 12px; border-radius: 10px; border: 0; font-size: 16px; font-weight: 600; cursor: pointer; text-align: center; text-decoration: none; }
  .pay { background: #16a34a; color: #fff; }
  .decline { background: #e5e7eb; color: #111827; }
  .hold { padding: 10px 12px; border-radius: 10px; background: #fef3c7; color: #78350f; }
`;

const plural = new Intl.PluralRules('ru-RU');
/** «12 минут», «1 минута», «меньше минуты». */
function minutesLeft(ms: number): string {
  const minutes = Math.floor(ms / 60_000);
  if (minutes < 1) return 'меньше минуты';
  const rule = plural.select(minutes);
  return `${minutes} ${rule === 'one' ? 'минута' : rule === 'few' ? 'минуты' : 'минут'}`;
}

const STATUS_TEXT: Record<PaymentView['status'], string> = {
  pending: '',
  succeeded: 'Этот платёж уже оплачен.',
  failed: 'Этот платёж отклонён. Вернитесь к заказу, чтобы попробовать снова.',
  refunded: 'Этот платёж возвращён.',
};

/** «Тестовая оплата»: the test provider's confirmation page. */
export function testPaymentPage(payment: PaymentView, basePath: string, now: Date = new Date()): string {
  const action = `${basePath}/${encodeURIComponent(payment.externalId)}`;
  const orderLink = `/account/user/${payment.orderId}`;
  const leftMs = payment.paymentDueAt ? payment.paymentDueAt.getTime() - now.getTime() : null;
  const expired = payment.status === 'pending' && (payment.orderStatus === 'expired' || (leftMs !== null && leftMs <= 0));
  // No scripts on this page (its CSP): the time left is told once, and the page reloads itself when it runs out.
  const hold =
    payment.status === 'pending' && !expired && payment.paymentDueAt && leftMs !== null
      ? `<p class="hold">Места за вами до ${escapeHtml(formatClock(payment.paymentDueAt, payment.timeZone))} (время местное, ${formatUtcOffset(zoneOffsetMinutes(payment.timeZone, payment.paymentDueAt))}) — осталось ${minutesLeft(leftMs)}. Потом заказ закроется, а места вернутся в продажу.</p>`
      : '';
  const refresh = hold && leftMs !== null ? `<meta http-equiv="refresh" content="${Math.ceil(leftMs / 1000) + 1}">` : '';
  const controls = expired
    ? `<p>Время на оплату истекло, места освобождены. Деньги не списаны.</p><div class="buttons"><a class="button decline" href="${orderLink}">Вернуться к заказу</a></div>`
    : payment.status === 'pending'
      ? `<div class="buttons">
      <form method="post" action="${action}/confirm" style="flex:1;display:flex"><button class="pay" type="submit">Оплатить</button></form>
      <form method="post" action="${action}/decline" style="flex:1;display:flex"><button class="decline" type="submit">Отклонить</button></form>
    </div>`
      : `<p>${STATUS_TEXT[payment.status]}</p><div class="buttons"><a class="button decline" href="${orderLink}">Вернуться к заказу</a></div>`;
  return `<!doctype html>
<html lang="ru">
<head>
  <meta charset="utf-8">
  <meta name="viewport" content="width=device-width, initial-scale=1">
  <meta name="robots" content="noindex">
  ${refresh}
  <title>Тестовая оплата — Excursio</title>
  <style>${STYLE}</style>
</head>
<body>
  <main>
    <span class="badge">Тестовый режим: деньги не списываются</span>
    <h1>Тестовая оплата</h1>
    <p class="muted">Предоплата заказа №${payment.orderId}</p>
    <p>${escapeHtml(payment.title)}<br><span class="muted">${escapeHtml(when(payment.startsAt, payment.timeZone))}</span></p>
    <div class="amount">${rub(payment.amount)}</div>
    ${hold}
    ${controls}
  </main>
</body>
</html>`;
}
