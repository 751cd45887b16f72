/** The anchor live area's pages (one lazy chunk), by route name of workers/protocol/routes.ts. */
import type { ComponentType } from 'react';
import type { PageProps } from '../../app/App';
import '../../components/vlive/vlive.css';
import { HomePage } from './HomePage';
import { MatchRoomsPage } from './MatchRoomsPage';
import { NoblePage } from './NoblePage';
import { ReplayPage } from './ReplayPage';
import { RoomPage } from './RoomPage';

const pages: Record<string, ComponentType<PageProps>> = {
  'vlive/type': HomePage,
  'vlive/detail': RoomPage,
  'vlive/detail/replay': ReplayPage,
  'vlive/match': MatchRoomsPage,
  'vlive/noble': NoblePage,
};
export default pages;
