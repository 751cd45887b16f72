/**
 * The user area's pages (spec §2 User), one lazy chunk. /user/about and the agreements are the
 * shell's.
 */
import type { ComponentType } from 'react';
import type { PageProps } from '../../app/App';
import '../../components/user/user.css';
import { LoginPage } from './LoginPage';
import { RegisterPage } from './RegisterPage';
import { RetrievePasswordPage } from './RetrievePasswordPage';
import { ChangePasswordPage } from './ChangePasswordPage';
import { UserHubPage } from './UserHubPage';
import { InforPage } from './InforPage';
import { NicknamePage } from './NicknamePage';
import { CertificationPage } from './CertificationPage';
import { SetPage } from './SetPage';
import { AttentionPage, AuthorHomePage, HistoryPage, MatchPage, MessagePage } from './ListPages';
import { DoubtPage, OpinionPage, QuestionPage } from './HelpPages';
import { CommunityPage } from './CommunityPage';
import { ProposalPage } from './ContentPages';
import { RechargePage } from './RechargePage';
import { AnchorConsolePage } from './AnchorConsolePage';
import { applyTheme } from './theme';
import { IS_SERVER } from '../../core/ssr';

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
