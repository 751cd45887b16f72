import { Link } from 'wouter';
import { APP_VERSION } from '../../app/build-info';
import { paths } from '../../app/paths';
import { agreementTitles } from '../agreement/titles';
import { aboutText as t } from './strings';

const LINKED_AGREEMENTS = ['yhxy', 'yszc', 'sqgz', 'lx'] as const;

export function AboutPage() {
  return (
    <main className="qs-page qs-about">
      <header className="qs-about__head">
        <img src="/icons/icon.svg" alt="" width={72} height={72} />
        <h1>{t.title}</h1>
        <p className="qs-about__tagline">{t.tagline}</p>
        <p className="qs-about__version">{t.version(APP_VERSION)}</p>
      </header>
      <section className="qs-card">
        {t.intro.map((p) => (
          <p key={p}>{p}</p>
        ))}
      </section>
      <section className="qs-card qs-about__features">
        {t.features.map((f) => (
          <div key={f.title}>
            <h2>{f.title}</h2>
            <p>{f.text}</p>
          </div>
        ))}
      </section>
      <section className="qs-card">
        <h2>{t.agreements}</h2>
        <ul className="qs-linklist">
          {LINKED_AGREEMENTS.map((k) => (
            <li key={k}>
              <Link href={paths.agreement(k)}>{agreementTitles[k]}</Link>
            </li>
          ))}
          <li>
            <Link href={paths.messageVersion}>{t.versionInfo}</Link>
          </li>
        </ul>
      </section>
      <footer className="qs-about__foot">{t.copyright(new Date().getFullYear())}</footer>
    </main>
  );
}
