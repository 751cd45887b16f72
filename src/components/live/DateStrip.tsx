/** A horizontal strip of days (schedule and results tabs). Labels come from the page (core formats). */
import { useLayoutEffect, useRef } from 'react';

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
  const strip = useRef<HTMLDivElement>(null);
  // The chosen day is always in view: 赛果 opens on today, the last of seven days, which sat
  // off-screen to the right at 375 px. Centred by scrollLeft (scrollIntoView would also scroll
  // the page).
  useLayoutEffect(() => {
    const el = strip.current;
    if (!el) return;
    const centre = () => {
      const on = el.querySelector<HTMLElement>('[aria-selected="true"]');
      if (!on) return;
      const offset = on.getBoundingClientRect().left - el.getBoundingClientRect().left + el.scrollLeft;
      el.scrollLeft = Math.max(0, offset - (el.clientWidth - on.offsetWidth) / 2);
    };
    centre();
    // The strip's size can still change after this first layout: a server-rendered page hydrates
    // before the stylesheet or the CJK font has arrived, and the strip only overflows once they
    // have. Centre again on each resize until the fan scrolls the strip by hand.
    if (typeof ResizeObserver === 'undefined') return;
    let touched = false;
    const byHand = () => (touched = true);
    el.addEventListener('pointerdown', byHand, { passive: true });
    el.addEventListener('wheel', byHand, { passive: true });
    el.addEventListener('touchstart', byHand, { passive: true });
    const ro = new ResizeObserver(() => {
      if (!touched) centre();
    });
    ro.observe(el);
    for (const b of el.children) ro.observe(b);
    return () => {
      ro.disconnect();
      el.removeEventListener('pointerdown', byHand);
      el.removeEventListener('wheel', byHand);
      el.removeEventListener('touchstart', byHand);
    };
  }, [value, days]);
  return (
    <div className="lv-dates" role="tablist" aria-label="日期" ref={strip}>
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
