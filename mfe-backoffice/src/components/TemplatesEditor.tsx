import { useId, useState, type FormEvent } from 'react';
import type { StaffTemplate } from '@excursio/shared';
import { ErrorNote, Field, failureText, fieldErrors, useLoad } from '@excursio/shared/ui';
import { formatDateTime } from './format';
import { staffCalls, type TemplateList } from './staffCalls';
import { SaveCancel } from './SaveCancel';

function TemplateForm({ list, template, onSaved, onCancel }: { list: TemplateList; template: StaffTemplate | null; onSaved: () => void; onCancel: () => void }) {
  const [title, setTitle] = useState(template?.title ?? '');
  const [text, setText] = useState(template?.text ?? '');
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [problem, setProblem] = useState<string | null>(null);
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const local: Record<string, string> = {};
    if (!title.trim()) local.title = 'Назовите шаблон.';
    if (!text.trim()) local.text = 'Напишите текст шаблона.';
    setErrors(local);
    if (Object.keys(local).length) return;
    setProblem(null);
    try {
      const body = { title: title.trim(), text: text.trim() };
      if (template) await staffCalls.updateTemplate(list, template.id, body);
      else await staffCalls.createTemplate(list, body);
      onSaved();
    } catch (error) {
      setErrors(fieldErrors(error));
      setProblem(failureText(error));
    }
  };
  return (
    <form className="bo-form bo-card" onSubmit={(e) => void submit(e)} aria-label={template ? `Изменить шаблон «${template.title}»` : 'Новый шаблон'}>
      <Field label="Название шаблона" error={errors.title}>
        {(props) => <input {...props} className="ex-ui-input" value={title} maxLength={200} onChange={(e) => setTitle(e.target.value)} />}
      </Field>
      <Field label="Текст шаблона" error={errors.text}>
        {(props) => <textarea {...props} className="ex-ui-textarea" value={text} maxLength={5000} onChange={(e) => setText(e.target.value)} />}
      </Field>
      <ErrorNote text={problem} />
      <SaveCancel label="Сохранить шаблон" onCancel={onCancel} />
    </form>
  );
}

/** «Шаблоны»: the reusable texts of a list, created, edited and removed by any staff member (each change is audited). */
export function TemplatesEditor({ list, title }: { list: TemplateList; title: string }) {
  const headingId = useId();
  const { data, reload } = useLoad(`templates-editor:${list}`, () => staffCalls.templates(list).then((r) => r.data));
  const [editing, setEditing] = useState<StaffTemplate | 'new' | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const saved = () => {
    setEditing(null);
    reload();
  };
  const remove = async (template: StaffTemplate) => {
    setProblem(null);
    try {
      await staffCalls.deleteTemplate(list, template.id);
      reload();
    } catch (error) {
      setProblem(failureText(error));
    }
  };
  return (
    <details className="bo-templates bo-section">
      <summary>
        <h2 className="bo-templates__title" id={headingId}>
          {title}
        </h2>
      </summary>
      <ul className="bo-list" aria-labelledby={headingId}>
        {data?.map((template) => (
          <li key={template.id} className="bo-templates__item">
            <strong>{template.title}</strong>
            <span className="bo-muted">
              {template.updated_by ? `${template.updated_by.name}, ` : ''}
              {formatDateTime(template.updated_at)}
            </span>
            <p className="bo-pre">{template.text}</p>
            <div className="bo-row">
              <button type="button" className="ex-ui-button ex-ui-button--secondary" onClick={() => setEditing(template)}>
                Изменить «{template.title}»
              </button>
              <button type="button" className="ex-ui-button ex-ui-button--secondary" onClick={() => void remove(template)}>
                Удалить «{template.title}»
              </button>
            </div>
          </li>
        ))}
      </ul>
      {data?.length === 0 && <p className="bo-muted">Шаблонов пока нет.</p>}
      <ErrorNote text={problem} />
      {editing ? (
        <TemplateForm key={editing === 'new' ? 'new' : editing.id} list={list} template={editing === 'new' ? null : editing} onSaved={saved} onCancel={() => setEditing(null)} />
      ) : (
        <button type="button" className="ex-ui-button ex-ui-button--secondary" onClick={() => setEditing('new')}>
          Новый шаблон
        </button>
      )}
    </details>
  );
}
