/**
 * The live store's one-statement write (server/live/store.ts saveOutput): on PGlite it is prepared
 * once per shape and executed with its JSON documents as dollar-quoted literals, on PostgreSQL it
 * takes them as parameters. Either way what is stored is what was written, whatever the text holds
 * (quotes, the literal's own dollar tags), and the same shape written again reuses the statement.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dollarQuoted, saveOutput } from '../../../server/live/store';
import { newOutput } from '../../../server/live/model';
import { ENGINES, createTestStorage, type TestStorage } from '../../helpers/test-db';

describe('dollarQuoted', () => {
  it('picks a tag the text does not hold', () => {
    expect(dollarQuoted('a')).toBe('$j$a$j$');
    expect(dollarQuoted('x $j$ y')).toBe('$j0$x $j$ y$j0$');
    expect(dollarQuoted('$j$ $j0$ $j1$')).toBe('$j2$$j$ $j0$ $j1$$j2$');
  });
});

describe.each(ENGINES)('saveOutput (%s)', (engine) => {
  let ts: TestStorage;
  beforeAll(async () => {
    ts = await createTestStorage(engine, { feed: false });
  }, 60_000);
  afterAll(async () => ts?.cleanup());

  const texts = ["it's 1-0", 'tag $j$ inside', '$j$ $j0$ and \\ backslash', "'); drop table live_text; --"];

  it('stores texts holding quotes and dollar tags as they are, the same shape twice', async () => {
    const db = ts.storage.db;
    for (const [i, text] of texts.entries()) {
      const out = newOutput();
      out.texts.push({ id: `store-test-${i}`, matchId: 1, minute: i, text, type: 'text', at: 1000 + i });
      out.odds.push({ matchId: 1, type: 1, companyId: 3, left: 1.5 + i, middle: 3, right: 2.5, at: 1000 + i });
      await saveOutput(db, [], out);
    }
    const rows = await db.selectFrom('live_text').select(['id', 'text']).orderBy('id').execute();
    expect(rows.map((r) => r.text)).toEqual(texts);
    const odds = await db.selectFrom('live_odds').select('left').orderBy('left').execute();
    expect(odds.map((o) => o.left)).toEqual([1.5, 2.5, 3.5, 4.5]);
  });
});
