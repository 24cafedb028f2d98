import { useId } from 'react';
import type { StaffTemplate } from '@excursio/shared';
import { useLoad } from '@excursio/shared/ui';
import { staffCalls } from './staffCalls';

interface TemplatePickerProps {
  list: 'moderation' | 'support';
  /** A template was picked: its text goes into the field (the person edits it before sending). */
  onPick: (template: StaffTemplate) => void;
}

/** «Шаблон»: the reusable texts of a list (moderation rejections, support replies). */
export function TemplatePicker({ list, onPick }: TemplatePickerProps) {
  const id = useId();
  const { data } = useLoad(`templates:${list}`, () => staffCalls.templates(list).then((r) => r.data));
  if (!data?.length) return null;
  return (
    <div className="ex-ui-field">
      <label className="ex-ui-label" htmlFor={id}>
        Шаблон
      </label>
      <select
        id={id}
        className="ex-ui-select"
        value=""
        onChange={(event) => {
          const template = data.find((t) => String(t.id) === event.target.value);
          if (template) onPick(template);
        }}
      >
        <option value="">Выберите шаблон…</option>
        {data.map((template) => (
          <option key={template.id} value={template.id}>
            {template.title}
          </option>
        ))}
      </select>
    </div>
  );
}
