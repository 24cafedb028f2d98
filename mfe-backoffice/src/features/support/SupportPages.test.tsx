import { fireEvent, screen, waitFor } from '@testing-library/react';
import type { StaffTicket } from '@excursio/shared';
import { callsTo, fakeApi, ok, paged } from '../../testing/fakeApi';
import { ticket } from '../../testing/fixtures';
import { meRoute, renderBackoffice, signInStaff } from '../../testing/renderBackoffice';

beforeEach(() => signInStaff());
afterEach(() => jest.restoreAllMocks());

describe('support list', () => {
  it('lists tickets with status, assignee and time to first answer, and filters through the address', async () => {
    const calls = fakeApi({
      ...meRoute(),
      'GET /api/staff/support/tickets': () =>
        ok(paged([ticket(), ticket({ id: 18, subject: 'Перенос даты', status: 'answered', kind: 'partner', assignee: { id: 3, name: 'Ольга Петрова' }, first_answer_s: 40 * 60 })])),
    });
    const { router } = renderBackoffice('/backoffice/support');
    expect(await screen.findByRole('link', { name: 'Не пришёл билет' })).toHaveAttribute('href', '/backoffice/support/17');
    // waiting for an answer first
    expect(callsTo(calls, 'GET', '/api/staff/support/tickets')[0]!.query).toEqual({ page: 1, status: 'open' });
    expect(screen.getByLabelText('Статус')).toHaveValue('open');
    const answered = screen.getByRole('row', { name: /Перенос даты/ });
    expect(answered).toHaveTextContent('Отвечено');
    expect(answered).toHaveTextContent('Ольга Петрова');
    expect(answered).toHaveTextContent('40 мин');
    expect(answered).toHaveTextContent('Партнёр');

    fireEvent.change(screen.getByLabelText('Статус'), { target: { value: 'open' } });
    fireEvent.change(screen.getByLabelText('Исполнитель'), { target: { value: 'none' } });
    fireEvent.change(screen.getByLabelText('Возраст'), { target: { value: '24' } });
    fireEvent.click(screen.getByRole('button', { name: 'Показать' }));
    await waitFor(() => expect(callsTo(calls, 'GET', '/api/staff/support/tickets').at(-1)?.query).toEqual({ page: 1, status: 'open', assignee: 'none', older_than_h: 24 }));
    expect(router.state.location.search).toBe('?status=open&assignee=none&older_than_h=24');

    fireEvent.change(screen.getByLabelText('Статус'), { target: { value: 'all' } });
    fireEvent.click(screen.getByRole('button', { name: 'Показать' }));
    await waitFor(() => expect(callsTo(calls, 'GET', '/api/staff/support/tickets').at(-1)?.query).toMatchObject({ status: 'all' }));
  });
});

describe('ticket page', () => {
  const withNote = (): StaffTicket =>
    ticket({
      status: 'answered',
      first_answer_s: 3600,
      messages: [
        ...ticket().messages,
        { id: 2, kind: 'note', author: { id: 3, name: 'Ольга Петрова' }, text: 'Проверила платёж — прошёл', created_at: '2026-05-30T08:30:00Z' },
        { id: 3, kind: 'staff', author: { id: 3, name: 'Ольга Петрова' }, text: 'Билет отправлен повторно', created_at: '2026-05-30T09:00:00Z' },
      ],
    });

  it('shows notes apart from answers, the time to first answer, and takes the ticket', async () => {
    const calls = fakeApi({
      ...meRoute(),
      'GET /api/staff/support/tickets/17': () => ok(withNote()),
      'POST /api/staff/support/tickets/17/assign': () => ok({ ...withNote(), assignee: { id: 3, name: 'Ольга Петрова' } }),
      'GET /api/staff/support/templates': () => ok([]),
    });
    renderBackoffice('/backoffice/support/17');
    const note = (await screen.findByText('Проверила платёж — прошёл')).closest('li')!;
    expect(note).toHaveClass('bo-msg--note');
    expect(note).toHaveTextContent('Внутренняя заметка — клиент её не видит');
    const answer = screen.getByText('Билет отправлен повторно').closest('li')!;
    expect(answer).toHaveClass('bo-msg--staff');
    expect(answer).not.toHaveTextContent('Внутренняя');
    expect(screen.getByText('через 1 ч')).toBeInTheDocument();

    fireEvent.click(screen.getByRole('button', { name: 'Взять себе' }));
    expect(await screen.findByRole('button', { name: 'Снять с себя' })).toBeInTheDocument();
    expect(callsTo(calls, 'POST', '/api/staff/support/tickets/17/assign')).toHaveLength(1);
  });

  it('answers from a template, and writes an internal note through its own call', async () => {
    const calls = fakeApi({
      ...meRoute(),
      'GET /api/staff/support/tickets/17': () => ok(ticket()),
      'GET /api/staff/support/templates': () => ok([{ id: 4, title: 'Билет', text: 'Билет отправлен на почту.', updated_at: '2026-05-01T00:00:00Z', updated_by: null }]),
      'POST /api/staff/support/tickets/17/answer': (call) =>
        ok(ticket({ status: 'answered', messages: [...ticket().messages, { id: 5, kind: 'staff', author: { id: 3, name: 'Ольга' }, text: (call.body as { text: string }).text, created_at: '2026-05-30T09:00:00Z' }] })),
      'POST /api/staff/support/tickets/17/notes': () => ok(ticket()),
    });
    renderBackoffice('/backoffice/support/17');
    fireEvent.change(await screen.findByLabelText('Шаблон'), { target: { value: '4' } });
    expect(screen.getByLabelText('Ответ (автор его увидит)')).toHaveValue('Билет отправлен на почту.');
    fireEvent.click(screen.getByRole('button', { name: 'Отправить ответ' }));
    expect(await screen.findByText('Билет отправлен на почту.', { selector: '.bo-msg__text' })).toBeInTheDocument();
    expect(callsTo(calls, 'POST', '/api/staff/support/tickets/17/answer')[0]!.body).toEqual({ text: 'Билет отправлен на почту.' });

    fireEvent.click(screen.getByRole('radio', { name: 'Внутренняя заметка' }));
    expect(screen.queryByLabelText('Шаблон')).not.toBeInTheDocument();
    fireEvent.change(screen.getByLabelText('Заметка (видят только сотрудники)'), { target: { value: 'Клиент звонил' } });
    fireEvent.click(screen.getByRole('button', { name: 'Сохранить заметку' }));
    await waitFor(() => expect(callsTo(calls, 'POST', '/api/staff/support/tickets/17/notes')[0]?.body).toEqual({ text: 'Клиент звонил' }));
    expect(callsTo(calls, 'POST', '/api/staff/support/tickets/17/answer')).toHaveLength(1);
  });
});
