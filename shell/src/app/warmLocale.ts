/**
 * The first Intl object of a page loads the ru-RU locale data of the browser's ICU: about 10 ms on a 2-core machine,
 * 40 ms at Lighthouse's 4× CPU slowdown, paid once per page whichever formatter comes first. Left to the first price or
 * rating a page formats, it lands inside the longest start-up task (the catalog's modules, then hydration) and makes
 * it longer; called on its own, between two yields, it is a short task of its own and the later formatters are cheap.
 */
export function warmLocaleData(locale = 'ru-RU'): void {
  try {
    new Intl.NumberFormat(locale).format(1);
    new Intl.PluralRules(locale).select(1);
  } catch {
    // no Intl data: the formatters fail where they are used, as before
  }
}
