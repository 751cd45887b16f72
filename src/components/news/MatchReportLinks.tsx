/**
 * Links from a match detail page to its automatic reports (preview, live, full time), labelled
 * 自动生成. Renders nothing when the match has none.
 */
import { Link } from 'wouter';
import type { MatchReportKind, MatchReportLink } from '../../../workers/protocol/api/news';
// Not ../../core/index: that would pull the protocol's schemas into this area's chunk.
import { newsApi } from '../../core/news';
import { useLoad } from '../../core/use-load';
import { paths } from '../../app/paths';
import './match-report-links.css';

const KIND_TEXT: Record<MatchReportKind, string> = { preview: '赛前前瞻', live: '直播战报', final: '全场战报' };
const ORDER: MatchReportKind[] = ['preview', 'live', 'final'];

export function MatchReportLinks({ matchId }: { matchId: number }) {
  const links = useLoad<MatchReportLink[]>(() => newsApi.matchReports(matchId), [matchId], { keepOnError: true });
  const list = [...(links.data ?? [])].sort((a, b) => ORDER.indexOf(a.kind) - ORDER.indexOf(b.kind));
  if (list.length === 0) return null;
  return (
    <nav className="nw-report-links" aria-label="比赛战报（自动生成）">
      <span className="nw-report-links__badge">自动生成</span>
      {list.map((l) => (
        <Link key={l.articleId} href={paths.newsDetail(l.type, l.articleId)} data-report-kind={l.kind}>
          {KIND_TEXT[l.kind]}
        </Link>
      ))}
    </nav>
  );
}
