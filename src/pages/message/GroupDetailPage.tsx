/**
 * /message/groupDetail?id=<group>[&code=<invite code>]: the group's name, notice, invite link and
 * members, with only the controls my role may use (GROUP_PERMISSIONS; the server checks them
 * again). With an invite code and no membership: the group's card and 加入群聊.
 */
import { useEffect, useState, type FormEvent } from 'react';
import { useLocation, useSearch } from 'wouter';
import type { PageProps } from '../../app/App';
import { paths } from '../../app/paths';
import { useConfirm } from '../../components/use-confirm';
import { Avatar } from '../../components/user/Avatar';
import { ListState } from '../../components/user/ListState';
import { PageHeader } from '../../components/user/PageHeader';
import { useSession } from '../../core/index';
import {
  GROUP_NAME_MAX,
  GROUP_NOTICE_MAX,
  MessagePaths,
  groupMay,
  type GroupDetail,
  type GroupMember,
  type GroupRole,
} from '../../../workers/protocol/api/message';
import { showToast } from '../../state/ui';
import { MESSAGE_TEXT as T } from './strings';
import { useGroupAction, useGroupDetail } from './use-group';

const D = T.groupDetail;

function MemberRow({
  g,
  m,
  myRole,
  meId,
  now,
}: {
  g: GroupDetail;
  m: GroupMember;
  myRole: GroupRole;
  meId: number;
  now: number;
}) {
  const act = useGroupAction();
  const muted = m.mutedUntil !== undefined && m.mutedUntil > now;
  const onOther = m.id !== meId && m.role !== 'owner';
  const mayMute = onOther && groupMay(myRole, m.role === 'admin' ? 'muteAdmin' : 'muteMember');
  const mayRemove = onOther && groupMay(myRole, m.role === 'admin' ? 'removeAdmin' : 'removeMember');
  const mayAdmin = onOther && groupMay(myRole, 'setAdmin');
  return (
    <li className="msg-member" data-member-id={m.id} data-role={m.role}>
      <Avatar src={m.avatar} name={m.nickName} size={36} label="" />
      <span className="msg-member__name">
        {m.nickName}
        {m.role !== 'member' && <span className="us-tag us-tag--gold">{T.groups.roles[m.role]}</span>}
        {muted && <span className="us-tag us-tag--red">{D.muted}</span>}
      </span>
      {(mayAdmin || mayMute || mayRemove) && (
        <span className="msg-member__actions">
          {mayAdmin && (
            <button
              type="button"
              className="us-btn us-btn--small us-btn--ghost"
              onClick={() =>
                void act(MessagePaths.groupAdmin, { groupId: g.id, userId: m.id, on: m.role === 'admin' ? 0 : 1 })
              }
            >
              {m.role === 'admin' ? D.unmakeAdmin : D.makeAdmin}
            </button>
          )}
          {mayMute && (
            <button
              type="button"
              className="us-btn us-btn--small us-btn--ghost"
              onClick={() => void act(MessagePaths.groupMute, { groupId: g.id, userId: m.id, minutes: muted ? 0 : 60 })}
            >
              {muted ? D.unmute : D.mute}
            </button>
          )}
          {mayRemove && (
            <button
              type="button"
              className="us-btn us-btn--small us-btn--danger"
              onClick={() => void act(MessagePaths.groupRemove, { groupId: g.id, userId: m.id })}
            >
              {D.remove}
            </button>
          )}
        </span>
      )}
    </li>
  );
}

function Editable({
  label,
  value,
  placeholder,
  editable,
  max,
  multiline,
  onSave,
}: {
  label: string;
  value: string;
  placeholder: string;
  editable: boolean;
  max: number;
  multiline?: boolean;
  onSave: (v: string) => Promise<unknown>;
}) {
  const [draft, setDraft] = useState(value);
  useEffect(() => setDraft(value), [value]);
  if (!editable)
    return (
      <div className="msg-setting">
        <span className="us-field__label">{label}</span>
        <p className="msg-setting__value">{value || placeholder}</p>
      </div>
    );
  const submit = (e: FormEvent) => {
    e.preventDefault();
    void onSave(draft);
  };
  return (
    <form className="msg-setting" onSubmit={submit}>
      <label className="us-field__label">
        {label}
        {multiline ? (
          <textarea
            className="us-field__input us-textarea"
            value={draft}
            maxLength={max}
            placeholder={placeholder}
            onChange={(e) => setDraft(e.target.value)}
          />
        ) : (
          <input className="us-field__input" value={draft} maxLength={max} onChange={(e) => setDraft(e.target.value)} />
        )}
      </label>
      <button type="submit" className="us-btn us-btn--small" disabled={draft === value}>
        {D.save}
      </button>
    </form>
  );
}

export function GroupDetailPage(_props: PageProps) {
  const [, navigate] = useLocation();
  const search = new URLSearchParams(useSearch());
  const idParam = Number(search.get('id'));
  const groupId = Number.isInteger(idParam) && idParam > 0 ? idParam : null;
  const code = search.get('code');
  const detail = useGroupDetail(groupId, code);
  const session = useSession();
  const act = useGroupAction();
  const [invitees, setInvitees] = useState('');
  const { dialog, ask } = useConfirm();
  const g = detail.data;
  const me = session.user?.id ?? 0;
  const now = Date.now();

  const back = () => navigate(g?.myRole ? paths.messageGroupChat(g.id) : paths.messageGroupList);
  if (!g)
    return (
      <div className="us-page">
        <PageHeader title={D.title} onBack={back} backLabel={T.back} />
        <ListState
          loading={detail.status === 'loading' && groupId !== null}
          error={detail.status === 'error' || groupId === null ? detail.msg || D.failed : null}
          empty={false}
          texts={{ loading: D.loading, empty: '', failed: D.failed }}
        />
      </div>
    );

  const role = g.myRole;
  const link = g.inviteCode ? `${location.origin}${paths.messageGroupDetail(g.id, g.inviteCode)}` : '';
  return (
    <div className="us-page msg-group" data-group-id={g.id}>
      <PageHeader title={role ? D.title : g.name} onBack={back} backLabel={T.back} />
      {!role ? (
        <section className="us-card msg-join">
          <h2 className="us-card__title">{g.name}</h2>
          <p className="us-muted">{D.joinIntro(g.memberCount)}</p>
          {g.notice && <p className="msg-setting__value">{g.notice}</p>}
          <button
            type="button"
            className="us-btn us-btn--block"
            onClick={async () => {
              const r = await act(MessagePaths.groupJoin, { groupId: g.id, code: code ?? '' });
              if (r) navigate(paths.messageGroupChat(g.id), { replace: true });
            }}
          >
            {D.join}
          </button>
        </section>
      ) : (
        <>
          <section className="us-card">
            <Editable
              label={D.name}
              value={g.name}
              placeholder=""
              editable={groupMay(role, 'rename')}
              max={GROUP_NAME_MAX}
              onSave={(name) => act(MessagePaths.groupUpdate, { groupId: g.id, name })}
            />
            <Editable
              label={D.notice}
              value={g.notice}
              placeholder={D.noNotice}
              editable={groupMay(role, 'notice')}
              max={GROUP_NOTICE_MAX}
              multiline
              onSave={(notice) => act(MessagePaths.groupUpdate, { groupId: g.id, notice })}
            />
            {groupMay(role, 'muteAll') && (
              <label className="msg-setting msg-setting--row">
                <span>{D.muteAll}</span>
                <input
                  type="checkbox"
                  role="switch"
                  checked={g.muteAll}
                  onChange={(e) => void act(MessagePaths.groupMuteAll, { groupId: g.id, on: e.target.checked ? 1 : 0 })}
                />
              </label>
            )}
          </section>
          <section className="us-card">
            {link && (
              <div className="msg-setting">
                <span className="us-field__label">{D.link}</span>
                <p className="msg-setting__value msg-setting__link" data-invite-link>
                  {link}
                </p>
                <button
                  type="button"
                  className="us-btn us-btn--small us-btn--ghost"
                  onClick={() =>
                    void navigator.clipboard?.writeText(link).then(
                      () => showToast(D.copied),
                      () => undefined,
                    )
                  }
                >
                  {D.copy}
                </button>
              </div>
            )}
            {groupMay(role, 'invite') && (
              <form
                className="msg-setting"
                onSubmit={async (e) => {
                  e.preventDefault();
                  const ids = invitees.replace(/，/g, ',').replace(/\s+/g, '');
                  if (!ids) return;
                  if (await act(MessagePaths.groupInvite, { groupId: g.id, userIds: ids })) setInvitees('');
                }}
              >
                <label className="us-field__label">
                  {D.invite}
                  <input
                    className="us-field__input"
                    inputMode="numeric"
                    value={invitees}
                    onChange={(e) => setInvitees(e.target.value)}
                  />
                </label>
                <button type="submit" className="us-btn us-btn--small" disabled={!invitees.trim()}>
                  {D.inviteSubmit}
                </button>
              </form>
            )}
          </section>
          <h2 className="us-section-title">{D.members(g.memberCount)}</h2>
          <ul className="msg-members">
            {g.members.map((m) => (
              <MemberRow key={m.id} g={g} m={m} myRole={role} meId={me} now={now} />
            ))}
          </ul>
          {/* Leaving and dissolving: asked first, then back to the group list. */}
          {(
            [
              ['leave', MessagePaths.groupLeave, D.confirmLeave, D.leave, D.leaveOk],
              ['dissolve', MessagePaths.groupDissolve, D.confirmDissolve, D.dissolve, D.dissolveOk],
            ] as const
          ).map(
            ([can, path, question, label, ok]) =>
              groupMay(role, can) && (
                <button
                  key={can}
                  type="button"
                  className="us-btn us-btn--danger us-logout"
                  onClick={async () => {
                    const sure = await ask({ title: label, message: question, confirmText: ok, cancelText: D.cancel });
                    if (!sure) return;
                    if (await act(path, { groupId: g.id })) navigate(paths.messageGroupList);
                  }}
                >
                  {label}
                </button>
              ),
          )}
          {dialog}
        </>
      )}
    </div>
  );
}
