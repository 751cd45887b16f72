/** The report dialog: a reason from a short list, then submit. Props only. */
import { useEffect, useRef, useState } from 'react';
import { NEWS_TEXT as T } from './strings';

export function ReportSheet({ onSubmit, onClose }: { onSubmit: (reason: string) => void; onClose: () => void }) {
  const [reason, setReason] = useState<string>(T.reportReasons[0]);
  const first = useRef<HTMLInputElement>(null);
  useEffect(() => {
    first.current?.focus();
    const onKey = (e: KeyboardEvent) => e.key === 'Escape' && onClose();
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [onClose]);
  return (
    <div className="nw-sheet-backdrop" onClick={onClose}>
      <form
        className="nw-sheet"
        role="dialog"
        aria-modal="true"
        aria-labelledby="nw-report-title"
        onClick={(e) => e.stopPropagation()}
        onSubmit={(e) => {
          e.preventDefault();
          onSubmit(reason);
        }}
      >
        <h2 id="nw-report-title">{T.reportTitle}</h2>
        <fieldset>
          <legend className="visually-hidden">{T.reportTitle}</legend>
          {T.reportReasons.map((r, i) => (
            <label key={r} className="nw-sheet__option">
              <input
                ref={i === 0 ? first : undefined}
                type="radio"
                name="reason"
                value={r}
                checked={reason === r}
                onChange={() => setReason(r)}
              />
              {r}
            </label>
          ))}
        </fieldset>
        <div className="nw-sheet__actions">
          <button type="button" className="nw-btn" onClick={onClose}>
            {T.reportCancel}
          </button>
          <button type="submit" className="nw-btn nw-btn--primary">
            {T.reportSubmit}
          </button>
        </div>
      </form>
    </div>
  );
}
