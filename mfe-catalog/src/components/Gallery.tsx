import { useState, type KeyboardEvent } from 'react';
import { apiUrl } from '@excursio/shared';
import { Photo } from './Photo';
import './gallery.css';

interface GalleryProps {
  /** Photo paths, first one is the cover. */
  photos: readonly string[];
  /** What the photos show (alt text: «<title>, фото 2 из 5»). */
  title: string;
}

/** The excursion's photos: a large one with arrows and a strip of thumbnails. */
export function Gallery({ photos, title }: GalleryProps) {
  const [index, setIndex] = useState(0);
  if (photos.length === 0) return null;
  const count = photos.length;
  const current = Math.min(index, count - 1);
  const go = (next: number) => setIndex((next + count) % count);
  const alt = (i: number) => `${title}, фото ${i + 1} из ${count}`;

  const onKeyDown = (event: KeyboardEvent) => {
    if (event.key === 'ArrowRight') go(current + 1);
    else if (event.key === 'ArrowLeft') go(current - 1);
    else return;
    event.preventDefault();
  };

  return (
    <section className="cat-gallery" aria-roledescription="галерея" aria-label={`Фотографии: ${title}`}>
      {/* oxlint-disable-next-line jsx-a11y/no-noninteractive-tabindex, jsx-a11y/no-static-element-interactions -- one tab stop that turns the photos with ←/→; the arrow and thumbnail buttons do it too */}
      <div className="cat-gallery__stage" tabIndex={count > 1 ? 0 : undefined} onKeyDown={onKeyDown}>
        <Photo key={photos[current]} src={photos[current]!} alt={alt(current)} ratio="16/9" eager={current === 0} />
        {count > 1 && (
          <>
            <button type="button" className="cat-gallery__arrow cat-gallery__arrow--prev" onClick={() => go(current - 1)} aria-label="Предыдущее фото">
              ‹
            </button>
            <button type="button" className="cat-gallery__arrow cat-gallery__arrow--next" onClick={() => go(current + 1)} aria-label="Следующее фото">
              ›
            </button>
            <span className="cat-gallery__counter" aria-live="polite">
              {current + 1} / {count}
            </span>
          </>
        )}
      </div>
      {count > 1 && (
        <ul className="cat-gallery__thumbs">
          {photos.map((photo, i) => (
            <li key={`${i}-${photo}`}>
              <button
                type="button"
                className="cat-gallery__thumb"
                aria-label={`Показать фото ${i + 1}`}
                aria-current={i === current ? 'true' : undefined}
                onClick={() => setIndex(i)}
              >
                <img src={apiUrl(photo)} alt="" width={96} height={64} loading="lazy" decoding="async" />
              </button>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
