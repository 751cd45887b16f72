/** The anchor live area's pages (one lazy chunk), by route name of workers/protocol/routes.ts. */
import type { ComponentType } from 'react';
import type { PageProps } from '../../app/App';
import '../../components/vlive/vlive.css';
import { HomePage } from './HomePage';
import { lazyNamed } from '../../components/lazy-named';

// The home page is the first screen; a room (and its player, chat, gifts), the replays, the
// nobles and a match's rooms load their code when opened (issue 29).
const RoomPage = lazyNamed(() => import('./RoomPage'), 'RoomPage');
const ReplayPage = lazyNamed(() => import('./ReplayPage'), 'ReplayPage');
const NoblePage = lazyNamed(() => import('./NoblePage'), 'NoblePage');
const MatchRoomsPage = lazyNamed(() => import('./MatchRoomsPage'), 'MatchRoomsPage');

const pages: Record<string, ComponentType<PageProps>> = {
  'vlive/type': HomePage,
  'vlive/detail': RoomPage,
  'vlive/detail/replay': ReplayPage,
  'vlive/match': MatchRoomsPage,
  'vlive/noble': NoblePage,
};
export default pages;
