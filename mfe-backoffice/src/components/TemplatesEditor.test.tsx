import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { StaffTemplate } from '@excursio/shared';
import { callsTo, fakeApi, ok, paged } from '../testing/fakeApi';
import { meRoute, renderBackoffice, signInStaff } from '../testing/renderBackoffice';

beforeEach(() => signInStaff());
afterEach(() => jest.restoreAllMocks());

describe('templates editor', () => {
  it('creates, edits and removes the support reply templates', async () => {
    let templates: StaffTemplate[] = [{ id: 4, title: 'Билет', text: 'Билет в личном кабинете.', updated_at: '2026-05-01T10:00:00Z', updated_by: { id: 3, name: 'Ольга' } }];
    const calls = fakeApi({
      ...meRoute(),
      'GET /api/staff/support/tickets': () => ok(paged([])),
      'GET /api/staff/support/templates': () => ok(templates),
      'POST /api/staff/support/templates': (call) => {
        const body = call.body as { title: string; text: string };
        templates = [...templates, { id: 5, ...body, updated_at: '2026-05-30T10:00:00Z', updated_by: null }];
        return ok(templates.at(-1));
      },
      'PUT /api/staff/support/templates/:id': (call) => {
        templates = templates.map((t) => (t.id === 4 ? { ...t, ...(call.body as object) } : t));
        return ok(templates[0]);
      },
      'DELETE /api/staff/support/templates/:id': () => {
        templates = templates.filter((t) => t.id !== 4);
        return { status: true };
      },
    });
    renderBackoffice('/backoffice/support');
    fireEvent.click(await screen.findByText('Шаблоны ответов'));
    expect(await screen.findByText('Билет в личном кабинете.')).toBeInTheDocument();

    fireEvent.click(screen.getByRole('button', { name: 'Новый шаблон' }));
    const form = screen.getByRole('form', { name: 'Новый шаблон' });
    fireEvent.click(within(form).getByRole('button', { name: 'Сохранить шаблон' }));
    expect(await within(form).findByText('Назовите шаблон.')).toBeInTheDocument();
    expect(callsTo(calls, 'POST', '/api/staff/support/templates')).toHaveLength(0);
    fireEvent.change(within(form).getByLabelText('Название шаблона'), { target: { value: 'Перенос' } });
    fireEvent.change(within(form).getByLabelText('Текст шаблона'), { target: { value: 'Перенос бесплатный за сутки.' } });
    fireEvent.click(within(form).getByRole('button', { name: 'Сохранить шаблон' }));
    expect(await screen.findByText('Перенос бесплатный за сутки.')).toBeInTheDocument();

    fireEvent.click(screen.getByRole('button', { name: 'Изменить «Билет»' }));
    fireEvent.change(screen.getByLabelText('Текст шаблона'), { target: { value: 'Билет — в разделе «Билеты».' } });
    fireEvent.click(screen.getByRole('button', { name: 'Сохранить шаблон' }));
    await waitFor(() => expect(callsTo(calls, 'PUT', '/api/staff/support/templates/4')[0]?.body).toEqual({ title: 'Билет', text: 'Билет — в разделе «Билеты».' }));
    expect(await screen.findByText('Билет — в разделе «Билеты».')).toBeInTheDocument();

    fireEvent.click(screen.getByRole('button', { name: 'Удалить «Билет»' }));
    await waitFor(() => expect(screen.queryByText('Билет — в разделе «Билеты».')).not.toBeInTheDocument());
  });
});
