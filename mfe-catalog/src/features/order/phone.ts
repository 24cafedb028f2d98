import { parsePhoneNumberFromString } from 'libphonenumber-js';

const ALLOWED = /^[0-9 ()+-]+$/;

/**
 * A phone as typed → international digits, or null when it is not a number (the same reading as the api:
 * with a plus it is international; without, international first, then Russian with 8).
 */
export function phoneDigits(input: string): string | null {
  const text = input.trim();
  if (!ALLOWED.test(text)) return null;
  const digits = text.replace(/\D/g, '');
  if (digits.length < 10 || digits.length > 15) return null;
  const candidates = text.startsWith('+')
    ? [parsePhoneNumberFromString(`+${digits}`)]
    : [parsePhoneNumberFromString(`+${digits}`), parsePhoneNumberFromString(digits, 'RU')];
  return candidates.find((p) => p?.isValid())?.number.replace(/^\+/, '') ?? null;
}

/** Digits of a profile phone (79990000001) as people write them: +7 999 000 00 01. */
export function displayPhone(digits: string): string {
  return parsePhoneNumberFromString(`+${digits.replace(/\D/g, '')}`)?.formatInternational() ?? digits;
}
