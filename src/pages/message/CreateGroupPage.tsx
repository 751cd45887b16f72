/** /message/createGroup: a name and the people to start with (my private chats, or user ids). */
import { useState, type FormEvent } from 'react';
import { useLocation } from 'wouter';
import type { PageProps } from '../../app/App';
import { paths } from '../../app/paths';
import { FormField } from '../../components/user/FormField';
import { PageHeader } from '../../components/user/PageHeader';
import { useConversations } from '../../core/index';
import { GROUP_NAME_MAX, MessagePaths, type GroupDetail } from '../../../workers/protocol/api/message';
import { MESSAGE_TEXT as T } from './strings';
import { useGroupAction } from './use-group';
import { PickRows } from './PeopleParts';

export function CreateGroupPage(_props: PageProps) {
  const [, navigate] = useLocation();
  const list = useConversations();
  const peers = (list?.items ?? []).filter((c) => !c.group).map((c) => c.peer);
  const [name, setName] = useState('');
  const [picked, setPicked] = useState<ReadonlySet<number>>(new Set());
  const [extra, setExtra] = useState('');
  const [busy, setBusy] = useState(false);
  const act = useGroupAction();
  const extraOk = /^\s*(\d+\s*(,\s*\d+\s*)*)?$/.test(extra.replace(/，/g, ','));

  async function submit(e: FormEvent) {
    e.preventDefault();
    if (!name.trim() || !extraOk || busy) return;
    const extraIds = extra
      .replace(/，/g, ',')
      .split(',')
      .map((s) => s.trim())
      .filter(Boolean)
      .map(Number);
    setBusy(true);
    const g = await act<GroupDetail>(MessagePaths.groupCreate, {
      name: name.trim(),
      memberIds: [...new Set([...picked, ...extraIds])].join(','),
    });
    setBusy(false);
    if (g) navigate(paths.messageGroupChat(g.id), { replace: true });
  }

  return (
    <div className="us-page">
      <PageHeader title={T.createGroup.title} onBack={() => navigate(paths.messageGroupList)} backLabel={T.back} />
      <form className="us-form" onSubmit={(e) => void submit(e)}>
        <FormField
          label={T.createGroup.name}
          value={name}
          onChange={setName}
          placeholder={T.createGroup.namePlaceholder}
          maxLength={GROUP_NAME_MAX}
        />
        <fieldset className="msg-pick">
          <legend className="us-field__label">{T.createGroup.pick}</legend>
          {peers.length === 0 && <p className="us-muted">{T.createGroup.noPeers}</p>}
          <PickRows people={peers} picked={picked} onPicked={setPicked} />
        </fieldset>
        <FormField
          label={T.createGroup.extra}
          value={extra}
          onChange={setExtra}
          inputMode="numeric"
          error={extraOk ? null : T.createGroup.badIds}
        />
        <button type="submit" className="us-btn us-btn--block" disabled={!name.trim() || !extraOk || busy}>
          {T.createGroup.submit}
        </button>
      </form>
    </div>
  );
}
