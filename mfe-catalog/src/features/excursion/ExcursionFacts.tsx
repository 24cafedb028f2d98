import type { ExcursionDetail } from '@excursio/shared';
import { FORMAT_LABEL, formatDuration, languagesText } from '../../components/excursionText';

/** Duration, format, languages, group size and the meeting point at a glance. */
export function ExcursionFacts({ excursion }: { excursion: ExcursionDetail }) {
  const facts: Array<[string, string]> = [
    ['Длительность', formatDuration(excursion.duration_minutes)],
    ['Формат', FORMAT_LABEL[excursion.format]],
    ['Языки', languagesText(excursion.languages)],
    ['Группа', `до ${excursion.group_size_max} человек`],
    ['Бронирование', excursion.instant_booking ? 'Мгновенное' : 'С подтверждением гида'],
  ];
  return (
    <dl className="cat-facts">
      {facts.map(([term, value]) => (
        <div key={term} className="cat-facts__item">
          <dt>{term}</dt>
          <dd>{value}</dd>
        </div>
      ))}
      <div className="cat-facts__item cat-facts__item--wide">
        <dt>Место встречи</dt>
        <dd>{excursion.meeting_point}</dd>
      </div>
    </dl>
  );
}

/** A titled list of lines (programme, included, excluded). */
export function LineList({ title, lines, ordered = false, mark }: { title: string; lines: readonly string[]; ordered?: boolean; mark?: 'yes' | 'no' }) {
  if (lines.length === 0) return null;
  const List = ordered ? 'ol' : 'ul';
  return (
    <div className="cat-lines">
      <h3 className="cat-lines__title">{title}</h3>
      <List className={`cat-lines__list${mark ? ` cat-lines__list--${mark}` : ''}`}>
        {lines.map((line, i) => (
          <li key={i}>{line}</li>
        ))}
      </List>
    </div>
  );
}
