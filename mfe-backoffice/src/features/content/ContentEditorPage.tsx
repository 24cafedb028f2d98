import { useState, type FormEvent } from 'react';
import { useNavigate, useParams } from '@excursio/shared/router';
import type { ContentKind, StaffContent } from '@excursio/shared';
import { ErrorNote, Field, LoadError, Skeleton, failureText, fieldErrors, useLoad } from '@excursio/shared/ui';
import { Badge, BoPage } from '../../components/BoPage';
import { formatDateTime } from '../../components/format';
import { contentCalls } from './contentCalls';
import { Preview } from './Preview';
import './content.css';

function Versions({ item, onRestored }: { item: StaffContent; onRestored: (item: StaffContent) => void }) {
  const [problem, setProblem] = useState<string | null>(null);
  const restore = async (versionId: number) => {
    setProblem(null);
    try {
      onRestored((await contentCalls.restore(item.kind, item.id, versionId)).data);
    } catch (e) {
      setProblem(failureText(e));
    }
  };
  return (
    <section className="bo-section" aria-labelledby="bo-versions">
      <h2 className="bo-section__title" id="bo-versions">
        Версии
      </h2>
      {item.versions.length === 0 && <p className="bo-muted">Версий ещё нет: первая появится после сохранения.</p>}
      <ol className="bo-list bo-versions">
        {item.versions.map((v, i) => (
          <li key={v.id}>
            <span>
              {formatDateTime(v.created_at)} · {v.author?.name ?? 'начальная версия'} · «{v.title}»
            </span>
            {i === 0 ? (
              <Badge tone="info">текущая</Badge>
            ) : (
              <button type="button" className="ex-ui-button ex-ui-button--secondary" onClick={() => void restore(v.id)}>
                Вернуть эту версию
              </button>
            )}
          </li>
        ))}
      </ol>
      <ErrorNote text={problem} />
    </section>
  );
}

interface Draft {
  title: string;
  excerpt: string;
  markdown: string;
  slug: string;
}

function Editor({ draft, onChange, errors, isNew }: { draft: Draft; onChange: (d: Draft) => void; errors: Record<string, string>; isNew: boolean }) {
  return (
    <div className="bo-editor">
      <div className="bo-form">
        <Field label="Заголовок" error={errors.title}>
          {(props) => <input {...props} className="ex-ui-input" value={draft.title} maxLength={300} onChange={(e) => onChange({ ...draft, title: e.target.value })} />}
        </Field>
        {isNew && (
          <Field label="Адрес (латиница, цифры, дефисы)" error={errors.slug} hint="Страница будет доступна по /blog/адрес">
            {(props) => <input {...props} className="ex-ui-input" value={draft.slug} maxLength={200} onChange={(e) => onChange({ ...draft, slug: e.target.value })} />}
          </Field>
        )}
        <Field label="Краткое описание" error={errors.excerpt}>
          {(props) => (
            <textarea {...props} className="ex-ui-textarea bo-editor__excerpt" value={draft.excerpt} maxLength={1000} onChange={(e) => onChange({ ...draft, excerpt: e.target.value })} />
          )}
        </Field>
        <Field label="Текст в Markdown" error={errors.markdown} hint="## заголовок, ### подзаголовок, - список, 1. нумерованный список; пустая строка — новый абзац">
          {(props) => (
            <textarea {...props} className="ex-ui-textarea bo-editor__markdown" value={draft.markdown} onChange={(e) => onChange({ ...draft, markdown: e.target.value })} />
          )}
        </Field>
      </div>
      <Preview markdown={draft.markdown} />
    </div>
  );
}

/** /backoffice/content/{kind}/{id}: edit in Markdown with a live preview; each save is a version; publish / unpublish. */
export function ContentEditorPage() {
  const params = useParams();
  const kind = params.kind as ContentKind;
  const id = Number(params.id);
  const { data: item, error, loading, reload, set } = useLoad(`content:${kind}:${id}`, () => contentCalls.item(kind, id).then((r) => r.data));
  // kept here: the editor starts afresh from each new version (its key), the message about it stays
  const [notice, setNotice] = useState<string | null>(null);
  return (
    <BoPage heading={item ? item.title : 'Редактор'} back={{ to: '/backoffice/content', label: 'К контенту' }}>
      {error != null && !item && <LoadError error={error} onRetry={reload} />}
      {loading && !item && <Skeleton lines={3} />}
      {item && <ItemEditor key={`${item.id}:${item.versions[0]?.id ?? 0}`} item={item} onSaved={set} notice={notice} onNotice={setNotice} />}
    </BoPage>
  );
}

interface ItemEditorProps {
  item: StaffContent;
  onSaved: (item: StaffContent) => void;
  notice: string | null;
  onNotice: (text: string | null) => void;
}

function ItemEditor({ item, onSaved, notice, onNotice: setNotice }: ItemEditorProps) {
  const [draft, setDraft] = useState<Draft>({ title: item.title, excerpt: item.excerpt, markdown: item.markdown, slug: item.slug });
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [problem, setProblem] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const dirty = draft.title !== item.title || draft.excerpt !== item.excerpt || draft.markdown !== item.markdown;

  const run = async (call: () => Promise<{ data: StaffContent }>, message: string) => {
    setBusy(true);
    setProblem(null);
    setErrors({});
    try {
      onSaved((await call()).data);
      setNotice(message);
    } catch (e) {
      setErrors(fieldErrors(e));
      setProblem(failureText(e));
    } finally {
      setBusy(false);
    }
  };
  const save = (event: FormEvent) => {
    event.preventDefault();
    void run(() => contentCalls.save(item.kind, item.id, { title: draft.title, excerpt: draft.excerpt, markdown: draft.markdown }), 'Сохранено как новая версия.');
  };

  return (
    <form onSubmit={save} aria-label="Редактор">
      <p className="bo-row">
        {item.published ? <Badge tone="ok">Опубликовано</Badge> : <Badge>Снято с публикации</Badge>}
        <a className="bo-link" href={item.url} target="_blank" rel="noopener noreferrer">
          {item.url}
        </a>
      </p>
      <Editor draft={draft} onChange={setDraft} errors={errors} isNew={false} />
      <ErrorNote text={problem} />
      {notice && (
        <output className="bo-muted">
          {notice}
        </output>
      )}
      <div className="bo-row bo-section">
        <button type="submit" className="ex-ui-button" disabled={busy || !dirty}>
          Сохранить
        </button>
        {item.published ? (
          <button type="button" className="ex-ui-button ex-ui-button--secondary" disabled={busy} onClick={() => void run(() => contentCalls.unpublish(item.kind, item.id), 'Снято с публикации.')}>
            Снять с публикации
          </button>
        ) : (
          <button type="button" className="ex-ui-button ex-ui-button--secondary" disabled={busy} onClick={() => void run(() => contentCalls.publish(item.kind, item.id), 'Опубликовано.')}>
            Опубликовать
          </button>
        )}
      </div>
      <Versions
        item={item}
        onRestored={(next) => {
          onSaved(next);
          setDraft({ title: next.title, excerpt: next.excerpt, markdown: next.markdown, slug: next.slug });
          setNotice('Версия восстановлена.');
        }}
      />
    </form>
  );
}

/** /backoffice/content/new: a new blog post (saved unpublished). */
export function NewPostPage() {
  const navigate = useNavigate();
  const [draft, setDraft] = useState<Draft>({ title: '', excerpt: '', markdown: '', slug: '' });
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [problem, setProblem] = useState<string | null>(null);
  const create = async (event: FormEvent) => {
    event.preventDefault();
    setProblem(null);
    try {
      const created = (await contentCalls.create({ title: draft.title, slug: draft.slug, excerpt: draft.excerpt, markdown: draft.markdown })).data;
      await navigate(`/backoffice/content/${created.kind}/${created.id}`);
    } catch (e) {
      setErrors(fieldErrors(e));
      setProblem(failureText(e));
    }
  };
  return (
    <BoPage heading="Новая запись в блоге" back={{ to: '/backoffice/content', label: 'К контенту' }}>
      <form onSubmit={(e) => void create(e)} aria-label="Новая запись">
        <Editor draft={draft} onChange={setDraft} errors={errors} isNew />
        <ErrorNote text={problem} />
        <div className="bo-row bo-section">
          <button type="submit" className="ex-ui-button">
            Создать
          </button>
        </div>
      </form>
    </BoPage>
  );
}
