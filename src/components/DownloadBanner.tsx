import { Link } from 'wouter';
import { paths } from '../app/paths';
import { shellText } from '../app/strings';

export interface DownloadBannerProps {
  appName: string;
  onClose: () => void;
}

/** The invitation to install the app (spec §1): app name + 直播, slogan, 立即下载 → /download. */
export function DownloadBanner({ appName, onClose }: DownloadBannerProps) {
  const t = shellText.banner;
  return (
    <aside className="qs-banner" aria-label={t.label}>
      <button type="button" className="qs-banner__close" aria-label={t.close} onClick={onClose}>
        ×
      </button>
      {/* Often the largest paint of a first screen: fetched first (index.html preloads it too). */}
      <img className="qs-banner__logo" src="/icons/icon.svg" alt="" width={36} height={36} fetchPriority="high" />
      <div className="qs-banner__text">
        <strong className="qs-banner__name">
          {appName}
          {t.suffix}
        </strong>
        <span className="qs-banner__slogan">{t.slogan}</span>
      </div>
      <Link href={paths.download} className="qs-banner__button">
        <span className="qs-banner__pill">{t.download}</span>
      </Link>
    </aside>
  );
}
