/** Gift effects over the video: a banner per send with its combo; big gifts fill the width. Props only. */
import type { GiftEffect } from '../../../workers/protocol/index';
import { VLIVE_TEXT } from './strings';

export interface ShownGift extends GiftEffect {
  big: boolean;
}

export function GiftEffects({ gifts }: { gifts: ShownGift[] }) {
  return (
    <div className="vl-effects" aria-live="polite">
      {gifts.map((g) => (
        <div key={g.id} className={g.big ? 'vl-effect vl-effect--big' : 'vl-effect'} data-gift-effect={g.id}>
          <img src={g.icon} alt="" />
          <span className="vl-effect-text">
            <b>{g.nickName}</b> {VLIVE_TEXT.giftSent(g.giftName, g.count)}
          </span>
          {g.combo > 1 && <em className="vl-combo">{VLIVE_TEXT.combo(g.combo)}</em>}
        </div>
      ))}
    </div>
  );
}
