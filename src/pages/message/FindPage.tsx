/**
 * /message/find?q=: find people by a part of their nickname or their user id. The query lives in
 * the address, so back from a card returns to the same results.
 */
import type { PageProps } from '../../app/App';
import { paths } from '../../app/paths';
import type { ChatPeer } from '../../../workers/protocol/api/message';
import { MessagePeoplePaths } from '../../../workers/protocol/api/message-people';
import { QueryPage, useQueryList } from './QueryPage';
import { PeopleRows } from './PeopleParts';
import { PEOPLE_TEXT as T } from './people-strings';

export function FindPage(_props: PageProps) {
  const { q, list } = useQueryList<ChatPeer>(MessagePeoplePaths.find);
  return (
    <QueryPage pagePath={paths.messageFind} texts={T.find} q={q} list={list}>
      {(people) => <PeopleRows people={people} label={T.find.title} />}
    </QueryPage>
  );
}
