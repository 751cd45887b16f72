import { useEffect, useState } from 'react';
import { IS_SERVER, seededBannerHidden, serverRender } from '../core/ssr';
import { DownloadBanner } from '../components/DownloadBanner';
import { bannerCookieHidden, bannerHiddenByUser, hideBannerForToday, isStandalone } from './download-banner-flag';
import { isNativeShell } from './native-shell';

/**
 * The download banner with its visibility rules: never in an installed home-screen app or the
 * native shell; once closed, hidden until the end of that day.
 */
export function ShellBanner({ appName, now = Date.now }: { appName: string; now?: () => number }) {
  // Decided once per mount. A server-rendered page (issue 29) starts as the server rendered it:
  // without the banner in the native shell or when its cookie says it was closed today. Once
  // hydrated the browser applies its own rules; an installed app's CSS hid it until then.
  const decide = () =>
    isStandalone() ||
    isNativeShell() ||
    bannerHiddenByUser(localStorage, now()) ||
    bannerCookieHidden(document.cookie, now());
  const [hidden, setHidden] = useState(() =>
    IS_SERVER ? (serverRender()?.seed.bannerHidden ?? false) : (seededBannerHidden() ?? decide()),
  );
  useEffect(() => {
    setHidden(decide());
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
