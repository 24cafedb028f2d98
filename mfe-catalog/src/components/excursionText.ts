import { formatPrice, pluralRu, type ExcursionFormat, type PriceType } from '@excursio/shared';

const decimal = new Intl.NumberFormat('ru-RU', { maximumFractionDigits: 1 });

/** 45 → «45 минут», 120 → «2 часа», 150 → «2,5 часа», 200 → «3 ч 20 мин», 2880 → «2 дня». */
export function formatDuration(minutes: number): string {
  if (minutes < 60) return pluralRu(minutes, ['минута', 'минуты', 'минут']);
  if (minutes >= 1440 && minutes % 1440 === 0) return pluralRu(minutes / 1440, ['день', 'дня', 'дней']);
  const hours = minutes / 60;
  if (Number.isInteger(hours)) return pluralRu(hours, ['час', 'часа', 'часов']);
  if (minutes % 30 === 0) return `${decimal.format(hours)} часа`;
  return `${Math.floor(hours)} ч ${minutes % 60} мин`;
}

export const FORMAT_LABEL: Record<ExcursionFormat, string> = {
  group: 'Групповая',
  individual: 'Индивидуальная',
};

export const PRICE_TYPE_LABEL: Record<PriceType, string> = {
  per_person: 'за человека',
  per_group: 'за группу',
};

/** «2 500 ₽ за человека». */
export function formatPriceFor(price: number, type: PriceType): string {
  return `${formatPrice(price)} ${PRICE_TYPE_LABEL[type]}`;
}

let languageNames: Intl.DisplayNames | null = null;

/** 'en' → «английский». */
export function languageName(code: string): string {
  try {
    languageNames ??= new Intl.DisplayNames(['ru'], { type: 'language' });
    return languageNames.of(code) ?? code;
  } catch {
    return code;
  }
}

export function languagesText(codes: readonly string[]): string {
  return codes.map(languageName).join(', ');
}

/** The address of an excursion page. */
export function excursionPath(e: { slug: string; city: { slug: string }; region: { slug: string } }): string {
  return `/excursion/${e.region.slug}/${e.city.slug}/${e.slug}`;
}

export const EXCURSION_FORMS = ['экскурсия', 'экскурсии', 'экскурсий'] as const;
