// Practical details of a generated excursion: prices, inclusions, meeting point, cancellation terms.
import type { CityInfo } from './city-info';
import type { Mode } from './excursion-templates';
import type { Rng } from '../../../random';
import type { SightInfo, SightKind } from './sight-info';
import type { PriceUnitContent } from './types';

type Range = [number, number];

const GROUP_PRICE: Record<Mode, Range> = {
  walk: [900, 2500], gastro: [2500, 5500], boat: [1000, 3000], tickets: [1800, 4500],
  car: [2500, 5000], trip: [2500, 6500], bike: [1500, 3000],
};
const PRIVATE_PRICE: Record<Mode, Range> = {
  walk: [4000, 9000], gastro: [7000, 14000], boat: [6000, 16000], tickets: [6000, 14000],
  car: [6000, 15000], trip: [9000, 25000], bike: [5000, 9000],
};
const GROUP_SIZE: Record<Mode, Range> = {
  walk: [10, 20], gastro: [8, 12], boat: [20, 30], tickets: [10, 25], car: [6, 12], trip: [8, 18], bike: [8, 12],
};

export const round100 = (value: number): number => Math.round(value / 100) * 100;

export function pickGroupSize(rng: Rng, mode: Mode, individual: boolean): number {
  if (individual) return rng.int(4, 8);
  const [min, max] = GROUP_SIZE[mode];
  return rng.int(min, max);
}

/** Price of the whole group (private per_group) or of one adult (per_person; private tours cost more). */
export function pickPrice(rng: Rng, mode: Mode, individual: boolean, priceType: 'per_person' | 'per_group'): number {
  const [min, max] = (priceType === 'per_group' ? PRIVATE_PRICE : GROUP_PRICE)[mode];
  const factor = priceType === 'per_person' && individual ? 1.8 : 1;
  return Math.min(25000, Math.max(900, round100((min + rng.next() * (max - min)) * factor)));
}

export function priceUnits(rng: Rng, priceType: 'per_person' | 'per_group', price: number, groupSizeMax: number): PriceUnitContent[] {
  if (priceType === 'per_group') return [{ code: 'group', name: `Группа до ${groupSizeMax} человек`, price }];
  const units: PriceUnitContent[] = [
    { code: 'adult', name: 'Взрослый', price },
    { code: 'child', name: 'Детский', price: Math.max(500, round100(price * 0.6)) },
  ];
  if (rng.chance(0.4)) units.push({ code: 'senior', name: 'Пенсионный', price: round100(price * 0.8) });
  return units;
}

export function pickDuration(rng: Rng, [min, max]: Range): number {
  const steps = Math.floor((max - min) / 30);
  return min + 30 * rng.int(0, steps);
}

const capitalize = (text: string): string => text.charAt(0).toUpperCase() + text.slice(1);

export function meetingPoint(mode: Mode, city: CityInfo): string {
  if (mode === 'car') return `Гид заберёт вас от гостиницы или по любому адресу в центре ${city.gen}`;
  if (mode === 'trip') return `Выезд от вашей гостиницы в центре ${city.gen}; можно договориться о другом месте встречи`;
  if (mode === 'boat') return `Причал в центре ${city.gen}: точное место гид пришлёт после бронирования`;
  return capitalize(city.meet);
}

export function included(rng: Rng, mode: Mode, forKids: boolean, largeGroup: boolean): string[] {
  const items = ['Услуги гида'];
  if (mode === 'gastro') items.push('Дегустации по программе', 'Чай или кофе');
  if (mode === 'tickets') items.push('Входные билеты по программе');
  if (mode === 'boat') items.push('Билет на катер', 'Пледы в прохладную погоду');
  if (mode === 'car') items.push('Трансфер на комфортабельном автомобиле', 'Питьевая вода');
  if (mode === 'trip') items.push('Трансфер на комфортабельном автомобиле или минивэне', 'Питьевая вода в дороге');
  if (mode === 'bike') items.push('Аренда велосипеда и шлема');
  if (forKids) items.push('Задания и призы для детей');
  if (largeGroup || (mode === 'tickets' && rng.chance(0.5))) items.push('Радиогид (наушники)');
  return items;
}

export function excluded(rng: Rng, mode: Mode): string[] {
  const items: string[] = [];
  if (mode !== 'tickets') items.push('Входные билеты в музеи и храмы (по желанию)');
  if (mode === 'gastro') items.push('Дополнительные блюда и алкоголь сверх программы');
  else if (mode === 'trip') items.push('Обед (около 1000–1500 ₽ на человека)');
  else items.push('Обед и напитки');
  if (mode === 'walk' || mode === 'gastro' || mode === 'tickets' || mode === 'bike') items.push('Проезд до места встречи');
  if (rng.chance(0.5)) items.push('Сувениры и личные расходы');
  return items;
}

const CANCELLATION = [
  'Бесплатная отмена за 24 часа до начала экскурсии — предоплата вернётся полностью. При отмене менее чем за 24 часа возвращается 50% предоплаты, менее чем за 2 часа — предоплата не возвращается.',
  'Бесплатная отмена за 24 часа до начала. Если планы изменились позже, напишите гиду в чат заказа — часто удаётся перенести экскурсию на другую дату.',
  'Бесплатная отмена за 24 часа до начала. Если гид отменит экскурсию, например из-за непогоды, предоплата вернётся полностью или встречу перенесут на удобный вам день.',
];

export function cancellationTerms(rng: Rng, mode: Mode): string {
  if (mode === 'trip' || mode === 'boat') return CANCELLATION[2] as string;
  return rng.pick(CANCELLATION.slice(0, 2));
}

const SIGHT_ITEM: Record<SightKind, string> = {
  museum: 'главные залы и шедевры',
  temple: 'история и убранство',
  fortress: 'стены, башни и легенды',
  nature: 'прогулка и фотостоп',
  park: 'прогулка и лучшие виды',
  street: 'прогулка и рассказ о прошлом',
  palace: 'парадные залы и сады',
};

export function sightItem(sight: SightInfo): string {
  return `${sight.name}: ${SIGHT_ITEM[sight.kind]}`;
}

/** «А», «А и Б», «А, Б и В». */
export function joinRu(items: readonly string[]): string {
  if (items.length <= 1) return items.join('');
  return `${items.slice(0, -1).join(', ')} и ${items[items.length - 1]}`;
}
