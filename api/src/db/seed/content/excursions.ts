// Generates the excursion catalog from hand-written specials and templates, city by city.
import type { CityInfo } from './city-info';
import {
  cancellationTerms, excluded, included, joinRu, meetingPoint, pickDuration, pickGroupSize, pickPrice, priceUnits, sightItem,
} from './excursion-details';
import { SPECIALS } from './excursion-specials';
import { CITY_TEMPLATES, SIGHT_TEMPLATES, type Mode, type Template } from './excursion-templates';
import { DEMO_PARTNER_PHONE } from './partners';
import { createRng, type Rng } from '../../../random';
import type { SightInfo } from './sight-info';
import { slugify, uniqueSlug } from '../../../text/slug';
import type { TagSlug } from './tags';
import type { ExcursionContent, GuideContent } from './types';

/** Excursion positions (within the city) that belong to the demo partner's guides. */
const DEMO_SLOTS: Record<string, { positions: number[]; guides: string[] }> = {
  'sankt-peterburg': { positions: [0, 2, 5, 9, 14], guides: ['mihail-orlov', 'artem-belov'] },
  moskva: { positions: [1, 4, 8], guides: ['olga-orlova'] },
};

const GROUP_NOTES = [
  'Экскурсия проходит в группе до {n} человек, поэтому гид успевает ответить на все вопросы.',
  'В группе не больше {n} человек, темп спокойный и подходит для любого возраста.',
];
const PRIVATE_NOTES = [
  'Экскурсия индивидуальная: гид подстроит маршрут и темп под ваши интересы.',
  'Только вы и гид — можно задавать любые вопросы и менять маршрут по ходу.',
];
const CLOSERS = [
  'Возьмите удобную обувь и бутылку воды.',
  'В конце гид подскажет, где вкусно поесть и что посмотреть самостоятельно.',
  'Маршрут можно адаптировать под погоду и сезон.',
  'Подойдёт и тем, кто приехал впервые, и тем, кто возвращается снова.',
];

interface Draft {
  title: string;
  tags: TagSlug[];
  mode: Mode;
  minutes: number;
  individual: boolean;
  sights: SightInfo[];
  intro: string;
  programme: string[];
  /** Overrides the default meeting point. */
  meet?: string;
}

interface CityContext { city: CityInfo; sights: SightInfo[]; isRussia: boolean }

function fill(text: string, city: CityInfo, sight?: SightInfo): string {
  const out = text
    .replaceAll('{name}', city.name).replaceAll('{gen}', city.gen).replaceAll('{dat}', city.dat)
    .replaceAll('{loc}', city.loc).replaceAll('{sight}', sight?.name ?? city.name);
  return out.charAt(0).toUpperCase() + out.slice(1);
}

function expandProgramme(items: readonly string[], sights: readonly SightInfo[], city: CityInfo): string[] {
  const expanded = items.flatMap((item) => (item === '{sights}' ? sights.map(sightItem) : [fill(item, city)]));
  if (expanded.length <= 6) return expanded;
  return [expanded[0] as string, ...expanded.slice(1, 5), expanded[expanded.length - 1] as string];
}

function templateDraft(rng: Rng, ctx: CityContext, template: Template, featured?: SightInfo): Draft {
  let sights: SightInfo[];
  if (featured) {
    const others = ctx.sights.filter((s) => s !== featured);
    sights = [featured, ...(rng.chance(0.3) ? rng.sample(others, 1) : [])];
  } else if (template.sightKinds) {
    sights = rng.sample(ctx.sights.filter((s) => template.sightKinds?.includes(s.kind)), rng.int(1, 3));
  } else if (template.programme.includes('{sights}')) {
    // Out-of-town nature sights only fit tours that travel by car.
    const reachable = template.mode === 'car' || template.mode === 'trip' ? ctx.sights : ctx.sights.filter((s) => s.kind !== 'nature');
    sights = rng.chance(0.15) ? [] : rng.sample(reachable, rng.int(1, 3));
  } else {
    sights = [];
  }
  const tags = template.tags.slice();
  if (tags.length < 3 && !tags.includes('muzei') && sights.some((s) => s.kind === 'museum') && rng.chance(0.4)) tags.push('muzei');
  return {
    title: fill(template.title, ctx.city, featured),
    tags,
    mode: template.mode,
    minutes: pickDuration(rng, template.minutes),
    individual: rng.chance(template.individual),
    sights,
    intro: fill(rng.pick(template.intro), ctx.city, featured),
    programme: expandProgramme(template.programme, sights, ctx.city),
  };
}

function candidateDrafts(rng: Rng, ctx: CityContext): Draft[] {
  const specials = SPECIALS.filter((s) => s.citySlug === ctx.city.slug).map((special): Draft => ({
    ...special,
    sights: special.sights.map((name) => {
      const sight = ctx.sights.find((s) => s.name === name);
      if (!sight) throw new Error(`Unknown sight «${name}» in ${ctx.city.slug}`);
      return sight;
    }),
    programme: special.programme.slice(),
    tags: special.tags.slice(),
    // «Встреча у станции …» as the first programme item is where the group meets.
    meet: special.programme[0]?.startsWith('Встреча у ') ? `У ${special.programme[0].slice('Встреча у '.length)}` : undefined,
  }));
  const cityTemplates = rng.shuffle(CITY_TEMPLATES.filter((t) =>
    (!t.needsWater || ctx.city.water) && (!t.onlyRussia || ctx.isRussia) && (!t.onlyAbroad || !ctx.isRussia) &&
    (!t.sightKinds || ctx.sights.some((s) => t.sightKinds?.includes(s.kind)))));
  const sightPairs = rng.shuffle(SIGHT_TEMPLATES.flatMap((t) =>
    ctx.sights.filter((s) => !t.sightKinds || t.sightKinds.includes(s.kind)).map((s) => ({ t, s }))));
  const drafts = specials;
  // Alternate city-wide and sight-centred excursions so every city gets a varied mix.
  for (let i = 0; i < Math.max(cityTemplates.length, sightPairs.length); i++) {
    const template = cityTemplates[i];
    if (template) drafts.push(templateDraft(rng, ctx, template));
    const pair = sightPairs[i];
    if (pair) drafts.push(templateDraft(rng, ctx, pair.t, pair.s));
  }
  return drafts;
}

/** 2–4 sentences: the template intro (one or two), the sights, the group format and sometimes a tip. */
function describe(rng: Rng, draft: Draft, groupSizeMax: number, featuredInTitle: boolean): string {
  const sentences = draft.intro.split(/(?<=[.!?])\s+/);
  if (draft.sights.length > 0 && !featuredInTitle && sentences.length < 3) {
    sentences.push(`В программе — ${joinRu(draft.sights.map((s) => s.name))}.`);
  }
  sentences.push(rng.pick(draft.individual ? PRIVATE_NOTES : GROUP_NOTES).replace('{n}', String(groupSizeMax)));
  if (sentences.length < 4 && rng.chance(0.5)) sentences.push(rng.pick(CLOSERS));
  return sentences.join(' ');
}

export function buildExcursions(
  cities: readonly CityInfo[], sights: readonly SightInfo[], guides: readonly GuideContent[], russianRegions: ReadonlySet<string>,
): ExcursionContent[] {
  const taken = new Set<string>();
  const excursions: ExcursionContent[] = [];
  const rotation = new Map<string, number>();
  for (const city of cities) {
    const rng = createRng(`excursions:${city.slug}`);
    const ctx: CityContext = { city, sights: sights.filter((s) => s.citySlug === city.slug), isRussia: russianRegions.has(city.regionSlug) };
    const regionGuides = guides.filter((g) => g.regionSlug === city.regionSlug && g.partnerPhone !== DEMO_PARTNER_PHONE);
    if (regionGuides.length === 0) throw new Error(`No guide for region ${city.regionSlug}`);
    const demo = DEMO_SLOTS[city.slug];
    const titles = new Set<string>();
    for (const draft of candidateDrafts(rng, ctx)) {
      if (titles.size >= city.excursionCount) break;
      if (titles.has(draft.title)) continue;
      const position = titles.size;
      titles.add(draft.title);
      let guideSlug: string;
      const demoIndex = demo?.positions.indexOf(position) ?? -1;
      if (demo && demoIndex >= 0) {
        guideSlug = demo.guides[demoIndex % demo.guides.length] as string;
      } else {
        const turn = rotation.get(city.regionSlug) ?? 0;
        rotation.set(city.regionSlug, turn + 1);
        guideSlug = (regionGuides[turn % regionGuides.length] as GuideContent).slug;
      }
      const guide = guides.find((g) => g.slug === guideSlug);
      const groupSizeMax = pickGroupSize(rng, draft.mode, draft.individual);
      const priceType = draft.individual && rng.chance(0.9) ? 'per_group' : 'per_person';
      const price = pickPrice(rng, draft.mode, draft.individual, priceType);
      const featuredInTitle = draft.sights.length === 1 && draft.title.includes(draft.sights[0]?.name ?? '\u0000');
      excursions.push({
        slug: uniqueSlug(slugify(draft.title, 60), taken),
        citySlug: city.slug,
        guideSlug,
        title: draft.title,
        description: describe(rng, draft, groupSizeMax, featuredInTitle),
        programme: draft.programme,
        included: included(rng, draft.mode, draft.tags.includes('s-detmi'), !draft.individual && groupSizeMax >= 15),
        excluded: excluded(rng, draft.mode),
        tagSlugs: draft.tags,
        sightSlugs: draft.sights.map((s) => s.slug),
        languages: guide?.languages.includes('en') && rng.chance(0.35) ? ['ru', 'en'] : ['ru'],
        durationMinutes: draft.minutes,
        meetingPoint: draft.meet ?? meetingPoint(draft.mode, city),
        format: draft.individual ? 'individual' : 'group',
        priceType,
        price,
        priceUnits: priceUnits(rng, priceType, price, groupSizeMax),
        groupSizeMax,
        instantBooking: rng.chance(0.5),
        cancellationTerms: cancellationTerms(rng, draft.mode),
        photoCount: rng.int(3, 6),
        popularity: Math.min(100, Math.max(1, Math.round(city.popularity * 0.5 + rng.int(0, 50)))),
      });
    }
  }
  return excursions;
}
