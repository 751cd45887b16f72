import { useCallback } from 'react';
import { useLocation } from 'wouter';
import { ErrorPage } from '../components/ErrorPage';
import { REDIRECTS } from '../../workers/protocol/routes';
import { closeNativeView, isNativeShell } from './native-shell';
import { paths } from './paths';

const HOME_TARGET = REDIRECTS.find((r) => r.from === paths.home)?.to ?? paths.home;

/**
 * The error page wired to the shell: after its countdown it goes home, or closes the view inside
 * the native app. On the home route itself it stays (going home would only show it again).
 */
export function ShellErrorPage({ statusCode }: { statusCode: number }) {
  const [location, navigate] = useLocation();
  const native = isNativeShell();
  const atHome = location === paths.home || location.replace(/\/$/, '') === HOME_TARGET;
  const leave = useCallback(() => {
    if (native && closeNativeView()) return;
    navigate(paths.home, { replace: true });
  }, [native, navigate]);
  return <ErrorPage statusCode={statusCode} native={native} onLeave={atHome ? null : leave} />;
}
