import { shellText } from '../app/strings';

/** The one loading overlay (house rule 13): Suspense fallback and page loads alike. */
export function LoadingOverlay() {
  return (
    <div className="qs-loading" role="status" aria-live="polite">
      <span className="qs-loading__spinner" aria-hidden="true" />
      <span className="qs-loading__text">{shellText.loading}</span>
    </div>
  );
}
