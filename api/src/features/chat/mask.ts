/**
 * Hides phone numbers and e-mail addresses in a chat message until the order's prepayment is paid (the parties must not
 * settle outside the service before it), leaving dates, times, prices and order numbers readable.
 */

export const EMAIL_MASK = '***@***';
/** A phone needs at least this many digits: «3 500», «12 45» and room numbers stay. */
const PHONE_MIN_DIGITS = 7;

const EMAIL = /[\p{L}\p{N}._%+-]+\s?@\s?[\p{L}\p{N}-]+(?:\.[\p{L}\p{N}-]+)*\.\p{L}{2,}/gu;

/** Numbers that are not contacts, found before phones so their digits never join a phone-like run. */
const NOT_A_PHONE = new RegExp(
  [
    // 12.05.2026, 1/5/26, 25.12 — a real day and month (so «999.12.34.56» is no date)
    String.raw`(?<![\d.])(?:0?[1-9]|[12]\d|3[01])[./](?:0?[1-9]|1[0-2])(?:[./](?:\d{4}|\d{2}))?(?![./]?\d)`,
    // 2026-05-12
    String.raw`(?<!\d)\d{4}-(?:0[1-9]|1[0-2])-(?:0[1-9]|[12]\d|3[01])(?!-?\d)`,
    // 10.30, 9:00 (a time range «10.00-12.00» is two of them)
    String.raw`(?<![\d.])(?:[01]?\d|2[0-3])[.:][0-5]\d(?![.:]?\d)`,
    // 2025-2026
    String.raw`(?<!\d)(?:19|20)\d{2}\s?[-–—]\s?(?:19|20)\d{2}(?!\d)`,
    // №42, заказ 1234567, заказа № 1234567 (up to nine digits: a phone after «заказ» is still a phone)
    String.raw`(?:№|заказ(?:а|у|ом|е)?\s*№?)\s*\d{1,9}(?!\d)`,
    // 3 500 ₽, 1 500 000 руб., 12,50 $ — thousands in groups of three, then a currency
    String.raw`(?<!\d)\d{1,3}(?:[ \u00a0.]\d{3})*(?:[.,]\d{1,2})?\s?(?:₽|руб|р\.?(?![а-яё])|rub|\$|€|usd|eur|₾|лари|gel|֏|драм|amd|сум|uzs)`,
  ].join('|'),
  'giu',
);

/** Digits joined by the separators people type in phone numbers: «+7 (999) 123-45-67», «8 999 1234567». */
const PHONE_LIKE = /(?:\+\s?)?\(?\d(?:[\s\-.()\u00a0]{0,3}\d)+\)?/gu;

function maskPhone(run: string): string {
  const digits = run.replace(/\D/g, '').length;
  if (digits < PHONE_MIN_DIGITS) return run;
  // Keep «+7»: it says a phone was here without telling it.
  const kept = /^\+\s?\d/.exec(run)?.[0] ?? '';
  return kept + run.slice(kept.length).replace(/\d/g, '*');
}

function maskPhones(text: string): string {
  return text.replace(PHONE_LIKE, maskPhone);
}

/** The message with every phone and e-mail replaced by asterisks (the rest as typed). */
export function maskContacts(text: string): string {
  const withoutEmails = text.replace(EMAIL, EMAIL_MASK);
  let out = '';
  let last = 0;
  for (const match of withoutEmails.matchAll(NOT_A_PHONE)) {
    out += maskPhones(withoutEmails.slice(last, match.index)) + match[0];
    last = match.index + match[0].length;
  }
  return out + maskPhones(withoutEmails.slice(last));
}
