/** /message/mass: my mass sendings (群发), newest first, and the way to a new one. */
import { useEffect, useState } from 'react';
import { Link, useLocation } from 'wouter';
import type { PageProps } from '../../app/App';
import { paths } from '../../app/paths';
import { ListState } from '../../components/user/ListState';
import { PageHeader } from '../../components/user/PageHeader';
import { formatChinaTime, getCore } from '../../core/index';
import { MessagePaths, type MassItem } from '../../../workers/protocol/api/message';
import { MESSAGE_TEXT as T } from './strings';

export function MassPage(_props: PageProps) {
  const [, navigate] = useLocation();
  const [state, setState] = useState<{ status: 'loading' | 'ready' | 'error'; items: MassItem[] }>({
    status: 'loading',
    items: [],
  });
  useEffect(() => {
    let live = true;
    void getCore()
      .request<MassItem[]>({ path: MessagePaths.massHistory, silent: true })
      .then((env) => {
        if (live) setState(env.code === 200 ? { status: 'ready', items: env.data } : { status: 'error', items: [] });
      });
    return () => {
      live = false;
    };
  }, []);
  return (
    <div className="us-page">
      <PageHeader
        title={T.mass.title}
        onBack={() => navigate(paths.message)}
        backLabel={T.back}
        right={
          <Link href={paths.messageMassSending} className="msg-header-link">
            {T.mass.new}
          </Link>
        }
      />
      <ListState
        loading={state.status === 'loading'}
        error={state.status === 'error' ? T.mass.failed : null}
        empty={state.status === 'ready' && state.items.length === 0}
        texts={{ loading: T.mass.loading, empty: T.mass.empty, failed: T.mass.failed }}
      />
      {state.items.length > 0 && (
        <ul className="msg-members">
          {state.items.map((m) => (
            <li key={m.id} className="msg-mass" data-mass-id={m.id}>
              <p className="msg-setting__value">{m.text}</p>
              <p className="us-muted">
                {T.mass.recipients(m.recipientCount)} · {formatChinaTime(m.at, 'MM-DD HH:mm')}
              </p>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
