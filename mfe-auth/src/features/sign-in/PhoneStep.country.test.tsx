import { screen, waitFor } from '@testing-library/react';
import { setRuntimeConfig } from '@excursio/shared';
import { SignInFlow } from './SignInFlow';
import { renderInRouter } from '../../testing/renderInRouter';

// A file of its own: the lookup runs once per page (module), like in the browser.
afterAll(() => setRuntimeConfig({}));

it('preselects the visitor country from the configured lookup service', async () => {
  window.localStorage.clear();
  setRuntimeConfig({ countryLookupUrl: 'https://lookup.example/?ip' });
  const fetchSpy = jest.spyOn(globalThis, 'fetch').mockResolvedValue(new Response('1;KZ;KAZ;Kazakhstan'));
  renderInRouter(<SignInFlow onClose={jest.fn()} />);
  const country = screen.getByRole('combobox', { name: 'Страна' });
  expect(country).toHaveValue('RU');
  await waitFor(() => expect(country).toHaveValue('KZ'));
  expect(fetchSpy).toHaveBeenCalledWith('https://lookup.example/?ip', expect.anything());
  fetchSpy.mockRestore();
});
