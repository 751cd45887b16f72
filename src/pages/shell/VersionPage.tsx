import { APP_VERSION, BUILD_TIME } from '../../app/build-info';
import { useAppInfo } from '../../app/use-app-info';
import { versionText as t } from './strings';

export function VersionPage() {
  const { status, info } = useAppInfo();
  const server = info?.webVersion ?? null;
  const newer = server !== null && APP_VERSION !== 'dev' && server !== APP_VERSION;
  return (
    <main className="qs-page qs-version">
      <h1 className="qs-page__title">{t.title}</h1>
      <dl className="qs-card qs-version__facts">
        <dt>{t.current}</dt>
        <dd>{APP_VERSION}</dd>
        {server && (
          <>
            <dt>{t.server}</dt>
            <dd>{server}</dd>
          </>
        )}
        {BUILD_TIME && (
          <>
            <dt>{t.built}</dt>
            <dd>{new Date(BUILD_TIME).toLocaleString('zh-CN', { hour12: false })}</dd>
          </>
        )}
      </dl>
      <p className="qs-version__status" role="status">
        {status === 'loading' ? t.checking : status === 'failed' ? t.checkFailed : newer ? t.newer : t.upToDate}
      </p>
      {newer && (
        <button type="button" className="qs-button" onClick={() => location.reload()}>
          {t.reload}
        </button>
      )}
      <section className="qs-card">
        <h2>{t.historyTitle}</h2>
        {t.history.map((h) => (
          <div key={h.version}>
            <h3>v{h.version}</h3>
            <ul>
              {h.notes.map((n) => (
                <li key={n}>{n}</li>
              ))}
            </ul>
          </div>
        ))}
      </section>
    </main>
  );
}
