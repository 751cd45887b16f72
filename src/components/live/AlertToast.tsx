/** A match alert card (goal, card, corner): teams, minute and the new score. Props only. */
import type { AlertEvent } from '../../core/index';
import { LIVE_TEXT } from './strings';

export function AlertToast({
  alert,
  onOpen,
  onClose,
}: {
  alert: AlertEvent;
  onOpen?: () => void;
  onClose: () => void;
}) {
  const title = LIVE_TEXT.alertTitles[alert.type] ?? alert.type;
  return (
    <div
      className={`lv-alert lv-alert-${alert.type}`}
      role="alert"
      data-alert-id={alert.id}
      data-alert-match={alert.matchId}
      onClick={onOpen}
    >
      <span className="lv-alert-title">
        {title}
        {alert.minuteText && <em> {alert.minuteText}</em>}
      </span>
      <span className="lv-alert-teams">
        {alert.home}
        <b data-alert-score>
          {alert.score[0]}-{alert.score[1]}
        </b>
        {alert.away}
      </span>
      <button
        type="button"
        className="lv-alert-close"
        aria-label="关闭"
        onClick={(e) => {
          e.stopPropagation();
          onClose();
        }}
      >
        ×
      </button>
    </div>
  );
}
