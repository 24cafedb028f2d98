import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { ApiError, type StaffOutboxEntry } from '@excursio/shared';
import { callsTo, fakeApi, ok } from '../../testing/fakeApi';
import { meRoute, renderBackoffice, signInStaff } from '../../testing/renderBackoffice';

beforeEach(() => signInStaff());
afterEach(() => jest.restoreAllMocks());

const row = (over: Partial<StaffOutboxEntry> = {}): StaffOutboxEntry => ({
  id: 12,
  kind: 'sms',
  recipient: '7999***0001',
  state: 'sent',
  attempts: 1,
  last_error: null,
  next_attempt_at: null,
  created_at: '2026-05-30T09:00:00Z',
  sent_at: '2026-05-30T09:00:05Z',
  ...over,
});

const failed = row({
  id: 11,
  kind: 'refund',
  recipient: 'yookassa:pay_2f1c',
  state: 'failed',
  attempts: 8,
  last_error: '<b>ProviderError</b>: 503 Service Unavailable',
  sent_at: null,
});
const pending = row({ id: 10, kind: 'email', recipient: 'a***@example.ru', state: 'pending', attempts: 2, last_error: 'timeout', next_attempt_at: '2026-05-30T10:15:00Z', sent_at: null });

const list = (entries: StaffOutboxEntry[], counts: Record<string, number> = { sent: 1, failed: 1, pending: 1 }) => ok({ entries, counts });
const rowOf = async (id: number) => (await screen.findByText(`№${id}`, { selector: 'td' })).closest('tr')!;

describe('outbox', () => {
  it('shows every row with its kind, recipient, state, attempts, next attempt and last error in Russian, as plain text', async () => {
    const calls = fakeApi({ ...meRoute(), 'GET /api/staff/outbox': () => list([row(), failed, pending]) });
    renderBackoffice('/backoffice/outbox');
    expect(await screen.findByRole('heading', { level: 1, name: 'Очередь сообщений' })).toBeInTheDocument();
    const sms = await rowOf(12);
    expect(screen.getByRole('table', { name: 'Очередь сообщений и возвратов, сначала новые' })).toBeInTheDocument();
    expect(screen.getByRole('region', { name: 'Записи очереди' })).toHaveAttribute('tabindex', '0');
    expect(sms).toHaveTextContent('SMS');
    expect(sms).toHaveTextContent('7999***0001');
    expect(within(sms).getByText('Отправлено')).toHaveClass('bo-badge--ok');
    expect(within(sms).queryByRole('button')).not.toBeInTheDocument();

    const refund = await rowOf(11);
    expect(refund).toHaveTextContent('Возврат');
    expect(refund).toHaveTextContent('yookassa:pay_2f1c');
    expect(within(refund).getByText('Не доставлено')).toHaveClass('bo-badge--danger');
    expect(within(refund).getAllByRole('cell')[4]).toHaveTextContent('8');
    // the provider's text is shown as it is, never as markup
    expect(within(refund).getByText('<b>ProviderError</b>: 503 Service Unavailable')).toBeInTheDocument();
    expect(refund.querySelector('b')).toBeNull();
    expect(within(refund).getByRole('button', { name: 'Отправить снова' })).toBeEnabled();

    const email = await rowOf(10);
    expect(email).toHaveTextContent('Письмо');
    expect(within(email).getByText('Ожидает')).toHaveClass('bo-badge--warn');
    // the next attempt in Moscow time (the separator between date and time depends on the ICU version)
    expect(within(email).getAllByRole('cell')[5]).toHaveTextContent(/^30 мая 2026 г\.,? (в )?13:15$/);
    expect(email).toHaveTextContent('timeout');

    expect(screen.getByText(/Всего в очереди: Ожидает — 1, Отправлено — 1, Не доставлено — 1/)).toBeInTheDocument();
    expect(callsTo(calls, 'GET', '/api/staff/outbox')[0]?.query).toEqual({ limit: 50 });
  });

  it('asks the api for the chosen state and kind', async () => {
    const calls = fakeApi({ ...meRoute(), 'GET /api/staff/outbox': () => list([failed]) });
    renderBackoffice('/backoffice/outbox');
    await rowOf(11);
    fireEvent.change(screen.getByLabelText('Состояние'), { target: { value: 'failed' } });
    fireEvent.change(screen.getByLabelText('Вид'), { target: { value: 'refund' } });
    fireEvent.click(screen.getByRole('button', { name: 'Показать' }));
    await waitFor(() => expect(callsTo(calls, 'GET', '/api/staff/outbox').at(-1)?.query).toEqual({ state: 'failed', kind: 'refund', limit: 50 }));
    expect(screen.getByLabelText('Состояние')).toHaveDisplayValue('Не доставлено');
    expect(screen.getByLabelText('Вид')).toHaveDisplayValue('Возврат');
  });

  it('takes its filters from the address and ignores unknown values', async () => {
    const calls = fakeApi({ ...meRoute(), 'GET /api/staff/outbox': () => list([pending]) });
    renderBackoffice('/backoffice/outbox?state=pending&kind=pigeon');
    await rowOf(10);
    expect(callsTo(calls, 'GET', '/api/staff/outbox')[0]?.query).toEqual({ state: 'pending', limit: 50 });
  });

  it('«Показать ещё» asks for the rows before the last one shown', async () => {
    const first = Array.from({ length: 50 }, (_, i) => row({ id: 200 - i }));
    const calls = fakeApi({
      ...meRoute(),
      'GET /api/staff/outbox': (call) => (call.query?.before_id === 151 ? list([row({ id: 150, kind: 'call' })]) : list(first)),
    });
    renderBackoffice('/backoffice/outbox?kind=sms');
    await rowOf(151);
    fireEvent.click(screen.getByRole('button', { name: 'Показать ещё' }));
    const older = await rowOf(150);
    expect(older).toHaveTextContent('Звонок');
    expect(callsTo(calls, 'GET', '/api/staff/outbox').at(-1)?.query).toEqual({ kind: 'sms', before_id: 151, limit: 50 });
    // a short page was the last one
    expect(screen.queryByRole('button', { name: 'Показать ещё' })).not.toBeInTheDocument();
    expect(screen.getAllByRole('row')).toHaveLength(52);
  });

  it('sends a failed row again and shows the row as the api has it afterwards', async () => {
    let retried = false;
    const calls = fakeApi({
      ...meRoute(),
      'GET /api/staff/outbox': (call) =>
        call.query?.before_id === 12
          ? list([row({ ...failed, state: 'sent', attempts: 1, last_error: null, sent_at: '2026-05-30T11:00:00Z' })], { sent: 2, pending: 1 })
          : list([row(), failed, pending]),
      'POST /api/staff/outbox/:id/retry': () => {
        retried = true;
        return { status: true };
      },
    });
    renderBackoffice('/backoffice/outbox');
    const refund = await rowOf(11);
    fireEvent.click(within(refund).getByRole('button', { name: 'Отправить снова' }));
    await waitFor(() => expect(within(refund).getByText('Отправлено')).toBeInTheDocument());
    expect(retried).toBe(true);
    expect(callsTo(calls, 'POST', '/api/staff/outbox/11/retry')).toHaveLength(1);
    expect(callsTo(calls, 'GET', '/api/staff/outbox').at(-1)?.query).toEqual({ before_id: 12, limit: 1 });
    expect(within(refund).queryByRole('button', { name: 'Отправить снова' })).not.toBeInTheDocument();
    expect(refund).not.toHaveTextContent('ProviderError');
    expect(screen.getByRole('status')).toHaveTextContent('Запись №11 отправлена снова. Сейчас: «Отправлено».');
    expect(screen.getByText(/Всего в очереди: Ожидает — 1, Отправлено — 2\./)).toBeInTheDocument();
  });

  it.each([
    [404, 'Такой неотправленной записи нет.', 'Такой неотправленной записи нет.'],
    [409, 'Запись уже отправляется.', 'Запись уже отправляется.'],
    [403, 'This action is unauthorized.', 'Недостаточно прав, чтобы отправить запись снова.'],
    [500, 'Internal Server Error', 'Сервис временно недоступен. Попробуйте ещё раз через минуту.'],
  ])('a refused retry (HTTP %i «%s») shows why beside the row, and the row stays as it was', async (status, message, text) => {
    const failure = new ApiError(status, message);
    fakeApi({
      ...meRoute(),
      'GET /api/staff/outbox': () => list([failed]),
      'POST /api/staff/outbox/:id/retry': () => {
        throw failure;
      },
    });
    renderBackoffice('/backoffice/outbox');
    const refund = await rowOf(11);
    fireEvent.click(within(refund).getByRole('button', { name: 'Отправить снова' }));
    expect(await within(refund).findByRole('alert')).toHaveTextContent(text);
    expect(within(refund).getByText('Не доставлено')).toBeInTheDocument();
    expect(within(refund).getByRole('button', { name: 'Отправить снова' })).toBeEnabled();
  });

  it('says when the queue is empty, and when nothing matches the filters', async () => {
    fakeApi({ ...meRoute(), 'GET /api/staff/outbox': () => list([], {}) });
    renderBackoffice('/backoffice/outbox');
    expect(await screen.findByText('Очередь пуста: сообщений и возвратов ещё не было.')).toBeInTheDocument();
    expect(screen.queryByRole('table')).not.toBeInTheDocument();
    expect(screen.queryByText(/Всего в очереди/)).not.toBeInTheDocument();

    fireEvent.change(screen.getByLabelText('Состояние'), { target: { value: 'failed' } });
    fireEvent.click(screen.getByRole('button', { name: 'Показать' }));
    expect(await screen.findByText('Записей с такими условиями нет.')).toBeInTheDocument();
  });

  it('a failed load says so in Russian and can be tried again', async () => {
    let fail = true;
    fakeApi({
      ...meRoute(),
      'GET /api/staff/outbox': () => {
        if (fail) throw new ApiError(503, 'Service Unavailable');
        return list([row()]);
      },
    });
    renderBackoffice('/backoffice/outbox');
    expect(await screen.findByRole('alert')).toHaveTextContent('Сервис временно недоступен');
    fail = false;
    fireEvent.click(screen.getByRole('button', { name: 'Повторить' }));
    expect(await rowOf(12)).toHaveTextContent('Отправлено');
  });
});
