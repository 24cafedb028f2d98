import { getCountries, getCountryCallingCode, Metadata, type CountryCode } from 'libphonenumber-js';
import metadata from 'libphonenumber-js/metadata.min.json';

/** One entry of the country select (spec §3: name, iso2, dialCode, priority, areaCodes). */
export interface PhoneCountry {
  /** Russian name (Intl.DisplayNames). */
  name: string;
  iso2: CountryCode;
  dialCode: string;
  /** Order among the countries sharing a dial code: 0 is the main one (RU for +7). */
  priority: number;
  /** National number prefixes that pick this country within a shared dial code, or null. */
  areaCodes: string[] | null;
}

const regionNames = new Intl.DisplayNames('ru', { type: 'region' });
const collator = new Intl.Collator('ru');

function areaCodesOf(plans: Metadata, iso2: CountryCode): string[] | null {
  plans.selectNumberingPlan(iso2);
  const leading = plans.numberingPlan?.leadingDigits();
  // Only plain alternatives ('268', '658|876') are prefixes; patterns like '[3489]' stay null.
  return leading && /^\d+(\|\d+)*$/.test(leading) ? leading.split('|') : null;
}

function buildCountries(): PhoneCountry[] {
  const plans = new Metadata();
  const list = getCountries().map((iso2): PhoneCountry => {
    const dialCode = getCountryCallingCode(iso2);
    const sharing = metadata.country_calling_codes[dialCode] ?? [];
    return {
      name: regionNames.of(iso2) ?? iso2,
      iso2,
      dialCode,
      priority: Math.max(0, sharing.indexOf(iso2)),
      areaCodes: areaCodesOf(plans, iso2),
    };
  });
  // Russia first (preselected), then by Russian name.
  return list.sort((a, b) => (a.iso2 === 'RU' ? -1 : b.iso2 === 'RU' ? 1 : collator.compare(a.name, b.name)));
}

export const PHONE_COUNTRIES: readonly PhoneCountry[] = buildCountries();

const byIso = new Map(PHONE_COUNTRIES.map((c) => [c.iso2, c]));

export function countryByIso(iso2: string): PhoneCountry | undefined {
  return byIso.get(iso2 as CountryCode);
}

/** The main country (priority 0) of a calling code, e.g. '7' → RU. */
export function mainCountryOf(dialCode: string): CountryCode | undefined {
  return PHONE_COUNTRIES.find((c) => c.dialCode === dialCode && c.priority === 0)?.iso2;
}
