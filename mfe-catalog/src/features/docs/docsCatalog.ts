/** The nine documents of spec §2 (slugs are part of the public addresses). */
export interface DocEntry {
  slug: string;
  title: string;
  description: string;
}

export const DOCS: readonly DocEntry[] = [
  { slug: 'help', title: 'Помощь', description: 'Ответы на вопросы о бронировании экскурсий на Excursio.' },
  { slug: 'terms', title: 'Условия использования', description: 'Условия использования сервиса Excursio.' },
  {
    slug: 'oferta',
    title: 'Оферта и пользовательское соглашение',
    description: 'Оферта и пользовательское соглашение сервиса Excursio.',
  },
  { slug: 'plateji', title: 'Оплата', description: 'Как оплатить экскурсию на Excursio.' },
  {
    slug: 'privacy',
    title: 'Политика конфиденциальности',
    description: 'Как Excursio обрабатывает и защищает персональные данные.',
  },
  { slug: 'vozvrat', title: 'Возврат', description: 'Условия возврата оплаты за экскурсии.' },
  { slug: 'articles', title: 'Статьи', description: 'Статьи Excursio о путешествиях и экскурсиях.' },
  { slug: 'legal-info', title: 'Юридическая информация', description: 'Юридическая информация о сервисе Excursio.' },
  {
    slug: 'agreement-guide-user',
    title: 'Соглашение между гидом и путешественником',
    description: 'Соглашение между гидом и путешественником на Excursio.',
  },
];

export function docBySlug(slug: string | undefined): DocEntry | undefined {
  return DOCS.find((d) => d.slug === slug);
}
