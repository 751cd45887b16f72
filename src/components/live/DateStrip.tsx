/** A horizontal strip of days (schedule and results tabs). Labels come from the page (core formats). */
export interface DateStripDay {
  /** 'YYYY-MM-DD' */
  date: string;
  /** e.g. '11-22' */
  label: string;
  /** e.g. '周六' or '今天' */
  weekday: string;
}

export interface DateStripProps {
  days: DateStripDay[];
  value: string;
  onChange: (date: string) => void;
}

export function DateStrip({ days, value, onChange }: DateStripProps) {
  return (
    <div className="lv-dates" role="tablist" aria-label="日期">
      {days.map((d) => (
        <button
          key={d.date}
          type="button"
          role="tab"
          aria-selected={d.date === value}
          className={d.date === value ? 'on' : ''}
          data-date={d.date}
          onClick={() => onChange(d.date)}
        >
          <span className="lv-date-week">{d.weekday}</span>
          <span className="lv-date-day">{d.label}</span>
        </button>
      ))}
    </div>
  );
}
