/** One room in the grid: cover, live badge, heat, tag, title, anchor. Props only. */
import { Link } from 'wouter';
import type { VliveRoom } from '../../../workers/protocol/index';
import { VLIVE_TEXT } from './strings';
import { LazyImage } from '../LazyImage';

export function heatText(heat: number): string {
  return heat >= 10_000 ? `${(Math.floor(heat / 1000) / 10).toFixed(1)}万` : String(heat);
}

/**
 * `eager`: a card on the first screen (its cover is fetched at once instead of lazily), with
 * `together` the first screen's images (its cover and avatar among them), fetched as one sprite.
 */
export function RoomCard({
  room,
  href,
  eager = false,
  together,
}: {
  room: VliveRoom;
  href: string;
  eager?: boolean;
  together?: readonly string[];
}) {
  return (
    <Link href={href} className="vl-card" data-room-id={room.id}>
      <div className="vl-card-cover">
        <LazyImage src={room.cover} width={320} height={180} eager={eager} together={together} />
        <span
          className={room.testSignal ? 'vl-badge vl-badge--test' : room.live ? 'vl-badge vl-badge--live' : 'vl-badge'}
        >
          {room.testSignal ? VLIVE_TEXT.testBadge : room.live ? VLIVE_TEXT.live : VLIVE_TEXT.offline}
        </span>
        <span className="vl-card-tag">{room.tag}</span>
        <span className="vl-card-heat" aria-label={VLIVE_TEXT.heat}>
          <svg viewBox="0 0 12 14" width="9" height="11" aria-hidden>
            <path d="M6 0c1 3 5 5 5 9a5 5 0 0 1-10 0c0-2 1-3 2-4 0 2 1 3 2 3-1-3 0-6 1-8z" fill="#ff7a45" />
          </svg>
          {heatText(room.heat)}
        </span>
      </div>
      <div className="vl-card-title">{room.title}</div>
      <div className="vl-card-anchor">
        <LazyImage src={room.anchor.avatar} width={18} height={18} eager={eager} together={together} />
        <span>{room.anchor.name}</span>
        {room.followed && <em>{VLIVE_TEXT.followed}</em>}
      </div>
    </Link>
  );
}

/** A card's box with nothing in it, shown while the first page of rooms loads (no shift). */
export function RoomCardPlaceholder() {
  return (
    <div className="vl-card vl-card--placeholder" aria-hidden>
      <div className="vl-card-cover" />
      <div className="vl-card-title">{'\u00a0'}</div>
      <div className="vl-card-anchor">
        <span>{'\u00a0'}</span>
      </div>
    </div>
  );
}
