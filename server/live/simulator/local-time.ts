/** Local wall-clock times of a time zone (IANA name, DST included) as instants, through Intl. */
const formats = new Map<string, Intl.DateTimeFormat>();

function formatOf(tz: string): Intl.DateTimeFormat {
  let f = formats.get(tz);
  if (!f) {
    f = new Intl.DateTimeFormat('en-US', {
      timeZone: tz,
      hourCycle: 'h23',
      year: 'numeric',
      month: 'numeric',
      day: 'numeric',
      hour: 'numeric',
      minute: 'numeric',
    });
    formats.set(tz, f);
  }
  return f;
}

/** The zone's wall clock at `ms`, read as if it were UTC (ms). */
function wallAsUtc(tz: string, ms: number): number {
  const p: Record<string, number> = {};
  for (const part of formatOf(tz).formatToParts(new Date(ms)))
    if (part.type !== 'literal') p[part.type] = Number(part.value);
  return Date.UTC(p.year!, p.month! - 1, p.day!, p.hour!, p.minute!);
}

const offsets = new Map<string, number>();

/**
 * The instant (unix ms) at which the zone's clock reads `day` ('YYYY-MM-DD') `minute` minutes
 * after midnight. The zone's offset is read at the day's noon (kick-off times are afternoons and
 * evenings, never inside a DST change at night) and kept per zone and day.
 */
export function localToUtcMs(tz: string, day: string, minute: number): number {
  const key = `${tz}|${day}`;
  let offset = offsets.get(key);
  if (offset === undefined) {
    const noon = Date.parse(`${day}T12:00:00Z`);
    let guess = noon - (wallAsUtc(tz, noon) - noon);
    // A second pass settles the offset across a DST change.
    guess = noon - (wallAsUtc(tz, guess) - guess);
    offset = noon - guess;
    if (offsets.size > 50_000) offsets.clear();
    offsets.set(key, offset);
  }
  return Date.parse(`${day}T00:00:00Z`) + minute * 60_000 - offset;
}

/** The zone's wall clock at `ms`: day 'YYYY-MM-DD', minutes after midnight and weekday (0 = Sunday). */
export function utcToLocal(tz: string, ms: number): { day: string; minute: number; weekday: number } {
  const wall = wallAsUtc(tz, ms);
  const d = new Date(wall);
  return {
    day: d.toISOString().slice(0, 10),
    minute: d.getUTCHours() * 60 + d.getUTCMinutes(),
    weekday: d.getUTCDay(),
  };
}
