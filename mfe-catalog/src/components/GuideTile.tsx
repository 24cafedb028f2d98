import { Link } from '@excursio/shared/router';
import { pluralRu, type GuideCard } from '@excursio/shared';
import { Photo } from './Photo';
import { formatRating } from './RatingStars';
import { EXCURSION_FORMS, languagesText } from './excursionText';
import './guide-tile.css';

/** A guide: round photo, name, rating, languages and number of excursions. */
export function GuideTile({ guide }: { guide: GuideCard }) {
  return (
    <Link to={`/excursion/guides/${guide.slug}`} className="cat-guide">
      <Photo src={guide.photo_url} alt={guide.name} ratio="1/1" className="cat-guide__photo" />
      <span className="cat-guide__body">
        <span className="cat-guide__name">{guide.name}</span>
        {guide.rating > 0 && <span className="cat-guide__rating">★ {formatRating(guide.rating)}</span>}
        <span className="cat-guide__note">{pluralRu(guide.excursions_count, EXCURSION_FORMS)}</span>
        {guide.languages.length > 0 && <span className="cat-guide__note">{languagesText(guide.languages)}</span>}
      </span>
    </Link>
  );
}
