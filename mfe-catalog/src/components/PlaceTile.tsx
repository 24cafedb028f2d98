import type { ReactNode } from 'react';
import { pluralRu } from '@excursio/shared';
import { Link } from '@excursio/shared/router';
import { EXCURSION_FORMS } from './excursionText';
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

/** What a city tile shows of a city (the lists of the home, country and region pages all carry it). */
export interface CityTileCity {
  slug: string;
  region_slug: string;
  name: string;
  photo_url: string;
  excursions_count: number;
  region_name?: string;
}

/** A city's tile: its page, photo, region (left out on the region's own page) and how many excursions it has. */
export function CityTile({ city, showRegion = true }: { city: CityTileCity; showRegion?: boolean }) {
  const count = pluralRu(city.excursions_count, EXCURSION_FORMS);
  return (
    <PlaceTile
      to={`/excursion/${city.region_slug}/${city.slug}`}
      photo={city.photo_url}
      name={city.name}
      notes={showRegion && city.region_name ? [city.region_name, count] : [count]}
    />
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
