import { screen } from '@testing-library/react';
import { widgets, type SupportCenterProps } from '@excursio/shared';
import { renderAccount, signInAs } from '../../testing/renderAccount';

describe('support page', () => {
  it('places the support center of the notifications remote for this account', async () => {
    signInAs();
    widgets.provide('SupportCenter', ({ userType }: SupportCenterProps) => <p>обращения: {userType}</p>);
    renderAccount('/account/user/support');
    expect(await screen.findByRole('heading', { level: 1, name: 'Поддержка' })).toBeInTheDocument();
    expect(screen.getByText('обращения: client')).toBeInTheDocument();
  });
});
