import { Link } from 'wouter';
import type { AgreementKey } from '../../../workers/protocol/routes';
import { paths } from '../../app/paths';
import { agreementText as t } from './strings';
import { AGREEMENTS } from './texts';
import { agreementTitles } from './titles';

const RELATED: Partial<Record<AgreementKey, AgreementKey[]>> = {
  yhxy: ['yszc', 'sqgz'],
  xy: ['yhxy', 'yszc'],
  ys: ['yszc'],
  yszc: ['ys', 'yhxy'],
  sqgz: ['qzxy', 'yhxy'],
  qzxy: ['sqgz'],
  lx: ['yhxy', 'yszc'],
  tcXy: ['tcYs'],
  tcYs: ['tcXy'],
  tcXyQmh: ['tcYsQmh'],
  tcYsQmh: ['tcXyQmh'],
};

export function AgreementPage({ agreement }: { agreement: AgreementKey }) {
  const doc = AGREEMENTS[agreement];
  const related = RELATED[agreement] ?? [];
  return (
    <main className="qs-page qs-agreement">
      <article className="qs-card">
        <h1 className="qs-agreement__title">{doc.title}</h1>
        <p className="qs-agreement__dates">
          <span>{t.updated(doc.updated)}</span>
          <span>{t.effective(doc.effective)}</span>
        </p>
        {doc.intro.map((p) => (
          <p key={p}>{p}</p>
        ))}
        {doc.sections.map((s) => (
          <section key={s.heading}>
            <h2>{s.heading}</h2>
            {s.paragraphs.map((p) => (
              <p key={p}>{p}</p>
            ))}
          </section>
        ))}
      </article>
      {related.length > 0 && (
        <nav className="qs-card" aria-label={t.related}>
          <h2>{t.related}</h2>
          <ul className="qs-linklist">
            {related.map((k) => (
              <li key={k}>
                <Link href={paths.agreement(k)}>{agreementTitles[k]}</Link>
              </li>
            ))}
          </ul>
        </nav>
      )}
    </main>
  );
}
