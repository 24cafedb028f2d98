import './AreaFallback.css';

export interface AreaFallbackProps {
  /** Compact variant for widgets (modal, side panel); the page variant also sets the title. */
  compact?: boolean;
  onRetry?: () => void;
}

const AREA_TEXT =
  'Не удалось загрузить эту часть сайта. Остальные страницы работают как обычно — попробуйте повторить через минуту.';
const WIDGET_TEXT = 'Не удалось загрузить это окно. Страница работает как обычно — попробуйте повторить через минуту.';

function reloadPage(): void {
  window.location.reload();
}

/** What a visitor sees where a remote could not be loaded or crashed: the rest of the site keeps working. */
export function AreaFallback({ compact = false, onRetry = reloadPage }: AreaFallbackProps) {
  const Heading = compact ? 'h2' : 'h1';
  return (
    <section className={`sh-area-fallback${compact ? ' sh-area-fallback--compact' : ''}`} aria-live="polite">
      {!compact && <title>Раздел временно недоступен — Excursio</title>}
      <Heading className="sh-area-fallback__title">Раздел временно недоступен</Heading>
      <p className="sh-area-fallback__text">{compact ? WIDGET_TEXT : AREA_TEXT}</p>
      <button type="button" className="sh-button sh-button--primary" onClick={onRetry}>
        Повторить
      </button>
    </section>
  );
}

/** Route component form of the fallback (a route's Component takes no props). */
export function AreaFallbackPage() {
  return <AreaFallback />;
}
