import { screen, waitFor } from '@testing-library/react';
import { renderAccount, signInAs } from '../../testing/renderAccount';

beforeEach(() => signInAs());
afterEach(() => jest.restoreAllMocks());

describe('account pages', () => {
  it('shows the profile read-only', async () => {
    renderAccount('/account/user/profile');
    expect(await screen.findByRole('heading', { level: 1, name: 'Профиль' })).toBeInTheDocument();
    expect(screen.getByText('Анна Смирнова')).toBeInTheDocument();
    expect(screen.getByText('+7 (999) 000-00-01')).toBeInTheDocument();
    expect(screen.queryByRole('textbox')).not.toBeInTheDocument();
  });

  it.each([
    ['/account/user/reviews', 'Отзывы', 'Здесь появятся ваши отзывы о прошедших экскурсиях.'],
    ['/account/user/support', 'Поддержка', 'Здесь появятся ваши обращения в поддержку и ответы на них.'],
  ])('%s: «%s» with its empty state', async (url, heading, sentence) => {
    renderAccount(url);
    expect(await screen.findByRole('heading', { level: 1, name: heading })).toBeInTheDocument();
    expect(screen.getByText(sentence)).toBeInTheDocument();
    await waitFor(() => expect(document.title).toBe(`${heading} — Excursio`));
  });
});
