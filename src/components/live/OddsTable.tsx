/**
 * Odds display: one board (company list with opening and current line) and one company's
 * history. Colours come from the core's trend (spec §4: red when the value falls relative to the
 * next row, green when it rises); this component only maps trend → class.
 */
import type { OddsBoardView, OddsRowView, Trend } from '../../core/index';
import type { OddsType, Sport } from '../../../workers/protocol/index';
import { LIVE_TEXT } from './strings';
import { TabList } from '../TabList';

export const TREND_CLASS: Record<Trend, string> = { down: 'lv-fall', up: 'lv-rise', same: '' };

function Cell({ value, trend }: { value: string; trend: Trend }) {
  return (
    <td className={TREND_CLASS[trend]} data-trend={trend}>
      {value}
      {trend === 'down' ? '↓' : trend === 'up' ? '↑' : ''}
    </td>
  );
}

function fmt(v: number): string {
  return v.toFixed(2);
}

/** Football's European board shows the draw price; basketball's money line has no draw. */
function middleText(sport: Sport, type: OddsType, row: OddsRowView): string {
  if (type === 2) return sport === 'lq' ? '' : fmt(row.middle);
  return row.lineText || String(row.middle);
}

const headersOf = (sport: Sport, type: OddsType) =>
  (sport === 'lq' ? LIVE_TEXT.lqOddsHeaders : LIVE_TEXT.oddsHeaders)[type];

export function OddsTypeTabs({ value, onChange }: { value: OddsType; onChange: (t: OddsType) => void }) {
  return (
    <TabList
      tabs={[1, 2, 3] as OddsType[]}
      value={value}
      onChange={onChange}
      labelOf={(t) => LIVE_TEXT.oddsTypes[t]}
      className="lv-subtabs"
    />
  );
}

export interface OddsBoardTableProps {
  board: OddsBoardView;
  selectedCompanyId?: number | null;
  onPickCompany?: (companyId: number) => void;
}

export function OddsBoardTable({ board, selectedCompanyId, onPickCompany }: OddsBoardTableProps) {
  const heads = headersOf(board.sport, board.type);
  if (board.companies.length === 0) return <p className="lv-empty">{LIVE_TEXT.oddsEmpty}</p>;
  return (
    <table className="lv-odds" data-odds-type={board.type}>
      <thead>
        <tr>
          <th>{LIVE_TEXT.company}</th>
          <th></th>
          {heads.map((h) => (
            <th key={h}>{h}</th>
          ))}
        </tr>
      </thead>
      {board.companies.map((c) => (
        <tbody
          key={c.companyId}
          data-company-id={c.companyId}
          className={selectedCompanyId === c.companyId ? 'on' : ''}
          onClick={() => onPickCompany?.(c.companyId)}
        >
          <tr>
            <th rowSpan={2} scope="row">
              {c.nameZh}
            </th>
            <td className="lv-odds-tag">{LIVE_TEXT.open}</td>
            <td>{fmt(c.open.left)}</td>
            <td>{middleText(board.sport, board.type, c.open)}</td>
            <td>{fmt(c.open.right)}</td>
          </tr>
          <tr data-live-row>
            <td className="lv-odds-tag">{LIVE_TEXT.live}</td>
            <Cell value={fmt(c.live.left)} trend={c.live.trend.left} />
            <Cell value={middleText(board.sport, board.type, c.live)} trend={c.live.trend.middle} />
            <Cell value={fmt(c.live.right)} trend={c.live.trend.right} />
          </tr>
        </tbody>
      ))}
    </table>
  );
}

export interface OddsHistoryTableProps {
  sport: Sport;
  type: OddsType;
  rows: OddsRowView[];
  /** Formats a row's time (the page passes the core's date formatter). */
  timeText: (at: number) => string;
}

export function OddsHistoryTable({ sport, type, rows, timeText }: OddsHistoryTableProps) {
  const heads = headersOf(sport, type);
  return (
    <table className="lv-odds lv-odds-history" aria-label={LIVE_TEXT.oddsHistory}>
      <thead>
        <tr>
          {heads.map((h) => (
            <th key={h}>{h}</th>
          ))}
          <th>{LIVE_TEXT.time}</th>
        </tr>
      </thead>
      <tbody>
        {rows.map((r) => (
          <tr key={r.at}>
            <Cell value={fmt(r.left)} trend={r.trend.left} />
            <Cell value={middleText(sport, type, r)} trend={r.trend.middle} />
            <Cell value={fmt(r.right)} trend={r.trend.right} />
            <td className="lv-odds-time">{timeText(r.at)}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}
