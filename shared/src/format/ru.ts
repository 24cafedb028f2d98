/**
 * Russian formatting through Intl: prices in roubles, dates, plurals. Formatters are made on first use and reused:
 * building one loads locale data (tens of milliseconds the first time), which should neither sit in the page's
 * start-up task nor be repeated for every card rendered.
 */
function memo<T>(make: () => T): () => T {
  let value: T | undefined;
  return () => (value ??= make());
}
const rub = memo(() => new Intl.NumberFormat('ru-RU', { style: 'currency', currency: 'RUB', maximumFractionDigits: 0 }));
const plural = memo(() => new Intl.PluralRules('ru-RU'));
const integer = memo(() => new Intl.NumberFormat('ru-RU'));
const dateFormats = new Map<string, Intl.DateTimeFormat>();

export function formatPrice(amount: number): string {
  return rub().format(amount);
}

/** pluralRu(5, ['экскурсия', 'экскурсии', 'экскурсий']) → '5 экскурсий' */
export function pluralRu(n: number, forms: readonly [one: string, few: string, many: string], withNumber = true): string {
  const rule = plural().select(n);
  const word = rule === 'one' ? forms[0] : rule === 'few' ? forms[1] : forms[2];
  return withNumber ? `${integer().format(n)} ${word}` : word;
}

export function formatDate(value: string | Date, options: Intl.DateTimeFormatOptions = { day: 'numeric', month: 'long', year: 'numeric' }): string {
  const key = JSON.stringify(options);
  let format = dateFormats.get(key);
  if (!format) dateFormats.set(key, (format = new Intl.DateTimeFormat('ru-RU', options)));
  return format.format(typeof value === 'string' ? new Date(value) : value);
}
