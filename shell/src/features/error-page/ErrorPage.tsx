import { Link } from '@excursio/shared/router';
import './ErrorPage.css';

export const ERROR_PAGE_HINT = 'Неправильно набран адрес или такой страницы не существует.';

export interface ErrorPageProps {
  status: number;
  message: string;
  /** The page's own address: loading it again is the reload. */
  here: string;
}

/**
 * Spec overlay 4: the status code, its message, a hint and two ways out. Both are links styled as buttons, so they
 * work on a server-rendered page before its scripts run (and without them): home, and this address loaded again.
 */
export function ErrorPage({ status, message, here }: ErrorPageProps) {
  return (
    <section className="sh-error-page" aria-labelledby="sh-error-title">
      <title>{`Ошибка ${status} — Excursio`}</title>
      <meta name="robots" content="noindex" />
      <p className="sh-error-page__code" aria-hidden="true">
        {status}
      </p>
      <h1 id="sh-error-title" className="sh-error-page__title">
        <span className="sh-visually-hidden">{`Ошибка ${status}: `}</span>
        {message}
      </h1>
      <p className="sh-error-page__hint">{ERROR_PAGE_HINT}</p>
      <div className="sh-error-page__actions">
        <Link to="/" className="sh-button sh-button--primary">
          Вернуться на главную
        </Link>
        {/* a plain link, not the router's: a full load of the address, as the browser's reload does */}
        <a href={here} className="sh-button sh-button--secondary">
          Перезагрузить страницу
        </a>
      </div>
    </section>
  );
}

/** What a crawler gets instead: the bare status and message, and no indexing. */
export function CrawlerErrorPage({ status, message }: Pick<ErrorPageProps, 'status' | 'message'>) {
  return (
    <>
      <title>{`${status} ${message}`}</title>
      <meta name="robots" content="noindex" />
      <pre className="sh-error-plain">{`${status} ${message}`}</pre>
    </>
  );
}
