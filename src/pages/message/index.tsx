/**
 * The message area's pages (spec §2 Message, issue 13), one lazy chunk. Only pages that work end
 * to end are listed here and in DELIVERED_ROUTES; the others keep answering 404.
 */
import type { ComponentType } from 'react';
import type { PageProps } from '../../app/App';
import '../../components/user/user.css';
import './message.css';
import './people.css';
import './media.css';
import { ChatDetailPage } from './ChatDetailPage';
import './directory.css';
import { AddressPage } from './AddressPage';
import { ChatCountsPage } from './ChatCountsPage';
import { ChatPage } from './ChatPage';
import { CreateGroupPage } from './CreateGroupPage';
import { FavorPage } from './FavorPage';
import { FindPage } from './FindPage';
import { AttentionPage, FansPage } from './FollowPages';
import { GroupDetailPage } from './GroupDetailPage';
import { GroupListPage } from './GroupListPage';
import { MassPage } from './MassPage';
import { MassSendingPage } from './MassSendingPage';
import { MessageListPage } from './MessageListPage';
import { PersonalPage } from './PersonalPage';
import { SearchPage } from './SearchPage';
import { NoticePage } from './NoticePage';
import { NotePage } from './NotePage';

const pages: Record<string, ComponentType<PageProps>> = {
  message: MessageListPage,
  'message/chat': ChatPage,
  'message/groupList': GroupListPage,
  'message/groupDetail': GroupDetailPage,
  'message/createGroup': CreateGroupPage,
  'message/mass': MassPage,
  'message/massSending': MassSendingPage,
  'message/chatDetail': ChatDetailPage,
  'message/personal': PersonalPage,
  'message/attention': AttentionPage,
  'message/fans': FansPage,
  'message/find': FindPage,
  'message/search': SearchPage,
  'message/favor': FavorPage,
  'message/note': NotePage,
  'message/notice': NoticePage,
  'message/address': AddressPage,
  'message/list': ChatCountsPage,
};

export default pages;
