import './ErrorPage.css';

export const ERROR_PAGE_HINT = 'Неправильно набран адрес или такой страницы не существует.';

export interface ErrorPageProps {
  status: number;
  message: string;
  onHome: () => void;
  onReload: () => void;
}

/** Spec overlay 4: the status code, its message, a hint and two ways out. */
export function ErrorPage({ status, message, onHome, onReload }: ErrorPageProps) {
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
        <button type="button" className="sh-button sh-button--primary" onClick={onHome}>
          Вернуться на главную
        </button>
        <button type="button" className="sh-button sh-button--secondary" onClick={onReload}>
          Перезагрузить страницу
        </button>
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
