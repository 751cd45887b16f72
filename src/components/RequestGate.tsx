/**
 * The content of a core request once its data is there; before that the loading overlay, or the
 * area's failure line (an alert) when the request failed.
 */
import type { ReactNode } from 'react';
import type { RequestState } from '../core/index';
import { LoadingOverlay } from './LoadingOverlay';

export type GateState<T> = Pick<RequestState<T>, 'data' | 'loading' | 'msg' | 'code'>;

export function RequestGate<T>({
  state,
  failed,
  children,
}: {
  state: GateState<T>;
  failed: (state: GateState<T>) => string;
  children: (data: T) => ReactNode;
}) {
  if (state.data !== null) return <>{children(state.data)}</>;
  if (state.loading) return <LoadingOverlay />;
  return (
    <p className="lv-empty" role="alert">
      {failed(state)}
    </p>
  );
}
