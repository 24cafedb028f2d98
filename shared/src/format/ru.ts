/** Russian formatting through Intl: prices in roubles, dates, plurals. */
const rub = new Intl.NumberFormat('ru-RU', { style: 'currency', currency: 'RUB', maximumFractionDigits: 0 });
const plural = new Intl.PluralRules('ru-RU');

export function formatPrice(amount: number): string {
  return rub.format(amount);
}

/** pluralRu(5, ['экскурсия', 'экскурсии', 'экскурсий']) → '5 экскурсий' */
export function pluralRu(n: number, forms: readonly [one: string, few: string, many: string], withNumber = true): string {
  const rule = plural.select(n);
  const word = rule === 'one' ? forms[0] : rule === 'few' ? forms[1] : forms[2];
  return withNumber ? `${new Intl.NumberFormat('ru-RU').format(n)} ${word}` : word;
}

export function formatDate(value: string | Date, options: Intl.DateTimeFormatOptions = { day: 'numeric', month: 'long', year: 'numeric' }): string {
  return new Intl.DateTimeFormat('ru-RU', options).format(typeof value === 'string' ? new Date(value) : value);
}
