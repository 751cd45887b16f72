/**
 * The one "nothing here" state of a page whose record is missing (a match, league, team or player
 * id that does not exist, or no id at all): what happened and a way out, so no page is a dead end.
 * Leaf component: the page passes its area's wording and where back leads.
 */
import { Link } from 'wouter';

export function NotFoundState({ text, backHref, backText }: { text: string; backHref: string; backText: string }) {
  return (
    <div className="qs-notfound" role="status" data-not-found>
      <p className="qs-notfound__text">{text}</p>
      <Link href={backHref} className="qs-notfound__back">
        {backText}
      </Link>
    </div>
  );
}
