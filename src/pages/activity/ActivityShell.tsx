/** What the activity sub-pages share: the page shell with its back button, the login prompt, the current issue. */
import { type ReactNode } from 'react';
import { Link, useLocation } from 'wouter';
import { useSession } from '../../core/index';
import { paths } from '../../app/paths';
import { PageHeader } from '../../components/user/PageHeader';
import type { ActivityCurrent } from '../../../workers/protocol/index';
import { goBack, useLoad, type Loaded } from '../user/use-load';
import { activityApi } from './activity-api';
import { ACTIVITY_TEXT as T } from './strings';

export const STATE_TEXT = { loading: T.loading, empty: T.noIssue, failed: T.failed };

export function Shell({ title, children }: { title: string; children: ReactNode }) {
  const [, navigate] = useLocation();
  return (
    <div className="us-page ac-page">
      <PageHeader title={title} backLabel={T.back} onBack={() => goBack(navigate, paths.activity)} />
      {children}
    </div>
  );
}

export function LoginFirst() {
  return (
    <p className="us-list-state" role="status">
      {T.loginFirst} · <Link href={paths.login}>{T.toLogin}</Link>
    </p>
  );
}

export function useCurrent(deps: readonly unknown[] = []): Loaded<ActivityCurrent> {
  const session = useSession();
  return useLoad(() => activityApi.current(), [session.loggedIn, ...deps]);
}
