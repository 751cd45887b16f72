import type { ReactNode } from 'react';
import { Link } from 'wouter';
import type { AppPackage } from '../../../workers/protocol/index';
import { isStandalone } from '../../app/download-banner-flag';
import { promptInstall, useCanPromptInstall } from '../../app/install-prompt';
import { paths } from '../../app/paths';
import { DEFAULT_APP_NAME } from '../../app/strings';
import { useAppInfo } from '../../app/use-app-info';
import { detectInAppBrowser, detectPlatform, formatSize } from './platform';
import { downloadText as t } from './strings';

const ua = () => navigator.userAgent;

function InAppNotice() {
  const inApp = detectInAppBrowser(ua());
  if (!inApp) return null;
  return (
    <p className="qs-dl__notice" role="note">
      {t.openInBrowser(t.inAppNames[inApp])}
    </p>
  );
}

function Steps({ title, steps }: { title: string; steps: readonly string[] }) {
  return (
    <section className="qs-card qs-dl__steps">
      <h2>{title}</h2>
      <ol>
        {steps.map((s, i) => (
          <li key={s}>
            <span className="qs-dl__stepno">{i + 1}</span>
            <span>{s}</span>
          </li>
        ))}
      </ol>
    </section>
  );
}

function Hero() {
  const { info } = useAppInfo();
  return (
    <header className="qs-dl__hero">
      <img src="/icons/icon.svg" alt="" width={84} height={84} />
      <h1>{(info?.name ?? DEFAULT_APP_NAME) + '直播'}</h1>
      <p>{t.slogan}</p>
    </header>
  );
}

/** The package card: version, size and the button to the package the server offers. */
function PackageCard({ kind }: { kind: 'android' | 'ios' }) {
  const { status, info, msg } = useAppInfo();
  if (status === 'loading') return <p className="qs-card qs-dl__status">{t.loading}</p>;
  if (status === 'failed')
    return (
      <div className="qs-card qs-dl__status">
        <p>{t.failed(msg)}</p>
        <p>{t.retryHint}</p>
        <Link href={paths.downloadPage('wapStep')} className="qs-button qs-button--ghost">
          {t.toWap}
        </Link>
      </div>
    );
  const pkg: AppPackage | null = info ? info[kind] : null;
  if (!pkg)
    return (
      <div className="qs-card qs-dl__status">
        <p>
          <strong>{t.notPublished[kind]}</strong>
        </p>
        <p>{t.notPublishedHint}</p>
        <Link href={paths.downloadPage('wapStep')} className="qs-button">
          {t.wap}
        </Link>
      </div>
    );
  return (
    <div className="qs-card qs-dl__package">
      <p className="qs-dl__meta">
        {t.version(pkg.version)}
        {pkg.size !== null && `\u3000${t.size(formatSize(pkg.size))}`}
      </p>
      <a className="qs-button" href={pkg.url} download={kind === 'android' ? '' : undefined} rel="noopener">
        {kind === 'android' ? t.downloadAndroid : t.installIos}
      </a>
    </div>
  );
}

/** Every download page: the hero and the in-app-browser notice over the page's own content. */
function DownloadFrame({ children }: { children: ReactNode }) {
  return (
    <main className="qs-page qs-dl">
      <Hero />
      <InAppNotice />
      {children}
    </main>
  );
}

/** /download: detects the device and points to the right install path. */
export function DownloadHome() {
  const platform = detectPlatform(ua());
  return (
    <DownloadFrame>
      <ul className="qs-dl__features">
        {t.features.map((f) => (
          <li key={f}>{f}</li>
        ))}
      </ul>
      <p className="qs-dl__detected">{t.detected[platform]}</p>
      <div className="qs-dl__buttons">
        {platform !== 'ios' && (
          <Link href={paths.downloadPage('android-down')} className="qs-button">
            {t.android}
          </Link>
        )}
        {platform !== 'android' && (
          <Link
            href={paths.downloadPage('ios-down')}
            className={platform === 'ios' ? 'qs-button' : 'qs-button qs-button--ghost'}
          >
            {t.ios}
          </Link>
        )}
        <Link href={paths.downloadPage('wapStep')} className="qs-button qs-button--ghost">
          {t.wap}
        </Link>
      </div>
      <p className="qs-dl__hint">{t.wapHint}</p>
    </DownloadFrame>
  );
}

/** /download/Android: the Android install guide. */
export function AndroidGuide() {
  return (
    <DownloadFrame>
      <Steps title={t.androidSteps.title} steps={t.androidSteps.steps} />
      <Link href={paths.downloadPage('android-down')} className="qs-button">
        {t.downloadAndroid}
      </Link>
    </DownloadFrame>
  );
}

/** /download/android-down and /download/ios-down: the platform's package and its install steps. */
function PackagePage({ kind }: { kind: 'android' | 'ios' }) {
  const steps = kind === 'android' ? t.androidSteps : t.iosSteps;
  return (
    <DownloadFrame>
      <PackageCard kind={kind} />
      <Steps title={steps.title} steps={steps.steps} />
      <Link href={paths.download} className="qs-dl__back">
        {t.back}
      </Link>
    </DownloadFrame>
  );
}

export const AndroidDownload = () => <PackagePage kind="android" />;
export const IosDownload = () => <PackagePage kind="ios" />;

/** /download/wapStep: add to home screen, with the one-tap install where the browser offers it. */
export function WapSteps() {
  const canPrompt = useCanPromptInstall();
  const platform = detectPlatform(ua());
  const w = t.wapSteps;
  const order = platform === 'android' ? [w.android, w.ios] : [w.ios, w.android];
  return (
    <DownloadFrame>
      <p className="qs-dl__intro">{w.intro}</p>
      {isStandalone() ? (
        <p className="qs-card qs-dl__status">{w.installed}</p>
      ) : (
        canPrompt && (
          <button type="button" className="qs-button" onClick={() => void promptInstall()}>
            {w.oneTap}
          </button>
        )
      )}
      {order.map((o) => (
        <Steps key={o.title} title={o.title} steps={o.steps} />
      ))}
      <Link href={paths.download} className="qs-dl__back">
        {t.back}
      </Link>
    </DownloadFrame>
  );
}
