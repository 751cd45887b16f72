/**
 * /message/find?q=: find people by a part of their nickname or their user id. The query lives in
 * the address, so back from a card returns to the same results.
 */
import { useLocation, useSearch } from 'wouter';
import type { PageProps } from '../../app/App';
import { paths } from '../../app/paths';
import { ListState } from '../../components/user/ListState';
import { PageHeader } from '../../components/user/PageHeader';
import { getCore } from '../../core/index';
import type { ChatPeer } from '../../../workers/protocol/api/message';
import { MessagePeoplePaths } from '../../../workers/protocol/api/message-people';
import { goBack } from '../user/use-load';
import { useMyLoad } from './use-my-load';
import { PeopleRows, QueryForm } from './PeopleParts';
import { PEOPLE_TEXT as T } from './people-strings';

export function FindPage(_props: PageProps) {
  const [, navigate] = useLocation();
  const q = new URLSearchParams(useSearch()).get('q')?.trim() ?? '';
  const found = useMyLoad(
    q ? () => getCore().request<ChatPeer[]>({ path: MessagePeoplePaths.find, query: { q }, silent: true }) : null,
    [q],
  );
  return (
    <div className="us-page">
      <PageHeader title={T.find.title} onBack={() => goBack(navigate, paths.message)} backLabel={T.back} />
      <QueryForm
        label={T.find.label}
        placeholder={T.find.placeholder}
        submit={T.find.submit}
        initial={q}
        onQuery={(next) => navigate(`${paths.messageFind}?q=${encodeURIComponent(next)}`, { replace: true })}
      />
      {!q ? (
        <p className="us-list-state">{T.find.hint}</p>
      ) : (
        <>
          <ListState
            loading={found.loading}
            error={found.error}
            empty={found.data?.length === 0}
            texts={T.find}
            onRetry={found.reload}
          />
          {!found.loading && found.data && found.data.length > 0 && (
            <PeopleRows people={found.data} label={T.find.title} />
          )}
        </>
      )}
    </div>
  );
}
