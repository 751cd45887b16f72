import { useEffect, useState } from 'react';
import { Link } from 'wouter';
import { paths } from '../app/paths';
import { shellText } from '../app/strings';

export interface ErrorPageProps {
  statusCode: number;
  /** Inside the native app shell the page closes the view instead of going home. */
  native: boolean;
  /**
   * Called when the countdown ends: go home, or close the native view. Null = stay (e.g. the
   * error is on the home route itself, where going home would only show it again).
   */
  onLeave: (() => void) | null;
  /** Seconds the page stays readable before leaving. */
  seconds?: number;
}

/** Spec §2 error page: 404-页面不存在 or 应用发生错误异常, a home link, then leaves by itself. */
export function ErrorPage({ statusCode, native, onLeave, seconds = 3 }: ErrorPageProps) {
  const [left, setLeft] = useState(seconds);
  const t = shellText.error;

  useEffect(() => {
    if (!onLeave) return;
    if (left <= 0) {
      onLeave();
      return;
    }
    const timer = setTimeout(() => setLeft((s) => s - 1), 1000);
    return () => clearTimeout(timer);
  }, [left, onLeave]);

  return (
    <main className="qs-error" data-status={statusCode}>
      <svg className="qs-error__art" viewBox="0 0 120 120" width="120" height="120" aria-hidden="true">
        <circle cx="60" cy="60" r="52" fill="#f3ead8" />
        <circle cx="60" cy="60" r="30" fill="none" stroke="#d4a54a" strokeWidth="5" />
        <path d="M60 42l9 6.5-3.4 10.5H54.4L51 48.5z" fill="#d4a54a" />
        <path d="M40 90l40-60" stroke="#c0392b" strokeWidth="6" strokeLinecap="round" />
      </svg>
      <h1 className="qs-error__title">{statusCode === 404 ? t.notFound : t.generic}</h1>
      {statusCode === 404 && <p className="qs-error__detail">{t.notFoundDetail}</p>}
      {onLeave && <p className="qs-error__countdown">{native ? t.closingIn(left) : t.leavingIn(left)}</p>}
      <Link href={paths.home} className="qs-error__home">
        {t.home}
      </Link>
    </main>
  );
}
