/**
 * The dark title bar of the pages drawn in the live style (AI picks, database, expert tips): back
 * (when there is somewhere to go), the title, and an empty slot that keeps the title centred.
 */
import { Link } from 'wouter';
import { LIVE_TEXT } from './strings';
import { BackIcon } from '../BackIcon';

export function LiveTitleBar({ title, back }: { title: string; back?: string }) {
  return (
    <header className="lv-head lv-sticky">
      <div className="lv-head-bar">
        {back ? (
          <Link href={back} className="lv-icon-btn" aria-label={LIVE_TEXT.back} style={{ textDecoration: 'none' }}>
            <BackIcon />
          </Link>
        ) : (
          <span className="lv-icon-btn" />
        )}
        <h1>{title}</h1>
        <span className="lv-icon-btn" />
      </div>
    </header>
  );
}
