import { shellText } from '../app/strings';

/** The one toast (house rule 13). The shell renders it from `ui.toast`; pages call `showToast`. */
export function Toast({ text }: { text: string }) {
  return (
    <div className="qs-toast" role="alert" aria-label={shellText.toastLabel}>
      {text}
    </div>
  );
}
