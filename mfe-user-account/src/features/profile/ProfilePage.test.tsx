import { screen } from '@testing-library/react';
import { renderAccount, signInAs } from '../../testing/renderAccount';

afterEach(() => jest.restoreAllMocks());

describe('profile page', () => {
  it('shows the profile read-only', async () => {
    signInAs();
    renderAccount('/account/user/profile');
    expect(await screen.findByRole('heading', { level: 1, name: 'Профиль' })).toBeInTheDocument();
    expect(screen.getByText('Анна Смирнова')).toBeInTheDocument();
    expect(screen.getByText('+7 (999) 000-00-01')).toBeInTheDocument();
    expect(screen.queryByRole('textbox')).not.toBeInTheDocument();
  });

  it('shows a foreign phone in its international format', async () => {
    signInAs({ id: 3, name: 'Ольга', phone: '375291234567', user_type: 'client', avatar_path: null });
    renderAccount('/account/user/profile');
    expect(await screen.findByText('+375 29 123 45 67')).toBeInTheDocument();
  });
});
