/**
 * 滑动验证 (spec §7 sliding verification and vertoken). The server draws a puzzle: a pitch-like
 * background with a piece-shaped gap, and the piece cut from the same spot. Only the gap's x
 * offset is kept (in the database, so any process can check the answer); the client gets the two
 * images and the row the piece slides along. A puzzle takes exactly one answer, right or wrong,
 * so guessing costs one puzzle per guess; a right answer earns a vertoken good for one login.
 */
import crypto from 'node:crypto';
import { PNG } from 'pngjs';
import type { Transaction } from 'kysely';
import { Code, SLIDE_TOLERANCE_PX, type SlideAnswer, type SlideChallenge } from '../../workers/protocol/index';
import type { Database } from '../db/schema';
import type { Db } from '../db/index';
import { challengeId, dropStaleChallenges } from './challenge-rows';
import { BizError } from '../http/reply';
import { AccountText } from './text';

export const SLIDE_WIDTH = 280;
export const SLIDE_HEIGHT = 160;
/** The piece's box: a 44 px square with a round tab on top and one on the right. */
export const PIECE_SIZE = 52;
const BODY = 44;
const TAB_R = 7;
export const SLIDE_TTL_MS = 2 * 60_000;
export const VERTOKEN_TTL_MS = 2 * 60_000;

function inPiece(px: number, py: number): boolean {
  if (px >= 0 && px < BODY && py >= PIECE_SIZE - BODY && py < PIECE_SIZE) return true;
  const top = (px - BODY / 2) ** 2 + (py - (PIECE_SIZE - BODY)) ** 2 <= TAB_R * TAB_R;
  const right = (px - BODY) ** 2 + (py - (PIECE_SIZE - BODY / 2)) ** 2 <= TAB_R * TAB_R;
  return top || right;
}

function onPieceEdge(px: number, py: number): boolean {
  if (!inPiece(px, py)) return false;
  return !inPiece(px - 1, py) || !inPiece(px + 1, py) || !inPiece(px, py - 1) || !inPiece(px, py + 1);
}

/** A random pitch: mowing stripes, chalk lines, a few players, and grain (no two alike). */
function drawBackground(rand: () => number): Buffer {
  const w = SLIDE_WIDTH;
  const h = SLIDE_HEIGHT;
  const img = Buffer.alloc(w * h * 4);
  const hue = rand();
  const base = [40 + hue * 30, 120 + rand() * 40, 50 + rand() * 30];
  const stripe = 18 + Math.floor(rand() * 14);
  const tilt = (rand() - 0.5) * 0.6;
  const circle = { x: 60 + rand() * 160, y: 40 + rand() * 80, r: 30 + rand() * 25 };
  const lineX = 40 + rand() * 200;
  const players = Array.from({ length: 7 }, () => ({
    x: rand() * w,
    y: rand() * h,
    r: 4 + rand() * 4,
    c: rand() < 0.5 ? [220, 40 + rand() * 40, 50] : [40, 90 + rand() * 60, 220],
  }));
  for (let y = 0; y < h; y++) {
    for (let x = 0; x < w; x++) {
      const band = Math.floor((x + y * tilt) / stripe) % 2 === 0 ? 1 : 0.86;
      let [r, g, b] = base.map((c) => c * band * (0.85 + 0.3 * (y / h)));
      const d = Math.hypot(x - circle.x, y - circle.y);
      if (Math.abs(d - circle.r) < 1.3 || Math.abs(x - lineX) < 1.1) [r, g, b] = [235, 240, 235];
      for (const p of players) {
        if (Math.hypot(x - p.x, y - p.y) < p.r) [r, g, b] = p.c;
      }
      const grain = (rand() - 0.5) * 22;
      const i = (y * w + x) * 4;
      img[i] = clamp(r + grain);
      img[i + 1] = clamp(g + grain);
      img[i + 2] = clamp(b + grain);
      img[i + 3] = 255;
    }
  }
  return img;
}

const clamp = (v: number) => Math.max(0, Math.min(255, Math.round(v)));

function png(width: number, height: number, data: Buffer): string {
  const out = new PNG({ width, height });
  data.copy(out.data);
  return `data:image/png;base64,${PNG.sync.write(out).toString('base64')}`;
}

/** Draws a puzzle with its gap at (gapX, pieceY): the background with the gap shaded, and the piece. */
export function drawSlidePuzzle(
  gapX: number,
  pieceY: number,
  rand: () => number,
): { background: string; piece: string } {
  const bg = drawBackground(rand);
  const piece = Buffer.alloc(PIECE_SIZE * PIECE_SIZE * 4);
  for (let py = 0; py < PIECE_SIZE; py++) {
    for (let px = 0; px < PIECE_SIZE; px++) {
      if (!inPiece(px, py)) continue;
      const src = ((pieceY + py) * SLIDE_WIDTH + gapX + px) * 4;
      const dst = (py * PIECE_SIZE + px) * 4;
      const edge = onPieceEdge(px, py);
      for (let c = 0; c < 3; c++) {
        piece[dst + c] = edge ? 255 : bg[src + c];
        // The gap: darkened, with a pale rim.
        bg[src + c] = edge ? 200 : Math.round(bg[src + c] * 0.35);
      }
      piece[dst + 3] = 255;
    }
  }
  return { background: png(SLIDE_WIDTH, SLIDE_HEIGHT, bg), piece: png(PIECE_SIZE, PIECE_SIZE, piece) };
}

function randomUnit(): () => number {
  const bytes = crypto.randomBytes(4096);
  let i = 0;
  return () => {
    if (i + 4 > bytes.length) {
      crypto.randomFillSync(bytes);
      i = 0;
    }
    const v = bytes.readUInt32LE(i) / 2 ** 32;
    i += 4;
    return v;
  };
}

export async function issueSlideChallenge(db: Db, nowMs: number): Promise<SlideChallenge> {
  const rand = randomUnit();
  // The gap never starts where the piece does, nor touches an edge.
  const gapX = crypto.randomInt(PIECE_SIZE + 8, SLIDE_WIDTH - PIECE_SIZE - 4);
  const pieceY = crypto.randomInt(6, SLIDE_HEIGHT - PIECE_SIZE - 6);
  const { background, piece } = drawSlidePuzzle(gapX, pieceY, rand);
  const id = challengeId();
  await dropStaleChallenges(db, 'slide_challenges', nowMs);
  await db
    .insertInto('slide_challenges')
    .values({ id, gap_x: gapX, created_at: new Date(nowMs), expires_at: new Date(nowMs + SLIDE_TTL_MS) })
    .execute();
  return {
    id,
    width: SLIDE_WIDTH,
    height: SLIDE_HEIGHT,
    pieceSize: PIECE_SIZE,
    pieceY,
    background,
    piece,
  };
}

/** Takes the one answer a puzzle gets; a right one earns a vertoken. */
export async function answerSlideChallenge(db: Db, id: string, x: number, nowMs: number): Promise<SlideAnswer> {
  const row = await db
    .updateTable('slide_challenges')
    .set({ answered_at: new Date(nowMs) })
    .where('id', '=', id)
    .where('answered_at', 'is', null)
    .where('expires_at', '>', new Date(nowMs))
    .returning('gap_x')
    .executeTakeFirst();
  if (!row) throw new BizError(Code.REFUSED, AccountText.slideExpired);
  if (Math.abs(x - row.gap_x) > SLIDE_TOLERANCE_PX) throw new BizError(Code.REFUSED, AccountText.slideWrong);
  const vertoken = crypto.randomBytes(24).toString('base64url');
  await db
    .updateTable('slide_challenges')
    .set({ vertoken, vertoken_expires_at: new Date(nowMs + VERTOKEN_TTL_MS) })
    .where('id', '=', id)
    .execute();
  return { vertoken };
}

/** Spends a vertoken inside the login's transaction: true exactly once per token. */
export async function claimVertoken(trx: Transaction<Database>, vertoken: string, nowMs: number): Promise<boolean> {
  const res = await trx
    .updateTable('slide_challenges')
    .set({ vertoken_used_at: new Date(nowMs) })
    .where('vertoken', '=', vertoken)
    .where('vertoken_used_at', 'is', null)
    .where('vertoken_expires_at', '>', new Date(nowMs))
    .executeTakeFirst();
  return Number(res.numUpdatedRows) === 1;
}

/** For the dev control (browser tests): where the gap is. */
export async function slideGap(db: Db, id: string): Promise<number | null> {
  const row = await db.selectFrom('slide_challenges').select('gap_x').where('id', '=', id).executeTakeFirst();
  return row ? row.gap_x : null;
}
