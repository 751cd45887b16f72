/**
 * Area plugins, registered in this order. Each area adds its line here and keeps its routes,
 * services and tests in its own folder (`server/<area>/`).
 */
import type { AreaPlugin } from './context';
import { shellArea } from './shell/routes';
import { accountsArea } from './accounts/routes';
import { socketAddressArea } from './ws/address-routes';
import { userCentreArea } from './user/routes';
import { vlivePlugin } from './vlive/index';
import { aiArea } from './ai/routes';
import { liveArea } from './live/routes';
import { liveNamesArea } from './live/names-routes';
import { newsArea } from './news/routes';
import { activityArea } from './activity/routes';
import { chatGptArea } from './chatgpt/routes';
import { databaseArea } from './database/routes';
import { proposalArea } from './proposal/area';
import { imArea } from './im/routes';
import { imPeopleArea } from './im/people-routes';
import { imDirectoryArea } from './im/directory-routes';
import { imNoteArea } from './im/notes';
import { imDevArea } from './im/dev-seed';
import { imMediaArea } from './im/media-routes';
import { payArea } from './pay/routes';

export const AREAS: ReadonlyArray<{ name: string; plugin: AreaPlugin }> = [
  { name: 'shell', plugin: shellArea },
  { name: 'accounts', plugin: accountsArea },
  { name: 'socket', plugin: socketAddressArea },
  { name: 'user', plugin: userCentreArea },
  { name: 'vlive', plugin: vlivePlugin },
  { name: 'ai', plugin: aiArea },
  { name: 'live', plugin: liveArea },
  { name: 'live-names', plugin: liveNamesArea },
  { name: 'news', plugin: newsArea },
  { name: 'activity', plugin: activityArea },
  { name: 'chatgpt', plugin: chatGptArea },
  { name: 'database', plugin: databaseArea },
  { name: 'proposal', plugin: proposalArea },
  { name: 'im', plugin: imArea },
  { name: 'im-people', plugin: imPeopleArea },
  { name: 'im-directory', plugin: imDirectoryArea },
  { name: 'im-notes', plugin: imNoteArea },
  { name: 'im-dev', plugin: imDevArea },
  { name: 'im-media', plugin: imMediaArea },
  { name: 'pay', plugin: payArea },
];
