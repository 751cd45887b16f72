/**
 * The user area's pages (spec §2 User). /user/about and the agreements are the shell's.
 *
 * 我的 (the hub) is the area's first screen and comes with the chunk; every other page loads its
 * own code when opened (its HTML preloads it: ROUTE_PAGE_SOURCES in server/route-preloads.ts).
 * With them all in the chunk, /user's first view ran 128 KB gzip of JavaScript, the forms, the
 * recharge and the anchor console included (issue 29: initial JavaScript ≤ 90 KB).
 */
import type { ComponentType } from 'react';
import type { PageProps } from '../../app/App';
import '../../components/user/user.css';
import { UserHubPage } from './UserHubPage';
import { applyTheme } from './theme';
import { IS_SERVER } from '../../core/ssr';
import { lazyNamed } from '../../components/lazy-named';

const LoginPage = lazyNamed(() => import('./LoginPage'), 'LoginPage');
const RegisterPage = lazyNamed(() => import('./RegisterPage'), 'RegisterPage');
const RetrievePasswordPage = lazyNamed(() => import('./RetrievePasswordPage'), 'RetrievePasswordPage');
const ChangePasswordPage = lazyNamed(() => import('./ChangePasswordPage'), 'ChangePasswordPage');
const InforPage = lazyNamed(() => import('./InforPage'), 'InforPage');
const NicknamePage = lazyNamed(() => import('./NicknamePage'), 'NicknamePage');
const CertificationPage = lazyNamed(() => import('./CertificationPage'), 'CertificationPage');
const SetPage = lazyNamed(() => import('./SetPage'), 'SetPage');
const AttentionPage = lazyNamed(() => import('./ListPages'), 'AttentionPage');
const AuthorHomePage = lazyNamed(() => import('./ListPages'), 'AuthorHomePage');
const HistoryPage = lazyNamed(() => import('./ListPages'), 'HistoryPage');
const MatchPage = lazyNamed(() => import('./ListPages'), 'MatchPage');
const MessagePage = lazyNamed(() => import('./ListPages'), 'MessagePage');
const DoubtPage = lazyNamed(() => import('./HelpPages'), 'DoubtPage');
const OpinionPage = lazyNamed(() => import('./HelpPages'), 'OpinionPage');
const QuestionPage = lazyNamed(() => import('./HelpPages'), 'QuestionPage');
const CommunityPage = lazyNamed(() => import('./CommunityPage'), 'CommunityPage');
const ProposalPage = lazyNamed(() => import('./ContentPages'), 'ProposalPage');
const RechargePage = lazyNamed(() => import('./RechargePage'), 'RechargePage');
const AnchorConsolePage = lazyNamed(() => import('./AnchorConsolePage'), 'AnchorConsolePage');

// In the browser only (the server renders no document).
if (!IS_SERVER) applyTheme();

const pages: Record<string, ComponentType<PageProps>> = {
  user: UserHubPage,
  'user/login': LoginPage,
  'user/register': RegisterPage,
  'user/password': RetrievePasswordPage,
  'user/changePassWord': ChangePasswordPage,
  'user/nickname': NicknamePage,
  'user/infor': InforPage,
  'user/certification': CertificationPage,
  'user/set': SetPage,
  'user/attention': AttentionPage,
  'user/match': MatchPage,
  'user/history': HistoryPage,
  'user/message': MessagePage,
  'user/community': CommunityPage,
  'user/proposal': ProposalPage,
  'user/authorHome': AuthorHomePage,
  'user/question': QuestionPage,
  'user/doubt': DoubtPage,
  'user/opinion': OpinionPage,
  'user/recharge': RechargePage,
  'user/anchor': AnchorConsolePage,
};

export default pages;
