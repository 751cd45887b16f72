/**
 * 分享 on a match's detail page (issue 13): a signed-in fan picks one of their recent
 * conversations (private or group, as the 消息 list orders them) and the match goes there as a
 * match card (the card's score stays live in the chat); a signed-out visitor is asked to log in.
 * Both sheets are labelled dialogs with the keyboard contract of the composer's sheets (focus in,
 * Escape closes, focus back to 分享).
 */
import { useState } from 'react';
import { createPortal } from 'react-dom';
import { Link } from 'wouter';
import { paths } from '../../app/paths';
import { Avatar } from '../../components/user/Avatar';
import { useConversations, useSession } from '../../core/index';
import type { ChatListItem } from '../../../workers/protocol/api/message';
import type { Sport } from '../../../workers/protocol/live';
import { showToast } from '../../state/ui';
import { newClientId } from './client-id';
import { shareMatch } from './MatchPicker';
import { MEDIA_TEXT } from './media-strings';
import { PickerSheet } from './PickerSheet';
import '../../components/user/user.css';
import './message.css';
import './media.css';

const T = MEDIA_TEXT.shareOut;
/** Recent conversations offered (the list is already newest first, pinned on top). */
const SHOWN = 30;

function LoginSheet({ onClose }: { onClose: () => void }) {
  return (
    <PickerSheet title={T.title} onClose={onClose}>
      <p className="us-list-state">
        {T.loginHint} <Link href={paths.login}>{T.login}</Link>
      </p>
    </PickerSheet>
  );
}

function ChatSheet({ matchId, sport, onClose }: { matchId: number; sport: Sport; onClose: () => void }) {
  const list = useConversations();
  const [busy, setBusy] = useState(false);
  const items = (list?.items ?? []).slice(0, SHOWN);

  async function send(c: ChatListItem) {
    if (busy) return;
    setBusy(true);
    const target = c.group ? { groupId: c.group.id } : { toUserId: c.peer.id };
    const done = await shareMatch(target, matchId, sport, newClientId());
    setBusy(false);
    if (!done) return;
    showToast(T.done(c.peer.nickName));
    onClose();
  }

  return (
    <PickerSheet title={T.title} busy={busy} onClose={onClose}>
      {!list || (list.status === 'loading' && items.length === 0) ? (
        <p className="us-list-state" role="status">
          {T.loading}
        </p>
      ) : items.length === 0 ? (
        <p className="us-list-state" role="status">
          {T.empty}
        </p>
      ) : (
        <ul className="msg-picker__list">
          {items.map((c) => (
            <li key={c.conversationId}>
              <button
                type="button"
                className="msg-share__row"
                data-conversation-id={c.conversationId}
                aria-label={T.to(c.peer.nickName)}
                disabled={busy}
                onClick={() => void send(c)}
              >
                {c.group ? (
                  <span className="msg-group-avatar" aria-hidden="true">
                    {[...c.peer.nickName][0]}
                  </span>
                ) : (
                  <Avatar src={c.peer.avatar} name={c.peer.nickName} size={36} label="" />
                )}
                <span className="msg-share__name">{c.peer.nickName}</span>
              </button>
            </li>
          ))}
        </ul>
      )}
    </PickerSheet>
  );
}

export function ShareMatchButton({ matchId, sport }: { matchId: number; sport: Sport }) {
  const session = useSession();
  const [open, setOpen] = useState(false);
  const close = () => setOpen(false);
  return (
    <>
      <button
        type="button"
        className="lv-icon-btn msg-share__btn"
        aria-haspopup="dialog"
        aria-expanded={open}
        onClick={() => setOpen(true)}
      >
        {T.button}
      </button>
      {/* On the page itself, not inside the detail header (its colours and layout are not the sheet's). */}
      {open &&
        createPortal(
          session.loggedIn ? (
            <ChatSheet matchId={matchId} sport={sport} onClose={close} />
          ) : (
            <LoginSheet onClose={close} />
          ),
          document.body,
        )}
    </>
  );
}
