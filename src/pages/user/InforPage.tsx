/** 个人资料: portrait (crop + audit state), nickname and password entries. */
import { useRef, useState, type ChangeEvent } from 'react';
import { useLocation } from 'wouter';
import { getCore, useSession } from '../../core/index';
import { paths } from '../../app/paths';
import { showToast, withLoading } from '../../state/ui';
import { Avatar } from '../../components/user/Avatar';
import { FormMessage } from '../../components/user/FormField';
import { PageHeader } from '../../components/user/PageHeader';
import { LinkRow, ValueRow } from '../../components/user/Card';
import { PortraitCropper } from '../../components/user/PortraitCropper';
import { PortraitAudit, PORTRAIT_CROP_SIDE } from '../../../workers/protocol/api/user-centre';
import { centreApi } from './centre-api';
import { USER_TEXT as T } from './strings';
import { goBack, useLoad } from './use-load';

const ACCEPTED = ['image/png', 'image/jpeg', 'image/webp'];

export function InforPage() {
  const [, navigate] = useLocation();
  const session = useSession();
  const user = session.user;
  const realName = useLoad(() => centreApi.realName(), []);
  const [file, setFile] = useState<File | null>(null);
  const [busy, setBusy] = useState(false);
  const [msg, setMsg] = useState<string | null>(null);
  const input = useRef<HTMLInputElement>(null);

  const pick = (e: ChangeEvent<HTMLInputElement>) => {
    const f = e.target.files?.[0];
    e.target.value = '';
    if (!f) return;
    if (!ACCEPTED.includes(f.type)) return setMsg(T.crop.badFile);
    if (f.size > 10 * 1024 * 1024) return setMsg(T.crop.tooBig);
    setMsg(null);
    setFile(f);
  };
  const upload = async (blob: Blob) => {
    setBusy(true);
    try {
      const env = await withLoading(() => centreApi.uploadPortrait(blob));
      if (env.code !== 200) {
        setMsg(env.msg);
        return;
      }
      setFile(null);
      showToast(T.crop.uploaded);
      await getCore().refreshUser();
    } finally {
      setBusy(false);
    }
  };

  if (!user) return null;
  return (
    <div className="us-page">
      <PageHeader title={T.infor.title} backLabel={T.back} onBack={() => goBack(navigate, paths.user)} />
      {file && (
        <div className="us-sheet">
          <PortraitCropper
            file={file}
            side={PORTRAIT_CROP_SIDE}
            texts={{ ...T.crop }}
            busy={busy}
            onConfirm={upload}
            onCancel={() => setFile(null)}
          />
        </div>
      )}
      <ul className="us-rows us-card">
        <li className="us-row us-row--portrait">
          <span>{T.infor.portrait}</span>
          <span className="us-row__value">
            <Avatar src={user.portrait} name={user.nickName} size={48} label={T.infor.portrait} />
            {user.portraitAudit === PortraitAudit.PENDING && user.portraitNew && (
              <span className="us-portrait-new" data-testid="portrait-pending">
                <Avatar src={user.portraitNew} name={user.nickName} size={36} label={T.pendingAudit} />
                <span className="us-tag">{T.pendingAudit}</span>
              </span>
            )}
            {user.portraitAudit === PortraitAudit.REJECTED && (
              <span className="us-tag us-tag--red">{T.rejectedAudit}</span>
            )}
            <button type="button" className="us-btn us-btn--small" onClick={() => input.current?.click()}>
              {T.infor.change}
            </button>
            <input
              ref={input}
              type="file"
              accept={ACCEPTED.join(',')}
              className="visually-hidden"
              aria-label={T.infor.change}
              onChange={pick}
              data-testid="portrait-input"
            />
          </span>
        </li>
        {user.portraitAudit !== PortraitAudit.NONE && (
          <li className="us-row us-row--note" role="status">
            {user.portraitAudit === PortraitAudit.PENDING ? T.infor.pending : T.infor.rejected}
          </li>
        )}
        <LinkRow
          href={paths.userSub('nickname')}
          label={T.infor.nickname}
          value={user.nickName}
          valueTestId="infor-nickname"
        />
        <ValueRow label={T.infor.id}>{user.id}</ValueRow>
        <ValueRow label={T.infor.phone}>{user.phone}</ValueRow>
        <LinkRow
          href={paths.userSub('certification')}
          label={T.infor.certification}
          value={realName.data?.certified ? `${T.certified} ${realName.data.name}` : T.infor.notCertified}
        />
        <LinkRow href={paths.userSub('changePassWord')} label={T.infor.password} />
      </ul>
      <FormMessage text={msg} />
    </div>
  );
}
