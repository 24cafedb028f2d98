// Customer reviews composed from fragments. «[она|он]» picks the form matching the author's gender.
import { createRng, type Rng } from '../../../random';
import type { ExcursionContent, GuideContent, ReviewContent, SightContent } from './types';

const FEMALE = ['Анна', 'Мария', 'Елена', 'Ольга', 'Наталья', 'Ирина', 'Татьяна', 'Светлана', 'Юлия', 'Екатерина', 'Дарья',
  'Ксения', 'Алина', 'Полина', 'Виктория', 'Анастасия', 'Марина', 'Людмила', 'Вера', 'Софья', 'Галина', 'Надежда', 'Алёна', 'Евгения'];
const MALE = ['Алексей', 'Дмитрий', 'Сергей', 'Андрей', 'Михаил', 'Иван', 'Павел', 'Николай', 'Артём', 'Максим', 'Егор',
  'Владимир', 'Константин', 'Игорь', 'Роман', 'Олег', 'Денис', 'Антон', 'Кирилл', 'Георгий', 'Виталий', 'Григорий'];
const INITIALS = 'АБВГДЕЗИКЛМНОПРСТФХЧШЯ'.split('');

const OPENERS_GOOD = [
  'Отличная экскурсия!',
  'Это было лучшее, что случилось в нашей поездке.',
  'Брали экскурсию в первый же день и ни капли не пожалели.',
  'Были всей семьёй и остались в полном восторге.',
  'Я [ходила|ходил] на эту экскурсию уже второй раз — и снова с огромным удовольствием.',
  'Выбирали долго, читали отзывы — и они не обманули.',
  'Ездили с подругой, впечатлений — на год вперёд.',
  'Потрясающая прогулка!',
  'Очень душевная и познавательная прогулка.',
  'Долго [сомневалась|сомневался], стоит ли брать экскурсию, и теперь рад[а|], что решил[ась|ся].',
  'Замечательная экскурсия, время пролетело незаметно.',
  '[Была|Был] в командировке и [выделила|выделил] пару часов на экскурсию — лучшее решение за всю поездку.',
  'Ездили с родителями, всем понравилось, хотя у нас очень разные интересы.',
  'Уже не первый раз бронирую здесь экскурсии, и эта — одна из лучших.',
  'Всё прошло идеально: от переписки до прощания.',
  'Очень понравилось!',
  'Класс! Именно так и должны выглядеть экскурсии.',
];
const OPENERS_OK = [
  'В целом экскурсия понравилась.',
  'Неплохая прогулка, хотя есть что улучшить.',
  'Ожидания оправдались частично.',
];
const GUIDE_LINES = [
  '{guide} рассказывает живо, с юмором и без заученных фраз.',
  '{guide} знает о городе, кажется, всё и умеет говорить так, что не замечаешь времени.',
  'Гид {guide} отвечает на любые вопросы и делится личными историями.',
  'Наш гид {guide} подстроил[а|] маршрут под наши интересы, за что отдельное спасибо.',
  'С гидом повезло: {guide} — настоящий знаток своего дела.',
  'Спасибо, {guide}, за внимание к каждому в группе!',
  'Гид {guide} заранее написал[а|] в чат, уточнил[а|] детали и встретил[а|] нас вовремя.',
  '{guide} — очень обаятельный человек, с которым хочется говорить часами.',
  'Чувствуется, что {guide} любит свой город и своё дело.',
];
const MODE_LINES: Record<string, string[]> = {
  gastronomicheskie: ['Всё было очень вкусно, а порции такие, что обедать потом не понадобилось.', 'Попробовали блюда, которые сами ни за что бы не нашли.'],
  's-detmi': ['Детям было интересно до самого конца, сын до сих пор вспоминает задания.', 'Дочке 8 лет, она ни разу не заскучала.'],
  vodnye: ['Виды с воды потрясающие, а пледы очень пригодились.', 'Катер удобный, на борту было тепло и уютно.'],
  'na-avtomobile': ['Машина комфортная, за рулём аккуратно, остановок для фото было достаточно.', 'Дорога пролетела незаметно за разговорами.'],
  nochnye: ['Вечерний город — это отдельная любовь, подсветка невероятная.', 'Идти в сумерках было немного жутковато, но очень атмосферно.'],
  priroda: ['Природа невероятная, фотографии получились как открытки.', 'Маршрут несложный, справились даже без подготовки.'],
  muzei: ['В музее гид [провела|провёл] нас к самым интересным экспонатам, не пришлось бегать по залам.'],
};
const GENERAL_LINES = [
  'Маршрут продуман отлично, ни минуты скуки.',
  'Узнали много нового даже о тех местах, где бывали раньше.',
  'Темп комфортный, успели и посмотреть, и сфотографироваться.',
  'Много интересных фактов, которых нет в путеводителях.',
  'Получили кучу рекомендаций, куда сходить и где поесть.',
  'Никакой зубрёжки дат — только живые истории.',
  'Было много неожиданных мест, куда сами бы точно не дошли.',
  'Погода была так себе, но настроение это не испортило.',
  'Группа подобралась приятная, общались и после экскурсии.',
];
const CRITIC_MILD = [
  'Единственное — немного не хватило времени на фотографии.',
  'Из минусов — группа была великовата, но гид справлялся.',
  'Хотелось бы чуть больше перерывов.',
  'Погода подвела, но это уже не к гиду.',
];
const CRITIC_STRONG = [
  'Часть маршрута показалась затянутой.',
  'Встреча началась с опозданием минут на пятнадцать.',
  'Ожидали большего по содержанию, многое было уже знакомо.',
];
const CLOSERS = ['Рекомендую!', 'Обязательно вернёмся и возьмём другую экскурсию у этого гида.', 'Всем советую.', 'Однозначно пять звёзд.', 'Спасибо за прекрасный день!'];
const REPLIES_GOOD = [
  '{author}, большое спасибо за отзыв! Будем рады видеть вас снова.',
  'Спасибо, {author}! Очень приятно читать такие слова. Приезжайте ещё — покажем другие маршруты.',
  '{author}, спасибо, что выбрали нашу экскурсию! Передавайте привет всем, кто был с вами.',
];
const REPLIES_CRITICAL = [
  '{author}, спасибо за честный отзыв! Учтём замечания, чтобы следующая прогулка была ещё лучше.',
  'Спасибо, что нашли время написать. Мы уже добавили в маршрут дополнительную остановку для отдыха.',
];

/** Replaces «[female|male]» alternatives by the author's form. */
const gendered = (text: string, female: boolean): string =>
  text.replace(/\[([^|\]]*)\|([^\]]*)\]/g, (_m, f: string, m: string) => (female ? f : m));

function rating(rng: Rng): number {
  const roll = rng.next();
  return roll < 0.7 ? 5 : roll < 0.92 ? 4 : roll < 0.98 ? 3 : 2;
}

function reviewText(
  rng: Rng, stars: number, guide: { name: string; female: boolean }, excursion: ExcursionContent, sightNames: string[], female: boolean,
): string {
  const parts: string[] = [rng.pick(stars >= 4 ? OPENERS_GOOD : OPENERS_OK)];
  if (stars === 5 && rng.chance(0.2)) {
    // A quarter of happy customers write just a line or two.
    parts.push(rng.pick(rng.chance(0.5) ? CLOSERS : GENERAL_LINES));
    return gendered(parts.join(' '), female);
  }
  // Lines about the guide agree with the guide's gender, the rest with the author's.
  if (stars >= 3 || rng.chance(0.5)) parts.push(gendered(rng.pick(GUIDE_LINES).replace('{guide}', guide.name), guide.female));
  const tagLines = excursion.tagSlugs.flatMap((tag) => MODE_LINES[tag] ?? []);
  parts.push(gendered(rng.pick(tagLines.length > 0 && rng.chance(0.6) ? tagLines : GENERAL_LINES), guide.female));
  if (sightNames.length > 0 && rng.chance(0.3)) parts.push(`Самое яркое впечатление — ${rng.pick(sightNames)}.`);
  if (stars === 4 && rng.chance(0.6)) parts.push(rng.pick(CRITIC_MILD));
  if (stars <= 3) parts.push(rng.pick(CRITIC_STRONG));
  if (stars === 5 && rng.chance(0.6)) parts.push(rng.pick(CLOSERS));
  return gendered(parts.join(' '), female);
}

export function buildReviews(
  excursions: readonly ExcursionContent[], guides: readonly GuideContent[], sights: readonly SightContent[],
): ReviewContent[] {
  const sightName = new Map(sights.map((s) => [s.slug, s.name]));
  const reviews: ReviewContent[] = [];
  for (const excursion of excursions) {
    const rng = createRng(`reviews:${excursion.slug}`);
    const guide = guides.find((g) => g.slug === excursion.guideSlug);
    const guideName = guide?.name.split(' ')[0] ?? 'Гид';
    const guideInfo = { name: guideName, female: /[ая]$/.test(guideName) || ['Нино', 'Гаянэ', 'Лусине', 'Ани'].includes(guideName) };
    const count = rng.chance(0.08) ? rng.int(0, 4) : rng.int(6, 15);
    for (let i = 0; i < count; i++) {
      const female = rng.chance(0.6);
      const firstName = rng.pick(female ? FEMALE : MALE);
      const stars = rating(rng);
      const sightNames = excursion.sightSlugs.flatMap((slug) => sightName.get(slug) ?? []);
      const text = reviewText(rng, stars, guideInfo, excursion, sightNames, female);
      const reply = rng.chance(0.2)
        ? rng.pick(stars >= 5 ? REPLIES_GOOD : REPLIES_CRITICAL).replace('{author}', firstName)
        : null;
      reviews.push({
        excursionSlug: excursion.slug,
        authorName: `${firstName} ${rng.pick(INITIALS)}.`,
        rating: stars,
        text,
        daysAgo: rng.int(1, 700),
        reply,
      });
    }
  }
  return reviews;
}
