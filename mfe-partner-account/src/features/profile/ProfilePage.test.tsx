import { screen } from '@testing-library/react';
import { MIKHAIL, renderAccount, signInAs } from '../../testing/renderAccount';

describe('partner profile page', () => {
  it('shows the profile read-only', async () => {
    signInAs();
    renderAccount('/account/partner/profile');
    expect(await screen.findByRole('heading', { level: 1, name: 'Профиль' })).toBeInTheDocument();
    expect(screen.getByText('Михаил Орлов')).toBeInTheDocument();
    expect(screen.getByText('+7 (999) 000-00-02')).toBeInTheDocument();
  });

  it('shows a foreign phone in its international format', async () => {
    signInAs({ ...MIKHAIL, phone: '995555123456' });
    renderAccount('/account/partner/profile');
    expect(await screen.findByText('+995 555 12 34 56')).toBeInTheDocument();
  });
});
