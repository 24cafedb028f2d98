import { useId, type ReactNode } from 'react';
import { failureText } from './failures';
import './ui.css';

interface FieldProps {
  label: string;
  error?: string | undefined;
  hint?: string | undefined;
  /** Renders the control with the ids it must carry. */
  children: (props: { id: string; 'aria-invalid': boolean; 'aria-describedby': string | undefined }) => ReactNode;
}

/** A labelled control with its hint and error tied to it (aria-describedby). */
export function Field({ label, error, hint, children }: FieldProps) {
  const id = useId();
  const hintId = hint ? `${id}-hint` : undefined;
  const errorId = error ? `${id}-error` : undefined;
  const describedBy = [hintId, errorId].filter(Boolean).join(' ') || undefined;
  return (
    <div className="ex-ui-field">
      <label className="ex-ui-label" htmlFor={id}>
        {label}
      </label>
      {children({ id, 'aria-invalid': Boolean(error), 'aria-describedby': describedBy })}
      {hint && (
        <span id={hintId} className="ex-ui-hint">
          {hint}
        </span>
      )}
      {error && (
        <p id={errorId} className="ex-ui-error">
          {error}
        </p>
      )}
    </div>
  );
}

/** Grey placeholders while a list loads (hidden from screen readers, which hear «Загрузка…»). */
export function Skeleton({ lines = 3, height = 88 }: { lines?: number; height?: number }) {
  return (
    // oxlint-disable-next-line jsx-a11y/prefer-tag-over-role -- a loading indicator, not a result (what <output> holds)
    <div role="status" aria-live="polite">
      <span className="ex-ui-sr">Загрузка…</span>
      {Array.from({ length: lines }, (_, i) => (
        <span key={i} className="ex-ui-skeleton" style={{ height, marginBottom: 12 }} aria-hidden="true" />
      ))}
    </div>
  );
}

/** A failed load with a way to try again. */
export function LoadError({ error, onRetry }: { error: unknown; onRetry: () => void }) {
  return (
    <div className="ex-ui-alert" role="alert">
      <p style={{ margin: '0 0 8px' }}>{failureText(error)}</p>
      <button type="button" className="ex-ui-button ex-ui-button--secondary" onClick={onRetry}>
        Повторить
      </button>
    </div>
  );
}

/** «Страница 2 из 5» with previous/next buttons. */
export function Pager({ page, lastPage, onPage }: { page: number; lastPage: number; onPage: (page: number) => void }) {
  if (lastPage <= 1) return null;
  return (
    <nav className="ex-ui-pager" aria-label="Страницы">
      <button type="button" className="ex-ui-button ex-ui-button--secondary" disabled={page <= 1} onClick={() => onPage(page - 1)}>
        Назад
      </button>
      <span>
        Страница {page} из {lastPage}
      </span>
      <button type="button" className="ex-ui-button ex-ui-button--secondary" disabled={page >= lastPage} onClick={() => onPage(page + 1)}>
        Дальше
      </button>
    </nav>
  );
}

/** A message about a form or an action that failed, announced (role alert); nothing when there is none. */
export function ErrorNote({ text, id }: { text: string | null | undefined; id?: string }) {
  if (!text) return null;
  return (
    <p id={id} className="ex-ui-error" role="alert">
      {text}
    </p>
  );
}

/** The same for a whole form: the alert box above it. */
export function FormAlert({ text }: { text: string | null | undefined }) {
  if (!text) return null;
  return (
    <p className="ex-ui-alert" role="alert">
      {text}
    </p>
  );
}
