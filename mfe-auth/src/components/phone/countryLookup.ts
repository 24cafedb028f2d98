import { getRuntimeConfig } from '@excursio/shared';
import type { CountryCode } from 'libphonenumber-js';
import { countryByIso } from './countries';

/** How long the third-party lookup may take before Russia stays selected. */
export const COUNTRY_LOOKUP_TIMEOUT_MS = 3000;

/**
 * The visitor's country from the lookup answer (spec §7): the first character is '1' on success,
 * characters 3–4 are the ISO code (e.g. '1;RU;RUS;Russia'). Null when it failed or names no country we list.
 */
export function parseCountryLookup(text: string): CountryCode | null {
  if (text.charAt(0) !== '1') return null;
  const iso = text.slice(2, 4).toUpperCase();
  return countryByIso(iso)?.iso2 ?? null;
}

/** GET the configured lookup service; null (Russia stays) when it is not configured, slow or failing. */
export async function lookupVisitorCountry(
  url: string | null = getRuntimeConfig().countryLookupUrl,
  fetchImpl: typeof fetch = (input, init) => globalThis.fetch(input, init),
): Promise<CountryCode | null> {
  if (!url) return null;
  const controller = new AbortController();
  const timer = setTimeout(() => controller.abort(), COUNTRY_LOOKUP_TIMEOUT_MS);
  try {
    const res = await fetchImpl(url, { signal: controller.signal, headers: { Accept: 'text/plain' } });
    return res.ok ? parseCountryLookup(await res.text()) : null;
  } catch {
    return null;
  } finally {
    clearTimeout(timer);
  }
}

let once: Promise<CountryCode | null> | null = null;

/** One lookup per page, whatever the number of times the modal opens. */
export function visitorCountry(): Promise<CountryCode | null> {
  once ??= lookupVisitorCountry();
  return once;
}
