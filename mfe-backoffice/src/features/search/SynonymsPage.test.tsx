import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { StaffSynonymGroup } from '@excursio/shared';
import { callsTo, fakeApi, ok, unprocessable } from '../../testing/fakeApi';
import { meRoute, renderBackoffice, signInStaff } from '../../testing/renderBackoffice';

beforeEach(() => signInStaff());
afterEach(() => jest.restoreAllMocks());

const group = (over: Partial<StaffSynonymGroup> = {}): StaffSynonymGroup => ({
  id: 7,
  expansion: 'санкт-петербург',
  terms: ['питер', 'спб'],
  updated_at: '2026-05-01T10:00:00Z',
  updated_by: { id: 3, name: 'Ольга Петрова' },
  ...over,
});

describe('search synonyms', () => {
  it('adds a group (the words one a line or comma-separated), shows the api’s field errors, edits and removes one', async () => {
    let groups = [group()];
    let refuse = true;
    const calls = fakeApi({
      ...meRoute(),
      'GET /api/staff/search/synonyms': () => ok(groups),
      'POST /api/staff/search/synonyms': (call) => {
        if (refuse) {
          refuse = false;
          throw unprocessable({ terms: ['«питер» уже есть в группе «санкт-петербург».'] });
        }
        const body = call.body as { expansion: string; terms: string[] };
        const made = group({ id: 8, expansion: body.expansion.toLowerCase(), terms: body.terms, updated_by: null });
        groups = [...groups, made];
        return ok(made);
      },
      'PUT /api/staff/search/synonyms/:id': (call) => {
        groups = groups.map((g) => (g.id === 7 ? { ...g, ...(call.body as object) } : g));
        return ok(groups[0]);
      },
      'DELETE /api/staff/search/synonyms/:id': () => {
        groups = groups.filter((g) => g.id !== 8);
        return null;
      },
    });
    renderBackoffice('/backoffice/synonyms');
    const row = await screen.findByRole('row', { name: /санкт-петербург/ });
    expect(row).toHaveTextContent('питер, спб');
    expect(row).toHaveTextContent('Ольга Петрова');

    fireEvent.click(screen.getByRole('button', { name: 'Новая группа' }));
    const form = screen.getByRole('form', { name: 'Новая группа синонимов' });
    expect(within(form).getByLabelText('Что искать')).toHaveFocus();
    fireEvent.click(within(form).getByRole('button', { name: 'Сохранить группу' }));
    expect(await within(form).findByText('Укажите, что искать: город, место или слово.')).toBeInTheDocument();
    expect(within(form).getByText('Добавьте хотя бы одно слово, которое набирают вместо этого.')).toBeInTheDocument();
    expect(callsTo(calls, 'POST', '/api/staff/search/synonyms')).toHaveLength(0);

    fireEvent.change(within(form).getByLabelText('Что искать'), { target: { value: 'Москва' } });
    fireEvent.change(within(form).getByLabelText('Что набирают вместо этого'), { target: { value: 'мск,  первопрестольная\nпитер' } });
    fireEvent.click(within(form).getByRole('button', { name: 'Сохранить группу' }));
    expect(await within(form).findByText('«питер» уже есть в группе «санкт-петербург».')).toBeInTheDocument();
    expect(within(form).getByLabelText('Что набирают вместо этого')).toHaveAttribute('aria-invalid', 'true');
    expect(callsTo(calls, 'POST', '/api/staff/search/synonyms')[0]?.body).toEqual({ expansion: 'Москва', terms: ['мск', 'первопрестольная', 'питер'] });

    fireEvent.change(within(form).getByLabelText('Что набирают вместо этого'), { target: { value: 'мск, первопрестольная' } });
    fireEvent.click(within(form).getByRole('button', { name: 'Сохранить группу' }));
    expect(await screen.findByRole('status')).toHaveTextContent('Группа «москва» сохранена, поиск уже её учитывает.');
    expect(await screen.findByRole('row', { name: /^москва/ })).toHaveTextContent('мск, первопрестольная');

    fireEvent.click(screen.getByRole('button', { name: 'Изменить «санкт-петербург»' }));
    const edit = screen.getByRole('form', { name: 'Изменить группу «санкт-петербург»' });
    expect(within(edit).getByLabelText('Что набирают вместо этого')).toHaveValue('питер\nспб');
    fireEvent.change(within(edit).getByLabelText('Что набирают вместо этого'), { target: { value: 'питер\nспб\nленинград' } });
    fireEvent.click(within(edit).getByRole('button', { name: 'Сохранить группу' }));
    await waitFor(() =>
      expect(callsTo(calls, 'PUT', '/api/staff/search/synonyms/7')[0]?.body).toEqual({ expansion: 'санкт-петербург', terms: ['питер', 'спб', 'ленинград'] }),
    );
    await waitFor(() => expect(screen.getByRole('row', { name: /санкт-петербург/ })).toHaveTextContent('питер, спб, ленинград'));

    // removing asks once more; «Оставить» keeps it
    fireEvent.click(screen.getByRole('button', { name: 'Удалить «москва»' }));
    fireEvent.click(screen.getByRole('button', { name: 'Оставить' }));
    expect(callsTo(calls, 'DELETE', '/api/staff/search/synonyms/8')).toHaveLength(0);
    fireEvent.click(screen.getByRole('button', { name: 'Удалить «москва»' }));
    const confirm = screen.getByRole('button', { name: 'Да, удалить «москва»' });
    expect(confirm).toHaveFocus();
    fireEvent.click(confirm);
    await waitFor(() => expect(screen.queryByRole('row', { name: /^москва/ })).not.toBeInTheDocument());
    expect(screen.getByRole('status')).toHaveTextContent('Группа «москва» удалена.');
    expect(screen.getByRole('button', { name: 'Новая группа' })).toHaveFocus();
  });
});
