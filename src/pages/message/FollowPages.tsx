/** /message/attention (who I follow) and /message/fans (who follows me): windowed lists of people. */
import { useLocation } from 'wouter';
import type { PageProps } from '../../app/App';
import { paths } from '../../app/paths';
import { ListState } from '../../components/user/ListState';
import { PageHeader } from '../../components/user/PageHeader';
import { getCore } from '../../core/index';
import { MessagePaths, type ChatPeer } from '../../../workers/protocol/api/message';
import { MessagePeoplePaths } from '../../../workers/protocol/api/message-people';
import { goBack } from '../user/use-load';
import { useMyLoad } from './use-my-load';
import { PeopleRows } from './PeopleParts';
import { PEOPLE_TEXT as T } from './people-strings';

function PeoplePage({
  path,
  texts,
}: {
  path: string;
  texts: { title: string; loading: string; empty: string; failed: string };
}) {
  const [, navigate] = useLocation();
  const people = useMyLoad(() => getCore().request<ChatPeer[]>({ path, silent: true }), [path]);
  const list = people.data ?? [];
  return (
    <div className="us-page">
      <PageHeader title={texts.title} onBack={() => goBack(navigate, paths.message)} backLabel={T.back} />
      <ListState
        loading={people.loading && !people.data}
        error={people.error ? texts.failed : null}
        empty={people.data !== null && list.length === 0}
        texts={texts}
        onRetry={people.reload}
      />
      {list.length > 0 && (
        <>
          <p className="us-section-title">{T.peopleCount(list.length)}</p>
          <PeopleRows people={list} label={texts.title} />
        </>
      )}
    </div>
  );
}

export function AttentionPage(_props: PageProps) {
  return <PeoplePage path={MessagePeoplePaths.attention} texts={T.attention} />;
}

export function FansPage(_props: PageProps) {
  return <PeoplePage path={MessagePaths.followers} texts={T.fans} />;
}
