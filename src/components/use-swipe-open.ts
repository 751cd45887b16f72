/**
 * A row that slides left under a finger (or a mouse drag) to show the actions behind it, as a
 * phone's chat list does (置顶, 删除). Past half the actions' width it stays open; a swipe back, a
 * tap on the row or a touch anywhere else closes it. Only a sideways drag slides: a vertical one
 * is the page's scroll (`touch-action: pan-y` on the sliding part leaves it to the browser, which
 * then cancels the pointer). A drag that moved is not a click, so the link under it stays shut.
 *
 * Keyboard and screen-reader users reach the actions as ordinary buttons: `onFocus` of the
 * actions opens the row, and focus leaving the row closes it. The caller spreads `row` on the
 * row, `slide` on the part that moves (it holds the row's link) and `actions` on what it covers.
 */
import { useEffect, useRef, useState, type FocusEvent, type MouseEvent, type PointerEvent } from 'react';

/** How far (px) a pointer moves before the gesture is read as sideways or vertical. */
const SLOP = 8;

interface Gesture {
  id: number;
  x: number;
  y: number;
  /** Where the slide was when the gesture began (0 shut, -width open). */
  base: number;
  axis: 'x' | 'y' | null;
}

const clamp = (v: number, min: number, max: number) => Math.min(max, Math.max(min, v));

export function useSwipeOpen(width: number) {
  const [open, setOpen] = useState(false);
  /** The slide's offset while a finger holds it; null when at rest. */
  const [drag, setDrag] = useState<number | null>(null);
  const gesture = useRef<Gesture | null>(null);
  /** Set when a gesture ends as a drag or a shutting tap: the click that may follow is its own. */
  const gestureClick = useRef(false);
  const clickWindow = useRef<ReturnType<typeof setTimeout>>(undefined);
  /** A gesture's click comes within a few hundred ms of its end (after the double-tap wait), or never. */
  const expectClick = () => {
    gestureClick.current = true;
    clearTimeout(clickWindow.current);
    clickWindow.current = setTimeout(() => (gestureClick.current = false), 600);
  };
  const rowRef = useRef<HTMLLIElement | null>(null);
  const slideRef = useRef<HTMLDivElement | null>(null);

  useEffect(() => () => clearTimeout(clickWindow.current), []);

  useEffect(() => {
    if (!open) return;
    const outside = (e: Event) => {
      if (!rowRef.current?.contains(e.target as Node)) setOpen(false);
    };
    document.addEventListener('pointerdown', outside, true);
    return () => document.removeEventListener('pointerdown', outside, true);
  }, [open]);

  const slide = {
    ref: slideRef,
    onPointerDown(e: PointerEvent<HTMLElement>) {
      if (e.button !== 0) return;
      gesture.current = { id: e.pointerId, x: e.clientX, y: e.clientY, base: open ? -width : 0, axis: null };
    },
    onPointerMove(e: PointerEvent<HTMLElement>) {
      const g = gesture.current;
      if (!g || g.id !== e.pointerId) return;
      const dx = e.clientX - g.x;
      const dy = e.clientY - g.y;
      if (g.axis === null) {
        if (Math.abs(dx) < SLOP && Math.abs(dy) < SLOP) return;
        g.axis = Math.abs(dx) > Math.abs(dy) ? 'x' : 'y';
        if (g.axis === 'x') e.currentTarget.setPointerCapture?.(e.pointerId);
      }
      if (g.axis !== 'x') return;
      setDrag(clamp(g.base + dx, -width, 0));
    },
    onPointerUp(e: PointerEvent<HTMLElement>) {
      const g = gesture.current;
      gesture.current = null;
      if (!g || g.id !== e.pointerId) return;
      if (g.axis === null && open) {
        // A tap on an open row shuts it; the click that may follow must not open the link.
        expectClick();
        setOpen(false);
        return;
      }
      if (g.axis !== 'x') return;
      expectClick();
      setOpen(clamp(g.base + e.clientX - g.x, -width, 0) < -width / 2);
      setDrag(null);
    },
    onPointerCancel() {
      gesture.current = null;
      setDrag(null);
    },
    /**
     * The click a drag or a shutting tap may end in is not a click on the row's link; a click
     * with no gesture before it (the keyboard's Enter) on an open row shuts it.
     */
    onClickCapture(e: MouseEvent<HTMLElement>) {
      if (!gestureClick.current && !open) return;
      e.preventDefault();
      e.stopPropagation();
      if (!gestureClick.current) setOpen(false);
      gestureClick.current = false;
    },
  };

  const actions = {
    onFocus() {
      setOpen(true);
    },
  };

  const row = {
    ref: rowRef,
    onBlur(e: FocusEvent<HTMLElement>) {
      if (!e.currentTarget.contains(e.relatedTarget as Node | null)) setOpen(false);
    },
  };

  return {
    open,
    /** Shuts the row; focus on an action it hides moves to the row's link, so the keyboard keeps its place. */
    close() {
      setOpen(false);
      const active = document.activeElement;
      if (active && rowRef.current?.contains(active) && !slideRef.current?.contains(active))
        slideRef.current?.querySelector<HTMLElement>('a, button')?.focus();
    },
    /** The slide's offset (px, ≤ 0) and whether a finger holds it (no easing then). */
    offset: drag ?? (open ? -width : 0),
    dragging: drag !== null,
    row,
    slide,
    actions,
  };
}
