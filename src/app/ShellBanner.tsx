import { useEffect, useState } from 'react';
import { IS_SERVER, hasSeed } from '../core/ssr';
import { DownloadBanner } from '../components/DownloadBanner';
import { bannerHiddenByUser, hideBannerForToday, isStandalone } from './download-banner-flag';
import { isNativeShell } from './native-shell';

/**
 * The download banner with its visibility rules: never in an installed home-screen app or the
 * native shell; once closed, hidden until the end of that day.
 */
export function ShellBanner({ appName, now = Date.now }: { appName: string; now?: () => number }) {
  // Decided once per mount. A server-rendered page (issue 29) shows it as the server did, then
  // decides once hydrated (the server cannot read this browser's flag).
  const decide = () => isStandalone() || isNativeShell() || bannerHiddenByUser(localStorage, now());
  const [hidden, setHidden] = useState(() => (IS_SERVER || hasSeed() ? false : decide()));
  useEffect(() => {
    if (decide()) setHidden(true);
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);
  if (hidden) return null;
  return (
    <DownloadBanner
      appName={appName}
      onClose={() => {
        hideBannerForToday(localStorage, now());
        setHidden(true);
      }}
    />
  );
}
