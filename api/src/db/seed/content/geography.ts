// Countries and regions of the seed catalog. Cities live in cities-russia.ts / cities-abroad.ts.
import type { CountryContent, RegionContent } from './types';

export const COUNTRIES: CountryContent[] = [
  {
    slug: 'rossiya',
    name: 'Россия',
    description:
      'Самая большая страна мира: от балтийских дюн Калининграда до Байкала и вершин Кавказа. Древние кремли Золотого кольца, дворцы Петербурга, татарская Казань и черноморские курорты — экскурсии на любой вкус и сезон.',
  },
  {
    slug: 'gruziya',
    name: 'Грузия',
    description:
      'Страна гор, вина и гостеприимства. Старый Тбилиси, древние монастыри Мцхеты, Казбек и виноградники Кахетии, субтропический Батуми — всё это в нескольких часах езды друг от друга.',
  },
  {
    slug: 'armeniya',
    name: 'Армения',
    description:
      'Одна из древнейших христианских стран мира с видом на библейский Арарат. Розовый Ереван, языческий храм Гарни, монастыри в горах и высокогорное озеро Севан.',
  },
  {
    slug: 'uzbekistan',
    name: 'Узбекистан',
    description:
      'Сердце Великого шёлкового пути: бирюзовые купола Самарканда, священная Бухара и глиняная Хива. Восточные базары, плов и гостеприимство, о котором слагают легенды.',
  },
];

/** IANA zone of a country's regions, unless REGION_TIME_ZONES names another. */
const COUNTRY_TIME_ZONES: Record<string, string> = {
  rossiya: 'Europe/Moscow',
  gruziya: 'Asia/Tbilisi',
  armeniya: 'Asia/Yerevan',
  uzbekistan: 'Asia/Tashkent',
};

const REGION_TIME_ZONES: Record<string, string> = {
  'kaliningradskaya-oblast': 'Europe/Kaliningrad',
  'irkutskaya-oblast': 'Asia/Irkutsk',
  // IANA splits Uzbekistan in two (same clock): the west is Asia/Samarkand.
  'samarkandskaya-oblast': 'Asia/Samarkand',
  'buharskaya-oblast': 'Asia/Samarkand',
  'horezmskaya-oblast': 'Asia/Samarkand',
};

const region = (slug: string, countrySlug: string, name: string, description: string): RegionContent => ({
  slug, countrySlug, name, description,
});

export const REGIONS: RegionContent[] = [
  region('moskva-i-podmoskove', 'rossiya', 'Москва и Подмосковье',
    'Столица с Кремлём и сотнями музеев, а вокруг — монастыри, усадьбы и древние города Подмосковья, до которых легко добраться за день.'),
  region('leningradskaya-oblast', 'rossiya', 'Санкт-Петербург и Ленинградская область',
    'Имперский Петербург, фонтаны Петергофа, дворцы Царского Села и средневековый Выборг: северо-запад России, созданный для неспешных прогулок.'),
  region('tatarstan', 'rossiya', 'Республика Татарстан',
    'Казанский кремль, остров-град Свияжск и купеческая Елабуга. Край, где встречаются Восток и Запад, а чак-чак подают к каждому чаю.'),
  region('kaliningradskaya-oblast', 'rossiya', 'Калининградская область',
    'Прусские замки и форты, Куршская коса и курорты Балтики: самый западный регион России с европейским характером.'),
  region('krasnodarskiy-kray', 'rossiya', 'Краснодарский край',
    'Черноморское побережье, горы Кавказа, водопады и винодельни. Главный курортный регион страны с экскурсиями круглый год.'),
  region('nizhegorodskaya-oblast', 'rossiya', 'Нижегородская область',
    'Волга и Ока, кремль на высоком берегу и народные промыслы: хохлома, городецкая роспись и печатные пряники.'),
  region('yaroslavskaya-oblast', 'rossiya', 'Ярославская область',
    'Сердце Золотого кольца: тысячелетний Ярославль, Ростов Великий с кремлём на озере Неро и тихий волжский Углич.'),
  region('vladimirskaya-oblast', 'rossiya', 'Владимирская область',
    'Белокаменные соборы домонгольской Руси, город-музей Суздаль и былинный Муром на Оке.'),
  region('kareliya', 'rossiya', 'Республика Карелия',
    'Край тысячи озёр: Онежское и Ладожское озёра, мраморный каньон Рускеала, водопады и деревянные церкви Кижей.'),
  region('dagestan', 'rossiya', 'Республика Дагестан',
    'Сулакский каньон, бархан Сарыкум, древний Дербент и горные аулы. Дагестан удивляет природой и гостеприимством.'),
  region('irkutskaya-oblast', 'rossiya', 'Иркутская область',
    'Байкал — самое глубокое озеро планеты, а рядом деревянный Иркутск с кружевными наличниками и сибирским характером.'),
  region('pskovskaya-oblast', 'rossiya', 'Псковская область',
    'Псковский кремль, Изборская крепость и Псково-Печерский монастырь: земля, где хранят память о древней Руси.'),
  region('novgorodskaya-oblast', 'rossiya', 'Новгородская область',
    'Великий Новгород — колыбель русской государственности, Софийский собор XI века и берестяные грамоты.'),
  region('tbilisi', 'gruziya', 'Тбилиси',
    'Грузинская столица с серными банями, балконами старого города и крепостью Нарикала над Курой.'),
  region('mtsheta-mtianeti', 'gruziya', 'Мцхета-Мтианети',
    'Древняя столица Мцхета и Военно-Грузинская дорога к подножию Казбека: святыни и горы в одном маршруте.'),
  region('adzhariya', 'gruziya', 'Аджария',
    'Черноморское побережье Грузии с Батуми, ботаническим садом, горными водопадами и арочными мостами.'),
  region('imeretiya', 'gruziya', 'Имеретия',
    'Кутаиси, каньоны и пещеры Западной Грузии: край древней Колхиды и мифов о золотом руне.'),
  region('kahetiya', 'gruziya', 'Кахетия',
    'Винный край Грузии: Алазанская долина, квеври, монастыри на холмах и город любви Сигнахи.'),
  region('erevan', 'armeniya', 'Ереван',
    'Армянская столица с Каскадом, Матенадараном и видом на Арарат. Отправная точка поездок по всей стране.'),
  region('shirakskaya-oblast', 'armeniya', 'Ширакская область',
    'Гюмри — город ремёсел и чёрного туфа, а также высокогорные плато и старинные церкви севера Армении.'),
  region('kotayskaya-oblast', 'armeniya', 'Котайкская область',
    'Языческий храм Гарни, пещерный монастырь Гегард и курорт Цахкадзор — всё в часе езды от Еревана.'),
  region('gegharkunikskaya-oblast', 'armeniya', 'Гегаркуникская область',
    'Озеро Севан на высоте почти двух тысяч метров, монастыри на его берегах и хачкары Норатуса.'),
  region('tavushskaya-oblast', 'armeniya', 'Тавушская область',
    'Лесистые горы, Дилижан и средневековые монастыри Агарцин и Гошаванк: зелёный север Армении.'),
  region('tashkent', 'uzbekistan', 'Ташкент',
    'Столица Узбекистана — большой современный город с древними медресе, шумными базарами и красивейшим метро.'),
  region('samarkandskaya-oblast', 'uzbekistan', 'Самаркандская область',
    'Самарканд с площадью Регистан и мавзолеем Гур-Эмир, а также горы и кишлаки в окрестностях.'),
  region('buharskaya-oblast', 'uzbekistan', 'Бухарская область',
    'Священная Бухара, загородные резиденции эмиров и мастерские ремесленников, работающих по старинным рецептам.'),
  region('horezmskaya-oblast', 'uzbekistan', 'Хорезмская область',
    'Хива, Ургенч и крепости древнего Хорезма на краю пустыни Кызылкум.'),
];

/** The IANA zone of the cities of a region. */
export function timeZoneOfRegion(regionSlug: string): string {
  const region = REGIONS.find((r) => r.slug === regionSlug);
  if (!region) throw new Error(`Seed catalog: unknown region "${regionSlug}"`);
  const zone = REGION_TIME_ZONES[regionSlug] ?? COUNTRY_TIME_ZONES[region.countrySlug];
  if (!zone) throw new Error(`Seed catalog: no time zone for region "${regionSlug}"`);
  return zone;
}
