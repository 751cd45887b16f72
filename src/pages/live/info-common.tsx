import { LIVE_TEXT } from '../../components/live/strings';

export function AnalysisViewsLoading() {
  return (
    <p className="lv-empty" role="status">
      {LIVE_TEXT.loading}
    </p>
  );
}
