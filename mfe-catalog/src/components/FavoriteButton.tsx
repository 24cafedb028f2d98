import { useSession } from '@excursio/shared';
import { useFavoriteToggle } from './useFavoriteToggle';
import './favorite-button.css';

interface FavoriteButtonProps {
  excursionId: number;
  title: string;
  /** 'icon' sits on a card photo; 'labelled' shows the words beside the heart. */
  variant?: 'icon' | 'labelled';
}

/** The heart: adds the excursion to the favorites or removes it. */
export function FavoriteButton({ excursionId, title, variant = 'icon' }: FavoriteButtonProps) {
  const { toggle, busy } = useFavoriteToggle(excursionId);
  const active = useSession().isFavorite(excursionId);
  const label = active ? 'В избранном' : 'В избранное';
  return (
    <button
      type="button"
      className={`cat-fav cat-fav--${variant}${active ? ' cat-fav--active' : ''}`}
      aria-pressed={active}
      aria-label={variant === 'icon' ? `${active ? 'Убрать из избранного' : 'Добавить в избранное'}: ${title}` : undefined}
      disabled={busy}
      onClick={(event) => {
        event.preventDefault();
        event.stopPropagation();
        toggle();
      }}
    >
      <svg className="cat-fav__heart" viewBox="0 0 24 24" width="22" height="22" aria-hidden="true">
        <path d="M12 20.7l-1.4-1.3C5.4 14.7 2 11.6 2 7.8 2 4.7 4.4 2.3 7.5 2.3c1.7 0 3.4.8 4.5 2.1 1.1-1.3 2.8-2.1 4.5-2.1 3.1 0 5.5 2.4 5.5 5.5 0 3.8-3.4 6.9-8.6 11.6L12 20.7z" />
      </svg>
      {variant === 'labelled' && <span>{label}</span>}
    </button>
  );
}
