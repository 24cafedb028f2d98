import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { StaffContent } from '@excursio/shared';
import { callsTo, fakeApi, ok } from '../../testing/fakeApi';
import { meRoute, renderBackoffice, signInStaff } from '../../testing/renderBackoffice';

beforeEach(() => signInStaff());
afterEach(() => {
  jest.useRealTimers();
  jest.restoreAllMocks();
});

const doc = (over: Partial<StaffContent> = {}): StaffContent => ({
  kind: 'document',
  id: 3,
  slug: 'help',
  title: 'Помощь',
  published: true,
  url: '/docs/help',
  updated_at: '2026-05-01T10:00:00Z',
  updated_by: null,
  versions_count: 2,
  excerpt: '',
  cover_url: null,
  markdown: '## Как заказать\n\nВыберите дату.',
  body: [],
  versions: [
    { id: 12, title: 'Помощь', markdown: '## Как заказать\n\nВыберите дату.', author: { id: 3, name: 'Ольга Петрова' }, created_at: '2026-05-01T10:00:00Z' },
    { id: 11, title: 'Помощь', markdown: 'Старый текст', author: null, created_at: '2026-04-01T10:00:00Z' },
  ],
  ...over,
});

/** The api's preview: headings, paragraphs, lists — as text (the server's sanitising conversion, faked). */
function previewOf(markdown: string) {
  return markdown.split(/\n{2,}/).map((part) => (part.startsWith('## ') ? { type: 'h2', text: part.slice(3) } : { type: 'p', text: part }));
}

describe('content', () => {
  it('lists the /docs pages and the blog with their state', async () => {
    fakeApi({
      ...meRoute(),
      'GET /api/staff/content': () =>
        ok([
          { ...doc(), markdown: undefined },
          { kind: 'blog', id: 5, slug: 'altai', title: 'Алтай летом', published: false, url: '/blog/altai', updated_at: '2026-05-02T10:00:00Z', updated_by: null, versions_count: 1 },
        ]),
    });
    renderBackoffice('/backoffice/content');
    const docs = await screen.findByRole('table', { name: 'Страницы /docs' });
    expect(within(docs).getByRole('link', { name: 'Помощь' })).toHaveAttribute('href', '/backoffice/content/document/3');
    expect(within(screen.getByRole('table', { name: 'Записи блога' })).getByText('Снято с публикации')).toBeInTheDocument();
  });

  it('previews the Markdown live through the server, as text only, then saves a version', async () => {
    const calls = fakeApi({
      ...meRoute(),
      'GET /api/staff/content/document/3': () => ok(doc()),
      'POST /api/staff/content/preview': (call) => ok({ body: previewOf((call.body as { markdown: string }).markdown) }),
      'PUT /api/staff/content/document/3': (call) => ok(doc({ markdown: (call.body as { markdown: string }).markdown, versions: [{ ...doc().versions[0]!, id: 13 }, ...doc().versions] })),
    });
    renderBackoffice('/backoffice/content/document/3');
    const preview = await screen.findByRole('region', { name: 'Предпросмотр' });
    expect(await within(preview).findByRole('heading', { name: 'Как заказать' })).toBeInTheDocument();

    fireEvent.change(screen.getByLabelText('Текст в Markdown'), { target: { value: '## Оплата\n\n<img src=x onerror=alert(1)>' } });
    expect(await within(preview).findByRole('heading', { name: 'Оплата' })).toBeInTheDocument();
    // whatever the text holds is shown as text: no element is made of it
    expect(within(preview).getByText('<img src=x onerror=alert(1)>')).toBeInTheDocument();
    expect(preview.querySelector('img')).toBeNull();

    fireEvent.click(screen.getByRole('button', { name: 'Сохранить' }));
    expect(await screen.findByRole('status')).toHaveTextContent('Сохранено как новая версия.');
    expect(callsTo(calls, 'PUT', '/api/staff/content/document/3')[0]!.body).toEqual({ title: 'Помощь', excerpt: '', markdown: '## Оплата\n\n<img src=x onerror=alert(1)>' });
  });

  it('waits for a pause in typing before asking for a preview', async () => {
    jest.useFakeTimers();
    const calls = fakeApi({
      ...meRoute(),
      'GET /api/staff/content/document/3': () => ok(doc()),
      'POST /api/staff/content/preview': (call) => ok({ body: previewOf((call.body as { markdown: string }).markdown) }),
    });
    renderBackoffice('/backoffice/content/document/3');
    await act(async () => jest.advanceTimersByTimeAsync(500));
    const field = await screen.findByLabelText('Текст в Markdown');
    const before = callsTo(calls, 'POST', '/api/staff/content/preview').length;
    for (const text of ['a', 'ab', 'abc']) {
      fireEvent.change(field, { target: { value: text } });
      await act(async () => jest.advanceTimersByTimeAsync(100));
    }
    await act(async () => jest.advanceTimersByTimeAsync(500));
    const after = callsTo(calls, 'POST', '/api/staff/content/preview').slice(before);
    expect(after.map((c) => c.body)).toEqual([{ markdown: 'abc' }]);
  });

  it('publishes, unpublishes and restores an older version', async () => {
    const calls = fakeApi({
      ...meRoute(),
      'GET /api/staff/content/document/3': () => ok(doc()),
      'POST /api/staff/content/preview': () => ok({ body: [] }),
      'POST /api/staff/content/document/3/unpublish': () => ok(doc({ published: false })),
      'POST /api/staff/content/document/3/restore/11': () => ok(doc({ markdown: 'Старый текст', published: false, versions: [{ ...doc().versions[1]!, id: 14 }, ...doc().versions] })),
    });
    renderBackoffice('/backoffice/content/document/3');
    fireEvent.click(await screen.findByRole('button', { name: 'Снять с публикации' }));
    expect(await screen.findByRole('button', { name: 'Опубликовать' })).toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: 'Вернуть эту версию' }));
    await waitFor(() => expect(screen.getByLabelText('Текст в Markdown')).toHaveValue('Старый текст'));
    expect(callsTo(calls, 'POST', '/api/staff/content/document/3/restore/11')).toHaveLength(1);
  });
});
