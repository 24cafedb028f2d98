import { AsYouType, formatIncompletePhoneNumber, validatePhoneNumberLength, type CountryCode } from 'libphonenumber-js';
import { countryByIso, mainCountryOf } from './countries';
import {
  digitsOf,
  filterPhoneChars,
  hasMinDigits,
  isNationalLengthValid,
  maskRu,
  MIN_PHONE_DIGITS,
  NATIONAL_MAX_DIGITS,
  normaliseRuNational,
  RU_NATIONAL_DIGITS,
} from './phoneDigits';

/** What the phone field holds: the selected country and the national number's digits. */
export interface PhoneValue {
  country: CountryCode;
  national: string;
}

export const EMPTY_PHONE: PhoneValue = { country: 'RU', national: '' };

export function dialCodeOf(country: CountryCode): string {
  return countryByIso(country)?.dialCode ?? '';
}

/** What the input shows: the Russian mask, or the country's own national format. */
export function displayOf(value: PhoneValue): string {
  if (value.national === '') return '';
  return value.country === 'RU' ? maskRu(value.national) : formatIncompletePhoneNumber(value.national, value.country);
}

/** The digits sent to the api: country code + national number (e.g. 79990000001). */
export function fullDigits(value: PhoneValue): string {
  return value.national === '' ? '' : `${dialCodeOf(value.country)}${value.national}`;
}

function capNational(country: CountryCode, digits: string): string {
  return country === 'RU' ? normaliseRuNational(digits) : digits.slice(0, NATIONAL_MAX_DIGITS);
}

/** A pasted or typed international number (+…) picks its country from the calling code. */
function readInternational(digits: string, prev: PhoneValue): PhoneValue | null {
  const typer = new AsYouType();
  typer.input(`+${digits}`);
  const callingCode = typer.getCallingCode();
  if (!callingCode) return null;
  const country =
    typer.getCountry() ?? (dialCodeOf(prev.country) === callingCode ? prev.country : mainCountryOf(callingCode));
  if (!country) return null;
  return { country, national: capNational(country, typer.getNationalNumber()) };
}

/** A formatting character was deleted (backspace after ')' or '-'): delete the digit in front of it instead. */
function withoutDigitBeforeDeletion(shown: string, text: string, national: string): string {
  let at = 0;
  while (at < text.length && text[at] === shown[at]) at += 1;
  const digitsBefore = digitsOf(shown.slice(0, at)).length;
  if (digitsBefore === 0) return national;
  return national.slice(0, digitsBefore - 1) + national.slice(digitsBefore);
}

/**
 * The new value after the input changed to `raw`: characters the field does not accept are dropped,
 * a deleted formatting character deletes the digit before it, and the national number is capped.
 */
export function readTyped(raw: string, prev: PhoneValue): PhoneValue {
  const text = filterPhoneChars(raw).trim();
  const digits = digitsOf(text);
  if (text.startsWith('+') && digits.length > 0) {
    const international = readInternational(digits, prev);
    if (international) return international;
  }
  const shown = displayOf(prev);
  if (digits === prev.national && text.length < shown.length) {
    return { ...prev, national: withoutDigitBeforeDeletion(shown, text, prev.national) };
  }
  return { ...prev, national: capNational(prev.country, digits) };
}

/** Another country picked in the select: the digits stay, within that country's length. */
export function withCountry(value: PhoneValue, country: CountryCode): PhoneValue {
  return { country, national: value.national.slice(0, country === 'RU' ? RU_NATIONAL_DIGITS : NATIONAL_MAX_DIGITS) };
}

/** On leaving the field a number with too few digits is cleared (spec §5). */
export function clearIfShort(value: PhoneValue): PhoneValue {
  const short =
    value.country === 'RU' ? value.national.length < RU_NATIONAL_DIGITS : fullDigits(value).length < MIN_PHONE_DIGITS;
  return short ? { ...value, national: '' } : value;
}

export type PhoneProblem = 'required' | 'invalid';

/** Why the value cannot be sent yet, or null when it can. */
export function phoneProblem(value: PhoneValue): PhoneProblem | null {
  if (value.national === '') return 'required';
  const full = fullDigits(value);
  if (!hasMinDigits(full) || !isNationalLengthValid(value.national)) return 'invalid';
  if (value.country === 'RU') return value.national.length === RU_NATIONAL_DIGITS ? null : 'invalid';
  return validatePhoneNumberLength(`+${full}`) === undefined ? null : 'invalid';
}

/** A stored phone ('79990000001') back into the field's value; empty when it cannot be read. */
export function phoneValueOf(digits: string, fallbackCountry: CountryCode = 'RU'): PhoneValue {
  const clean = digitsOf(digits);
  if (clean === '') return { country: fallbackCountry, national: '' };
  return readTyped(`+${clean}`, { country: fallbackCountry, national: '' });
}
