import { useId, useState, type FormEvent, type KeyboardEvent } from 'react';
import type { SearchPlaceKind } from '@excursio/shared';
import { useNavigate } from '@excursio/shared/router';
import { useSuggestions } from './useSuggestions';
import './search-box.css';

interface Option {
  key: string;
  label: string;
  note: string;
  to: string;
}

const PLACE_KIND: Record<SearchPlaceKind, string> = {
  city: 'Город',
  region: 'Регион',
  country: 'Страна',
  sight: 'Достопримечательность',
  guide: 'Гид',
};

interface SearchBoxProps {
  initial?: string;
  /** Larger field for the home page hero. */
  size?: 'md' | 'lg';
}

/** «Город или экскурсия»: suggestions while typing; Enter searches the catalog. */
export function SearchBox({ initial = '', size = 'md' }: SearchBoxProps) {
  const id = useId();
  const navigate = useNavigate();
  const [text, setText] = useState(initial);
  const [open, setOpen] = useState(false);
  const [active, setActive] = useState(-1);
  const found = useSuggestions(text);

  const options: Option[] = [
    ...found.cities.map((c) => ({
      key: `city-${c.id}`,
      label: c.name,
      note: `Город · ${c.region_name}`,
      to: `/excursion/${c.region_slug}/${c.slug}`,
    })),
    ...found.places.map((p) => ({
      key: `${p.kind}-${p.id}`,
      label: p.name,
      note: [PLACE_KIND[p.kind], p.context].filter(Boolean).join(' · '),
      to: p.path,
    })),
    ...found.excursions.map((e) => ({
      key: `excursion-${e.id}`,
      label: e.title,
      note: `Экскурсия · ${e.city.name}`,
      to: `/excursion/${e.region.slug}/${e.city.slug}/${e.slug}`,
    })),
  ];
  const shown = open && options.length > 0;

  const go = (to: string) => {
    setOpen(false);
    setActive(-1);
    navigate(to);
  };
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const chosen = shown ? options[active] : undefined;
    if (chosen) return go(chosen.to);
    const q = text.trim();
    go(q ? `/excursion?q=${encodeURIComponent(q)}` : '/excursion');
  };
  const onKeyDown = (event: KeyboardEvent) => {
    if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
      if (!options.length) return;
      event.preventDefault();
      setOpen(true);
      const step = event.key === 'ArrowDown' ? 1 : -1;
      // -1 is the field itself: the cycle goes field → options → field.
      setActive((i) => {
        const next = i + step;
        if (next >= options.length) return -1;
        return next < -1 ? options.length - 1 : next;
      });
    } else if (event.key === 'Escape') {
      setOpen(false);
      setActive(-1);
    }
  };
  const activeIndex = active >= 0 && active < options.length ? active : -1;

  return (
    // action and name: before the page's scripts run (or without them) the browser submits it as /excursion?q=…
    // oxlint-disable-next-line jsx-a11y/prefer-tag-over-role -- a <search> element is not yet the search landmark everywhere (Safari before 17, jsdom's aria-query)
    <form className={`cat-search cat-search--${size}`} role="search" action="/excursion" method="get" onSubmit={submit}>
      <input
        className="cat-search__input"
        type="search"
        name="q"
        role="combobox"
        aria-label="Город или экскурсия"
        aria-expanded={shown}
        aria-controls={`${id}-list`}
        aria-autocomplete="list"
        aria-activedescendant={shown && activeIndex >= 0 ? `${id}-${activeIndex}` : undefined}
        placeholder="Город или экскурсия"
        autoComplete="off"
        value={text}
        onChange={(e) => {
          setText(e.target.value);
          setOpen(true);
          setActive(-1);
        }}
        onFocus={() => setOpen(true)}
        onBlur={() => setOpen(false)}
        onKeyDown={onKeyDown}
      />
      {/* what the suggestions are for when the text was read in the other layout or corrected (read by screen readers too) */}
      <p className="cat-search__corrected" aria-live="polite">
        {shown && found.corrected ? `Подсказки для «${found.corrected}»` : ''}
      </p>
      <button type="submit" className="cat-search__submit">
        Найти
      </button>
      {/* oxlint-disable-next-line jsx-a11y/prefer-tag-over-role, jsx-a11y/no-noninteractive-element-to-interactive-role -- the APG combobox: the keys stay in the field above (aria-activedescendant), and a <select> or <datalist> cannot draw two-line options */}
      <ul id={`${id}-list`} role="listbox" aria-label="Подсказки" className="cat-search__list" hidden={!shown}>
        {options.map((option, i) => (
          // oxlint-disable-next-line jsx-a11y/click-events-have-key-events -- the keys are the field's (an option is never focused)
          <li
            key={option.key}
            id={`${id}-${i}`}
            // oxlint-disable-next-line jsx-a11y/prefer-tag-over-role, jsx-a11y/no-noninteractive-element-to-interactive-role -- as the listbox
            role="option"
            aria-selected={i === activeIndex}
            className="cat-search__option"
            // mousedown keeps the focus in the field, so the list does not close before the click
            onMouseDown={(e) => e.preventDefault()}
            onClick={() => go(option.to)}
          >
            <span className="cat-search__label">{option.label}</span>
            <span className="cat-search__note">{option.note}</span>
          </li>
        ))}
      </ul>
    </form>
  );
}
