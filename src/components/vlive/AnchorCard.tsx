/** Anchor avatar, name, followers, follow and share buttons. Props only. */
import type { VliveAnchor } from '../../../workers/protocol/index';
import { heatText } from './RoomCard';
import { VLIVE_TEXT } from './strings';

export function AnchorCard({
  anchor,
  title,
  heat,
  onFollow,
  onShare,
}: {
  anchor: VliveAnchor;
  title: string;
  heat: number;
  onFollow: () => void;
  onShare: () => void;
}) {
  return (
    <div className="vl-anchor">
      <img src={anchor.avatar} alt="" />
      <div className="vl-anchor-main">
        <h1>{title}</h1>
        <p>
          {anchor.name} · {VLIVE_TEXT.followers} {anchor.followers} · {VLIVE_TEXT.heat} {heatText(heat)}
        </p>
      </div>
      <button
        type="button"
        className={anchor.follow ? 'vl-btn vl-btn--ghost' : 'vl-btn vl-btn--gold'}
        onClick={onFollow}
        aria-pressed={anchor.follow === 1}
      >
        {anchor.follow ? VLIVE_TEXT.followed : `+${VLIVE_TEXT.follow}`}
      </button>
      <button type="button" className="vl-icon-btn" onClick={onShare} aria-label={VLIVE_TEXT.share}>
        ↗
      </button>
    </div>
  );
}
