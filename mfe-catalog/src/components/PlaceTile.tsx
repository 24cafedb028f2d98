import type { ReactNode } from 'react';
import { Link } from '@excursio/shared/router';
import { Photo } from './Photo';
import './place-tile.css';

interface PlaceTileProps {
  to: string;
  photo: string;
  name: string;
  /** Lines under the name (region, number of excursions …). */
  notes?: readonly string[];
}

/** A photo tile of a place (country, region, city, sight) linking to its page. */
export function PlaceTile({ to, photo, name, notes = [] }: PlaceTileProps) {
  return (
    <Link to={to} className="cat-tile">
      <Photo src={photo} alt={name} ratio="4/3" />
      <span className="cat-tile__body">
        <span className="cat-tile__name">{name}</span>
        {notes.map((note) => (
          <span key={note} className="cat-tile__note">
            {note}
          </span>
        ))}
      </span>
    </Link>
  );
}

/** The same box as a tile, shown while tiles load. */
export function PlaceTileSkeleton({ lines = 2 }: { lines?: number }) {
  return (
    <span className="cat-tile cat-tile--skeleton" aria-hidden="true">
      <span className="cat-photo cat-photo--4x3" />
      <span className="cat-tile__body">
        <span className="cat-tile__line cat-tile__line--name" />
        {Array.from({ length: lines }, (_, i) => (
          <span key={i} className="cat-tile__line" />
        ))}
      </span>
    </span>
  );
}

/** A responsive grid of tiles. */
export function TileGrid({ children, label }: { children: ReactNode; label?: string }) {
  return (
    <ul className="cat-tiles" aria-label={label}>
      {children}
    </ul>
  );
}
