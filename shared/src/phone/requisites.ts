// Checks of a partner's contacts and legal details: one reading for the profile form and the api.

export type LegalTypeCode = 'individual' | 'self_employed' | 'company';

const W10 = [2, 4, 10, 3, 5, 9, 4, 6, 8];
const W11 = [7, 2, 4, 10, 3, 5, 9, 4, 6, 8];
const W12 = [3, 7, 2, 4, 10, 3, 5, 9, 4, 6, 8];

const control = (digits: number[], weights: number[]) =>
  (weights.reduce((sum, w, i) => sum + w * digits[i]!, 0) % 11) % 10;

/**
 * An INN with its control digits (the FNS algorithm): 10 digits for a company (one control digit), 12 for a person,
 * an individual entrepreneur or a self-employed person (two control digits).
 */
export function innIsValid(inn: string): boolean {
  if (!/^(\d{10}|\d{12})$/.test(inn)) return false;
  const d = [...inn].map(Number);
  if (d.length === 10) return control(d, W10) === d[9];
  return control(d, W11) === d[10] && control(d, W12) === d[11];
}

/** The length an INN must have for a legal form: a company's has 10 digits, a person's 12. */
export const innLength = (legalType: LegalTypeCode): 10 | 12 => (legalType === 'company' ? 10 : 12);

/** Why an INN is refused for a legal form, in Russian, or null when it is right ('' is «not given»). */
export function innProblem(inn: string, legalType: LegalTypeCode): string | null {
  if (inn === '') return null;
  const length = innLength(legalType);
  if (!/^\d+$/.test(inn)) return 'ИНН состоит только из цифр.';
  if (inn.length !== length) {
    return legalType === 'company' ? 'ИНН организации — 10 цифр.' : 'ИНН физического лица — 12 цифр.';
  }
  return innIsValid(inn) ? null : 'ИНН с ошибкой: не сходятся контрольные цифры.';
}

/** A plain e-mail address (what receipts and the service's letters can be sent to). */
export function emailIsValid(email: string): boolean {
  return email.length <= 254 && /^[^\s@]+@[^\s@.]+(?:\.[^\s@.]+)*\.[^\s@.]{2,}$/u.test(email);
}
