/**
 * A league phase's knockout bracket (props only), round by round as a list that reads on a phone.
 * DOM contract: the section carries `data-bracket`, each round `data-round` (its name), each tie
 * `data-tie` (with `data-winner` home|away once decided) and its aggregate score `data-tie-score`,
 * a tie decided on penalties its shoot-out `data-tie-pen` ('(点球 4-3)', read out in words); a side that is a club links to its team page.
 */
import { Link } from 'wouter';
import type { BracketSide, KnockoutBracket } from '../../../workers/protocol/index';
import { DB_TEXT } from './strings';

function Side({ side, won, teamHref }: { side: BracketSide; won: boolean; teamHref: (teamId: number) => string }) {
  const label = side.seed !== null && side.teamId !== null ? `${side.seed}. ${side.name}` : side.name;
  return side.teamId !== null ? (
    <Link href={teamHref(side.teamId)} className={`db-tie-side${won ? ' db-tie-won' : ''}`}>
      {label}
    </Link>
  ) : (
    <span className="db-tie-side db-tie-open">{label}</span>
  );
}

export function BracketView({ bracket, teamHref }: { bracket: KnockoutBracket; teamHref: (teamId: number) => string }) {
  return (
    <section className="db-bracket" data-bracket aria-label={DB_TEXT.bracket.title}>
      <h3 className="db-group-name">
        {DB_TEXT.bracket.title}
        {bracket.projected && <small className="db-bracket-note">{DB_TEXT.bracket.projected}</small>}
      </h3>
      {bracket.rounds.map((round) => (
        <div key={round.name} className="db-round" data-round={round.name}>
          <p className="db-round-name">
            {round.name} <span>{round.when}</span>
          </p>
          <ol className="db-ties">
            {round.ties.map((tie, i) => (
              <li key={i} data-tie data-winner={tie.winner}>
                <Side side={tie.home} won={tie.winner === 'home'} teamHref={teamHref} />
                {tie.score ? (
                  <span className="db-tie-result">
                    <span className="db-tie-vs" data-tie-score aria-label={DB_TEXT.bracket.aggregate}>
                      {tie.score[0]}-{tie.score[1]}
                    </span>
                    {tie.pen && (
                      <small className="db-tie-pen" data-tie-pen>
                        <span aria-hidden="true">({DB_TEXT.bracket.pen(tie.pen[0], tie.pen[1])})</span>
                        <span className="visually-hidden">{DB_TEXT.bracket.penSpoken(tie.pen[0], tie.pen[1])}</span>
                      </small>
                    )}
                  </span>
                ) : (
                  <span className="db-tie-vs">{DB_TEXT.bracket.vs}</span>
                )}
                <Side side={tie.away} won={tie.winner === 'away'} teamHref={teamHref} />
              </li>
            ))}
          </ol>
        </div>
      ))}
    </section>
  );
}
