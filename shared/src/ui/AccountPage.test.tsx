import { render, screen, waitFor } from '@testing-library/react';
import { AccountPage, EmptyState } from './AccountPage';

describe('the account page frame', () => {
  it('names the page: h1, document title (its own when given) and the account’s description', async () => {
    render(
      <AccountPage heading="«Казань за день»" title="Редактирование экскурсии №7" description="Личный кабинет партнёра на Excursio.">
        <EmptyState>Экскурсий пока нет.</EmptyState>
      </AccountPage>,
    );
    expect(screen.getByRole('heading', { level: 1, name: '«Казань за день»' }).tagName).toBe('H1');
    await waitFor(() => expect(document.title).toBe('Редактирование экскурсии №7 — Excursio'));
    expect(document.querySelector('meta[name="description"]')?.getAttribute('content')).toBe('Личный кабинет партнёра на Excursio.');
    expect(screen.getByText('Экскурсий пока нет.').className).toBe('ex-ui-page__empty');
  });

  it('takes the heading as the document title by default', async () => {
    render(<AccountPage heading="Отзывы" description="Личный кабинет путешественника на Excursio." />);
    await waitFor(() => expect(document.title).toBe('Отзывы — Excursio'));
  });
});
