import { fireEvent, screen, waitFor } from '@testing-library/react';
import { session } from '@excursio/shared';
import { callsTo, fakeApi, ok, paged } from '../../testing/fakeApi';
import { meRoute, renderBackoffice, signInStaff } from '../../testing/renderBackoffice';
import { auditCalls } from './auditCalls';

beforeEach(() => signInStaff());
afterEach(() => jest.restoreAllMocks());

const entry = {
  id: 90,
  actor: { id: 3, name: 'Ольга Петрова' },
  action: 'order.cancel',
  action_label: 'Отменил заказ',
  entity_type: 'order',
  entity_id: 42,
  before: { status: 'confirmed' },
  after: { status: 'cancelled_by_partner' },
  reason: 'Гид заболел',
  created_at: '2026-05-30T09:00:00Z',
};

describe('audit log', () => {
  it('shows who did what to what, before and after, and filters', async () => {
    const calls = fakeApi({ ...meRoute(), 'GET /api/staff/audit': () => ok(paged([entry])) });
    renderBackoffice('/backoffice/audit');
    const row = (await screen.findByText('Отменил заказ', { selector: 'td' })).closest('tr')!;
    expect(row).toHaveTextContent('Ольга Петрова');
    expect(row).toHaveTextContent('Заказ №42');
    expect(row).toHaveTextContent('status: confirmed → cancelled_by_partner');
    expect(row).toHaveTextContent('Гид заболел');

    fireEvent.change(screen.getByLabelText('Действие'), { target: { value: 'order.cancel' } });
    fireEvent.change(screen.getByLabelText('С'), { target: { value: '2026-05-01' } });
    fireEvent.click(screen.getByRole('button', { name: 'Показать' }));
    await waitFor(() => expect(callsTo(calls, 'GET', '/api/staff/audit').at(-1)?.query).toEqual({ page: 1, action: 'order.cancel', from: '2026-05-01' }));
  });

  it('downloads the CSV of the same filters with the staff token', async () => {
    session.token = 'staff-token';
    const fetchImpl = jest.fn(async () => new Response('id;action\n90;order.cancel', { status: 200, headers: { 'Content-Type': 'text/csv' } }));
    const blob = await auditCalls.csv({ page: 2, action: 'order.', entity_id: 42 }, fetchImpl as unknown as typeof fetch);
    expect(await blob.text()).toBe('id;action\n90;order.cancel');
    expect(fetchImpl).toHaveBeenCalledWith('/api/staff/audit.csv?action=order.&entity_id=42', {
      headers: { Accept: 'text/csv', Authorization: 'Bearer staff-token' },
    });
  });
});
