/**
 * /message/chatDetail?peer=<user id>: a private conversation's settings. The person's card, pin
 * (置顶), 消息免打扰 (the chat leaves the unread badge), clear the history, block. Pin and clear are
 * the conversation list's own calls; every change is read back from the server.
 */
import { Link, useLocation, useSearch } from 'wouter';
import type { PageProps } from '../../app/App';
import { paths } from '../../app/paths';
import { useConfirm } from '../../components/use-confirm';
import { Avatar } from '../../components/user/Avatar';
import { LoadState } from '../../components/user/ListState';
import { PageHeader } from '../../components/user/PageHeader';
import { getCore } from '../../core/index';
import { MessagePaths } from '../../../workers/protocol/api/message';
import { MessagePeoplePaths, type ChatSettings } from '../../../workers/protocol/api/message-people';
import { goBack } from '../user/use-load';
import { useMyLoad } from './use-my-load';
import { SettingSwitch } from './PeopleParts';
import { blockQuestion, idParam, post } from './PersonalPage';
import { PEOPLE_TEXT as T } from './people-strings';

function Settings({ s, onChanged }: { s: ChatSettings; onChanged: () => void }) {
  const [, navigate] = useLocation();
  const { dialog, ask } = useConfirm();
  /** A switch's change: sent as `on` 1/0 with the body, then the settings read back. */
  const toggle = (path: string, body: Record<string, unknown>) => async (on: boolean) => {
    const done = await post(path, { ...body, on: on ? 1 : 0 });
    if (done) onChanged();
    return done;
  };
  const { conversationId } = s;
  return (
    <>
      <Link href={paths.messagePersonal(s.peer.id)} className="us-card us-row msg-detail__peer">
        <span className="msg-detail__who">
          <Avatar src={s.peer.avatar} name={s.peer.nickName} size={44} label="" />
          <span>
            <span className="msg-detail__name">{s.peer.nickName}</span>
            <span className="us-muted msg-detail__sub">{T.chatDetail.card}</span>
          </span>
        </span>
        <span className="us-row__arrow" aria-hidden="true">
          ›
        </span>
      </Link>
      <div className="us-card">
        {!s.exists && (
          <p className="us-muted msg-detail__note" role="note">
            {T.chatDetail.noChat}
          </p>
        )}
        <SettingSwitch
          label={T.chatDetail.pin}
          checked={s.pinned}
          disabled={!s.exists}
          onChange={toggle(MessagePaths.pin, { conversationId })}
        />
        <SettingSwitch
          label={T.chatDetail.mute}
          hint={T.chatDetail.muteHint}
          checked={s.muted}
          disabled={!s.exists}
          onChange={toggle(MessagePeoplePaths.mute, { conversationId })}
        />
        <SettingSwitch
          label={T.chatDetail.block}
          hint={T.chatDetail.blockHint}
          checked={s.blocked}
          onChange={async (on) =>
            on && !(await ask(blockQuestion(s.peer.nickName)))
              ? false
              : toggle(MessagePaths.block, { userId: s.peer.id })(on)
          }
        />
      </div>
      <div className="us-card">
        <button
          type="button"
          className="us-row msg-detail__danger"
          disabled={!s.exists}
          onClick={async () => {
            const sure = await ask({
              title: T.chatDetail.clear,
              message: T.chatDetail.confirmClear,
              confirmText: T.chatDetail.clearOk,
              cancelText: T.personal.cancel,
            });
            if (!sure) return;
            if (await post(MessagePaths.deleteChat, { conversationId })) navigate(paths.message);
          }}
        >
          {T.chatDetail.clear}
        </button>
      </div>
      {dialog}
    </>
  );
}

export function ChatDetailPage(_props: PageProps) {
  const [, navigate] = useLocation();
  const peer = idParam(new URLSearchParams(useSearch()).get('peer'));
  const settings = useMyLoad(
    peer
      ? () =>
          getCore().request<ChatSettings>({
            path: MessagePeoplePaths.chatDetail,
            query: { userId: peer },
            silent: true,
          })
      : null,
    [peer],
  );
  return (
    <div className="us-page">
      <PageHeader
        title={T.chatDetail.title}
        onBack={() => goBack(navigate, peer ? paths.messageChat(peer) : paths.message)}
        backLabel={T.back}
      />
      {peer === null ? (
        <p className="us-list-state" role="alert">
          {T.personal.badUser}
        </p>
      ) : (
        <>
          <LoadState load={settings} loading={settings.loading && !settings.data} texts={T.chatDetail} />
          {settings.data && <Settings s={settings.data} onChanged={settings.reload} />}
        </>
      )}
    </div>
  );
}
