import { useId } from 'react';
import type { GroupGathering } from '@excursio/shared/contracts';
import { pluralRu } from '@excursio/shared';
import './group-progress.css';

const people = (n: number) => pluralRu(n, ['человек', 'человека', 'человек']);

/** What a gathering group's line says (issue 32 §1), the same on the excursion page, the order form and the order. */
export function groupProgressText(gathering: GroupGathering): string {
  if (gathering.confirmed) return 'Группа собралась: экскурсия состоится.';
  if (gathering.booked >= gathering.min) return `Группа собралась: ${gathering.booked} из ${gathering.min} — экскурсия состоится.`;
  return `Группа набирается: ${gathering.booked} из ${gathering.min} — экскурсия состоится, когда наберётся ${gathering.min}.`;
}

/**
 * «Группа набирается: 4 из 6 — экскурсия состоится, когда наберётся 6» with an accessible progress bar; `decisionText`
 * says when the slot is decided (on the page's clock).
 */
export function GroupProgress({ gathering, decisionText, live = false }: { gathering: GroupGathering; decisionText?: string; live?: boolean }) {
  const id = useId();
  const done = gathering.confirmed || gathering.booked >= gathering.min;
  const value = Math.min(gathering.booked, gathering.min);
  const left = gathering.min - gathering.booked;
  return (
    <div className={done ? 'ex-group ex-group--done' : 'ex-group'}>
      <p id={id} className="ex-group__text" aria-live={live ? 'polite' : undefined}>
        {groupProgressText(gathering)}
      </p>
      <progress
        className="ex-group__bar"
        aria-labelledby={id}
        max={gathering.min}
        value={value}
        aria-valuetext={done ? 'Группа собралась' : `${gathering.booked} из ${gathering.min}, нужно ещё ${people(left)}`}
      />
      {!done && decisionText && <p className="ex-group__note">{decisionText}</p>}
    </div>
  );
}
