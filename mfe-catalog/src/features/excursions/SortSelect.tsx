import { useId } from 'react';
import type { ExcursionSort } from '@excursio/shared';
import { SORTS } from './filters';

interface SortSelectProps {
  value: ExcursionSort | undefined;
  onChange: (value: ExcursionSort) => void;
}

/** «Сначала популярные / дешевле / дороже / по рейтингу». */
export function SortSelect({ value, onChange }: SortSelectProps) {
  const id = useId();
  return (
    <label className="cat-sort" htmlFor={id}>
      <span className="cat-sort__label">Сортировка</span>
      <select id={id} className="cat-sort__select" value={value ?? 'popular'} onChange={(e) => onChange(e.target.value as ExcursionSort)}>
        {SORTS.map((s) => (
          <option key={s.value} value={s.value}>
            {s.label}
          </option>
        ))}
      </select>
    </label>
  );
}
