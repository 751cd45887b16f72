/**
 * /message/notice: my notices in two tabs, 系统通知 (audits, certification, feedback) and 社区通知
 * (follows, comments, likes). The tab is in the query (?kind=community) so a link can open it.
 */
import { useLocation, useSearch } from 'wouter';
import type { PageProps } from '../../app/App';
import { paths } from '../../app/paths';
import { PageHeader } from '../../components/user/PageHeader';
import { NOTICE_KINDS, type NoticeKind } from '../../../workers/protocol/api/user-centre';
import { NoticeList } from '../user/NoticeList';
import { DIRECTORY_TEXT as T } from './directory-strings';
import { TabList } from '../../components/TabList';

export function NoticePage(_props: PageProps) {
  const [, navigate] = useLocation();
  const asked = new URLSearchParams(useSearch()).get('kind');
  const kind: NoticeKind = asked === 'community' ? 'community' : 'system';
  return (
    <div className="us-page">
      <NoticeList
        kind={kind}
        empty={T.notice.empty[kind]}
        header={(unread, readAll) => (
          <>
            <PageHeader
              title={T.notice.title}
              backLabel={T.back}
              onBack={() => navigate(paths.message)}
              right={
                unread > 0 ? (
                  <button type="button" className="us-link" onClick={readAll}>
                    {T.notice.readAll}
                  </button>
                ) : null
              }
            />
            <TabList
              tabs={NOTICE_KINDS}
              value={kind}
              onChange={(k) => navigate(paths.messageNotice(k), { replace: true })}
              labelOf={(k) => T.notice.tabs[k]}
              className="us-tabs"
              tabClassName="us-tabs__tab"
              activeClassName="is-active"
              label={T.notice.title}
            />
          </>
        )}
      />
    </div>
  );
}
