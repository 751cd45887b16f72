/** /message/massSending: choose followers and write one message to each of them (群发). */
import { useEffect, useState, type FormEvent } from 'react';
import { useLocation } from 'wouter';
import type { PageProps } from '../../app/App';
import { paths } from '../../app/paths';
import { ListState } from '../../components/user/ListState';
import { PageHeader } from '../../components/user/PageHeader';
import { getCore } from '../../core/index';
import {
  IM_TEXT_MAX,
  MASS_DAILY,
  MessagePaths,
  type ChatPeer,
  type MassResult,
} from '../../../workers/protocol/api/message';
import { showToast } from '../../state/ui';
import { MESSAGE_TEXT as T } from './strings';
import { PickRows } from './PeopleParts';

export function MassSendingPage(_props: PageProps) {
  const [, navigate] = useLocation();
  const [fans, setFans] = useState<{ status: 'loading' | 'ready' | 'error'; items: ChatPeer[] }>({
    status: 'loading',
    items: [],
  });
  const [picked, setPicked] = useState<ReadonlySet<number>>(new Set());
  const [text, setText] = useState('');
  const [busy, setBusy] = useState(false);
  useEffect(() => {
    let live = true;
    void getCore()
      .request<ChatPeer[]>({ path: MessagePaths.followers, silent: true })
      .then((env) => {
        if (live) setFans(env.code === 200 ? { status: 'ready', items: env.data } : { status: 'error', items: [] });
      });
    return () => {
      live = false;
    };
  }, []);

  async function submit(e: FormEvent) {
    e.preventDefault();
    if (busy || picked.size === 0 || !text.trim()) return;
    setBusy(true);
    const env = await getCore().request<MassResult>({
      path: MessagePaths.mass,
      method: 'POST',
      body: { userIds: [...picked].join(','), text: text.trim() },
      silent: true,
    });
    setBusy(false);
    showToast(env.msg);
    if (env.code === 200) navigate(paths.messageMass, { replace: true });
  }

  const allPicked = fans.items.length > 0 && picked.size === fans.items.length;
  return (
    <div className="us-page">
      <PageHeader title={T.mass.sendingTitle} onBack={() => navigate(paths.messageMass)} backLabel={T.back} />
      <ListState
        loading={fans.status === 'loading'}
        error={fans.status === 'error' ? T.mass.failed : null}
        empty={fans.status === 'ready' && fans.items.length === 0}
        texts={{ loading: T.mass.loading, empty: T.mass.noFans, failed: T.mass.failed }}
      />
      {fans.items.length > 0 && (
        <form className="us-form" onSubmit={(e) => void submit(e)}>
          <fieldset className="msg-pick">
            <legend className="us-field__label">{T.mass.pick}</legend>
            <label className="msg-pick__row">
              <input
                type="checkbox"
                checked={allPicked}
                onChange={(e) => setPicked(new Set(e.target.checked ? fans.items.map((f) => f.id) : []))}
              />
              <span>{T.mass.all}</span>
            </label>
            <PickRows people={fans.items} picked={picked} onPicked={setPicked} />
          </fieldset>
          <label className="us-field__label msg-setting">
            {T.mass.text}
            <textarea
              className="us-field__input us-textarea"
              value={text}
              maxLength={IM_TEXT_MAX}
              onChange={(e) => setText(e.target.value)}
            />
          </label>
          <p className="us-muted">{T.mass.daily(MASS_DAILY)}</p>
          <button type="submit" className="us-btn us-btn--block" disabled={busy || picked.size === 0 || !text.trim()}>
            {T.mass.submit(picked.size)}
          </button>
        </form>
      )}
    </div>
  );
}
