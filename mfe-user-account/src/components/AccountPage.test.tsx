import { screen, waitFor } from '@testing-library/react';
import { renderAccount, signInAs } from '../testing/renderAccount';

beforeEach(() => signInAs());
afterEach(() => jest.restoreAllMocks());

describe('account page frame', () => {
  it.each([
    ['/account/user/reviews', 'Отзывы', 'Здесь появятся ваши отзывы о прошедших экскурсиях.'],
    ['/account/user/support', 'Поддержка', 'Здесь появятся ваши обращения в поддержку и ответы на них.'],
  ])('%s: h1 and document title «%s», and its empty state', async (url, heading, sentence) => {
    renderAccount(url);
    expect(await screen.findByRole('heading', { level: 1, name: heading })).toBeInTheDocument();
    expect(screen.getByText(sentence)).toBeInTheDocument();
    await waitFor(() => expect(document.title).toBe(`${heading} — Excursio`));
  });
});
