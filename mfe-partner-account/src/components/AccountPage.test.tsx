import { screen, waitFor } from '@testing-library/react';
import { renderAccount, signInAs } from '../testing/renderAccount';

beforeEach(() => signInAs());

// The order and slot pages load their data first: their own tests (features/orders, features/calendar) cover them.
describe('partner account page frame', () => {
  it.each([
    ['/account/partner/static', 'Статистика'],
    ['/account/partner/reviews', 'Отзывы'],
    ['/account/partner/support', 'Поддержка'],
    ['/account/partner/calendar', 'Календарь'],
  ])('%s: h1 and document title «%s»', async (url, heading) => {
    renderAccount(url);
    expect(await screen.findByRole('heading', { level: 1, name: heading })).toBeInTheDocument();
    await waitFor(() => expect(document.title).toBe(`${heading} — Excursio`));
  });
});
