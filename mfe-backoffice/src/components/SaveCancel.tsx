/** A back-office form's last row: its submit button and «Отмена». */
export function SaveCancel({ label, saving = false, onCancel }: { label: string; saving?: boolean; onCancel: () => void }) {
  return (
    <div className="bo-row">
      <button type="submit" className="ex-ui-button" disabled={saving}>
        {label}
      </button>
      <button type="button" className="ex-ui-button ex-ui-button--secondary" onClick={onCancel}>
        Отмена
      </button>
    </div>
  );
}
