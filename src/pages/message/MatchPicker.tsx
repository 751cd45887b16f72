/**
 * The composer's match picker: today's matches from the core's 即时 list (live first), football
 * or basketball; choosing one shares it into the chat as a match card.
 */
import { useState } from 'react';
import { getCore, useMatch, useMatchList, type ChatTarget } from '../../core/index';
import type { Sport } from '../../../workers/protocol/live';
import { MessageMediaPaths } from '../../../workers/protocol/api/message-media';
import { showToast } from '../../state/ui';
import { MEDIA_TEXT } from './media-strings';
import { PickerSheet } from './PickerSheet';

const T = MEDIA_TEXT.match;
const SHOWN = 100;
const SPORTS: ReadonlyArray<[Sport, string]> = [
  ['zq', '足球'],
  ['lq', '篮球'],
];

function PickRow({ id, sport, onPick }: { id: number; sport: Sport; onPick: (id: number) => void }) {
  const m = useMatch(id, sport);
  if (!m) return null;
  return (
    <li>
      <button
        type="button"
        className="msg-picker__row"
        data-match-id={id}
        aria-label={T.share(m.home.name, m.away.name)}
        onClick={() => onPick(id)}
      >
        <span className="msg-picker__league">{m.leagueName}</span>
        <span className="msg-picker__teams">
          {m.home.name} <b data-score>{m.hasKickedOff ? `${m.score[0]}-${m.score[1]}` : 'VS'}</b> {m.away.name}
        </span>
        <span className={m.isLive ? 'msg-picker__status msg-picker__status--live' : 'msg-picker__status'}>
          {m.isUpcoming ? m.openTimeText : m.statusText}
        </span>
      </button>
    </li>
  );
}

export function MatchPicker({
  onShare,
  onClose,
}: {
  onShare: (id: number, sport: Sport) => Promise<boolean>;
  onClose: () => void;
}) {
  const [sport, setSport] = useState<Sport>('zq');
  const [busy, setBusy] = useState(false);
  const list = useMatchList(sport, 'js');
  const ids = (list?.ids ?? []).slice(0, SHOWN);

  async function pick(id: number) {
    if (busy) return;
    setBusy(true);
    const done = await onShare(id, sport);
    setBusy(false);
    if (done) onClose();
  }

  return (
    <PickerSheet title={T.picker} busy={busy} onClose={onClose}>
      <div className="msg-picker__tabs" role="tablist">
        {SPORTS.map(([s, label]) => (
          <button key={s} type="button" role="tab" aria-selected={s === sport} onClick={() => setSport(s)}>
            {label}
          </button>
        ))}
      </div>
      {!list || (list.loading && ids.length === 0) ? (
        <p className="us-list-state" role="status">
          {T.loading}
        </p>
      ) : ids.length === 0 ? (
        <p className="us-list-state" role="status">
          {T.empty}
        </p>
      ) : (
        <ul className="msg-picker__list">
          {ids.map((id) => (
            <PickRow key={id} id={id} sport={sport} onPick={(x) => void pick(x)} />
          ))}
        </ul>
      )}
    </PickerSheet>
  );
}

/** Shares one match into the chat; false (with the reason shown) when refused. */
export async function shareMatch(
  target: ChatTarget,
  matchId: number,
  sport: Sport,
  clientId: string,
): Promise<boolean> {
  const env = await getCore().request({
    path: MessageMediaPaths.match,
    method: 'POST',
    body: { ...target, matchId, sport, clientId },
    silent: true,
  });
  if (env.code !== 200) showToast(env.msg);
  return env.code === 200;
}
