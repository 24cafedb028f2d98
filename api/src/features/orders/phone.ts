import { parsePhoneNumberFromString } from 'libphonenumber-js';

/** What a phone field may contain (spec §5): digits, spaces, brackets, hyphens and a plus sign. */
const ALLOWED = /^[0-9 ()+-]+$/;

/**
 * A contact phone as typed → international digits (79990000001), or null when it is not a valid number.
 * Digits without a plus are read as international first (the client sends 79990000001), then as Russian (8…).
 */
export function normalizePhone(input: string): string | null {
  const text = input.trim();
  if (!ALLOWED.test(text)) return null;
  const digits = text.replace(/\D/g, '');
  if (digits.length < 10 || digits.length > 15) return null;
  const candidates = text.startsWith('+')
    ? [parsePhoneNumberFromString(`+${digits}`)]
    : [parsePhoneNumberFromString(`+${digits}`), parsePhoneNumberFromString(digits, 'RU')];
  const valid = candidates.find((p) => p?.isValid());
  return valid ? valid.number.replace(/^\+/, '') : null;
}
