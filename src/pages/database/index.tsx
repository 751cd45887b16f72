/** The database area's pages by route name (spec §2); league, team and player pages take `?id=`. */
import type { ComponentType } from 'react';
import { useSearch } from 'wouter';
import type { PageProps } from '../../app/App';
import type { Sport } from '../../../workers/protocol/index';
import { DB_TEXT } from '../../components/database/strings';
import '../../components/live/live.css';
import '../../components/database/database.css';
import { LeaguePage } from './LeaguePage';
import { LeaguesPage } from './LeaguesPage';
import { PlayerPage } from './PlayerPage';
import { TeamPage } from './TeamPage';
import { queryId } from './parts';
import { LiveTitleBar } from '../../components/live/LiveTitleBar';
import { NotFoundState } from '../../components/NotFoundState';
import { paths } from '../../app/paths';

function WithId({ sport, Page }: { sport: Sport; Page: ComponentType<{ id: number; sport: Sport }> }) {
  const id = queryId(useSearch());
  if (id === null)
    return (
      <div className="lv-page db-page">
        <LiveTitleBar title={DB_TEXT.title} back={paths.database(sport)} />
        <NotFoundState text={DB_TEXT.notFound} backHref={paths.database(sport)} backText={DB_TEXT.backToDatabase} />
      </div>
    );
  return <Page key={id} id={id} sport={sport} />;
}

const pages: Record<string, ComponentType<PageProps>> = {
  database: () => <LeaguesPage />,
  'database/detail': () => <WithId sport="zq" Page={LeaguePage} />,
  'database/detail/lq': () => <WithId sport="lq" Page={LeaguePage} />,
  'database/team/zq': () => <WithId sport="zq" Page={TeamPage} />,
  'database/team/lq': () => <WithId sport="lq" Page={TeamPage} />,
  'database/player/zq': () => <WithId sport="zq" Page={PlayerPage} />,
  'database/player/lq': () => <WithId sport="lq" Page={PlayerPage} />,
};

export default pages;
