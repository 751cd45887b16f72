import { useState } from 'react';
import { DownloadBanner } from '../components/DownloadBanner';
import { bannerHiddenByUser, hideBannerForToday, isStandalone } from './download-banner-flag';
import { isNativeShell } from './native-shell';

/**
 * The download banner with its visibility rules: never in an installed home-screen app or the
 * native shell; once closed, hidden until the end of that day.
 */
export function ShellBanner({ appName, now = Date.now }: { appName: string; now?: () => number }) {
  // Decided once per mount.
  const [hidden, setHidden] = useState(
    () => isStandalone() || isNativeShell() || bannerHiddenByUser(localStorage, now()),
  );
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
