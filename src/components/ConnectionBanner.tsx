/** A thin bar under the top of the screen while the live connection is down, then 已恢复. */
import { shellText } from '../app/strings';
import type { ConnectionBannerState } from '../app/connection-banner';

export function ConnectionBanner({ state }: { state: ConnectionBannerState }) {
  return (
    <div className="qs-conn" role="status" aria-live="polite" data-connection={state ?? 'ok'}>
      {state === 'down' ? shellText.connectionDown : state === 'restored' ? shellText.connectionRestored : ''}
    </div>
  );
}
