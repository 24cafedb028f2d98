// The contact phone rule of an order: one reading for the order form and the api.
import { parsePhoneNumberFromString } from 'libphonenumber-js';

/** What a phone field may contain (spec §5): digits, spaces, brackets, hyphens and a plus sign. */
const ALLOWED = /^[0-9 ()+-]+$/;

/**
 * A contact phone as typed → international digits (79990000001), or null when it is not a valid number.
 * With a plus it is read as international; digits without one are read as international first (the form sends
 * 79990000001), then as Russian with 8 (8 999 …).
 */
export function contactPhoneDigits(input: string): string | null {
  const text = input.trim();
  if (!ALLOWED.test(text)) return null;
  const digits = text.replace(/\D/g, '');
  if (digits.length < 10 || digits.length > 15) return null;
  const candidates = text.startsWith('+')
    ? [parsePhoneNumberFromString(`+${digits}`)]
    : [parsePhoneNumberFromString(`+${digits}`), parsePhoneNumberFromString(digits, 'RU')];
  return candidates.find((p) => p?.isValid())?.number.replace(/^\+/, '') ?? null;
}
