import { parsePhoneNumberWithError } from 'libphonenumber-js';
import { fieldError, type HttpError } from '../../http/http-error';

export const PHONE_FORMAT_MESSAGE = 'The phone field format is invalid.';

/** What the phone field accepts besides digits (spec §5); stripped before parsing. */
const DECORATION = /[\s()+-]/g;

/** The phone as stored (international digits; ten digits are a Russian number without +7), or null (spec §5). */
export function normalizePhone(raw: string): string | null {
  const digits = raw.replace(DECORATION, '');
  // The spec's minimum is 10 digits (a Russian number without +7); anything shorter is not a phone.
  if (!/^[0-9]{10,20}$/.test(digits)) return null;
  const international = digits.length === 10 ? `7${digits}` : digits;
  try {
    const parsed = parsePhoneNumberWithError(`+${international}`);
    const national = parsed.nationalNumber;
    if (national.length < 2 || national.length > 17) return null;
    return `${parsed.countryCallingCode}${national}`;
  } catch {
    return null;
  }
}

export const invalidPhone = (): HttpError => fieldError('phone', PHONE_FORMAT_MESSAGE);

/** normalizePhone or the 422 `The phone field format is invalid.` */
export function requirePhone(raw: string): string {
  const phone = normalizePhone(raw);
  if (!phone) throw invalidPhone();
  return phone;
}
