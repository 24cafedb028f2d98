/** Phone rules of spec §5/§9 as pure functions: what may be typed, the Russian mask, lengths. */

/** The input's maxlength (spec §9). */
export const PHONE_MAX_LENGTH = 25;
/** A phone worth sending has at least this many digits, country code included (spec §9). */
export const MIN_PHONE_DIGITS = 10;
/** National number length the phone parser accepts (spec §5). */
export const NATIONAL_MIN_DIGITS = 2;
export const NATIONAL_MAX_DIGITS = 17;
/** A Russian national number: (XXX) XXX-XX-XX. */
export const RU_NATIONAL_DIGITS = 10;

/** Keep only what the field accepts: digits, spaces, brackets, hyphens and a plus sign. */
export function filterPhoneChars(text: string): string {
  return text.replace(/[^\d\s()+-]/g, '').replace(/\s/g, ' ');
}

/** Non-digits are stripped before the phone is sent (spec §5). */
export function digitsOf(text: string): string {
  return text.replace(/\D/g, '');
}

/** The Russian mask, filled as far as the digits go: '9990' → '(999) 0', '9990000001' → '(999) 000-00-01'. */
export function maskRu(national: string): string {
  const d = digitsOf(national).slice(0, RU_NATIONAL_DIGITS);
  if (d.length === 0) return '';
  let out = `(${d.slice(0, 3)}`;
  if (d.length > 3) out += `) ${d.slice(3, 6)}`;
  if (d.length > 6) out += `-${d.slice(6, 8)}`;
  if (d.length > 8) out += `-${d.slice(8, 10)}`;
  return out;
}

export function hasMinDigits(digits: string): boolean {
  return digitsOf(digits).length >= MIN_PHONE_DIGITS;
}

export function isNationalLengthValid(national: string): boolean {
  const n = digitsOf(national).length;
  return n >= NATIONAL_MIN_DIGITS && n <= NATIONAL_MAX_DIGITS;
}

/** A Russian number typed with its trunk or country prefix (8 999…, 7 999…) becomes the 10-digit national number. */
export function normaliseRuNational(digits: string): string {
  if (digits.length > RU_NATIONAL_DIGITS && /^[78]/.test(digits)) return digits.slice(1, RU_NATIONAL_DIGITS + 1);
  // No Russian national number starts with 7: a leading 7 is the country code being typed.
  if (digits.startsWith('7')) return digits.slice(1);
  return digits.slice(0, RU_NATIONAL_DIGITS);
}
