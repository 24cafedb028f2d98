import { parsePhoneNumberFromString } from 'libphonenumber-js';

/** '79990000001' → '+7 (999) 000-00-01'; other countries in their international format ('+375 29 123 45 67'). */
export function formatPhone(phone: string): string {
  const d = phone.replace(/\D/g, '');
  if (d.length === 11 && d.startsWith('7')) {
    return `+7 (${d.slice(1, 4)}) ${d.slice(4, 7)}-${d.slice(7, 9)}-${d.slice(9, 11)}`;
  }
  return parsePhoneNumberFromString(`+${d}`)?.formatInternational() ?? (d ? `+${d}` : '');
}
