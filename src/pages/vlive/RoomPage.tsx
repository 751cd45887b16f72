/**
 * /vlive/detail/{id}: the player (with the tied match's live score and gift effects over it),
 * anchor card with follow and share, then chat, givers ranking and the anchor's schedule.
 * Chat, gifts and live/offline changes come from the core's one socket (room topic).
 */
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { useLocation } from 'wouter';
import { Code } from '../../../workers/protocol/codes';
import {
  VlivePaths,
  type VliveBagItem,
  type VliveChatInfo,
  type VliveGift,
  type VliveGiftResult,
  type VliveRankRow,
  type VliveRoomDetail,
  type VliveSchedule,
  type VliveShare,
  type VliveVideo,
} from '../../../workers/protocol/api/vlive';
import type { PageProps } from '../../app/App';
import { paths } from '../../app/paths';
import { askNotificationPermission } from '../../app/system-notification';
import { AnchorCard } from '../../components/vlive/AnchorCard';
import { ChatPanel } from '../../components/vlive/ChatPanel';
import { GiftEffects, type ShownGift } from '../../components/vlive/GiftEffects';
import { GiftPanel } from '../../components/vlive/GiftPanel';
import { LivePlayer } from '../../components/vlive/LivePlayer';
import { RankingList } from '../../components/vlive/RankingList';
import { ScoreWidget } from '../../components/vlive/ScoreWidget';
import { VLIVE_TEXT } from '../../components/vlive/strings';
import type { InsufficientBalance } from '../../../workers/protocol/index';
import {
  formatChinaTime,
  getCore,
  useChat,
  useMatchDetail,
  useRoomEvents,
  useSession,
  useCoreRequest,
  useWallet,
} from '../../core/index';
import { showToast } from '../../state/ui';
import { useIdemKeys } from './idem-key';
import { insufficientOf } from './insufficient';
import { TabList } from '../../components/TabList';

const EFFECT_MS = 3_500;
const BIG_EFFECT_MS = 5_000;
const MAX_EFFECTS = 4;

/** The tied match through the core's match detail stream (header fetched once, then live). */
function RoomScore({ matchId, sport }: { matchId: number; sport: 'zq' | 'lq' }) {
  const match = useMatchDetail(matchId, sport)?.match;
  return match ? <ScoreWidget match={match} /> : null;
}

type Pane = 'chat' | 'rank' | 'anchor';

export function RoomPage({ params }: PageProps) {
  const roomId = params.id ?? '';
  const [, navigate] = useLocation();
  const session = useSession();
  const loggedIn = session.loggedIn;
  const [roomKey, setRoomKey] = useState(0);
  const [rankKey, setRankKey] = useState(0);
  const [walletKey, setWalletKey] = useState(0);
  const room = useCoreRequest<VliveRoomDetail>(
    roomId ? { path: VlivePaths.room, params: { id: roomId } } : null,
    `${roomKey}-${loggedIn}`,
  );
  const [videoKey, setVideoKey] = useState(0);
  const video = useCoreRequest<VliveVideo>(
    roomId ? { path: VlivePaths.video, params: { id: roomId } } : null,
    `${roomKey}-${videoKey}`,
  );
  // What the player shows: the room's current source, kept while a finished broadcast plays out
  // its last seconds (the server already says 未开播; the viewer should not lose the end).
  const [shown, setShown] = useState<{ video: VliveVideo; ending: boolean; reloads: number } | null>(null);
  const [endedHere, setEndedHere] = useState(false);
  // The player stalled (or played to an end nobody announced): the next answer about the room's
  // source decides what it shows, so a stalled viewer never replays the old broadcast's tail.
  const stallPending = useRef<'stalled' | 'ended' | null>(null);
  useEffect(() => {
    const stall = stallPending.current;
    stallPending.current = null;
    if (video.data) {
      const next = video.data;
      // A new source gets a new player; a stalled one on the same source starts over.
      setShown((cur) =>
        cur && cur.video.url === next.url && !cur.ending && !stall
          ? cur
          : { video: next, ending: false, reloads: (cur?.reloads ?? 0) + 1 },
      );
      setEndedHere(false);
    } else if (video.code === Code.NO_VIDEO) {
      // A real broadcast ends by playing out; the test signal just stops. One already played out
      // (its end reached the player before the room's word) ends here.
      if (stall === 'ended') {
        setShown(null);
        setEndedHere(true);
      } else setShown((cur) => (cur && !cur.video.test ? { ...cur, ending: true } : null));
    } else if (stall) {
      // No answer (the network): start the player over on what it had.
      setShown((cur) => (cur ? { ...cur, reloads: cur.reloads + 1 } : cur));
    }
  }, [video.data, video.code]);
  const chatInfo = useCoreRequest<VliveChatInfo>(roomId ? { path: VlivePaths.chatInfo, params: { roomId } } : null);
  const gifts = useCoreRequest<VliveGift[]>({ path: VlivePaths.gifts, offline: true });
  // The balance is the core's one stream: gifts from another tab, credits and purchases move it here too.
  const balance = useWallet();
  const bag = useCoreRequest<VliveBagItem[]>(loggedIn ? { path: VlivePaths.bag } : null, walletKey);
  const [period, setPeriod] = useState<'day' | 'week' | 'all'>('day');
  const [pane, setPane] = useState<Pane>('chat');
  const rank = useCoreRequest<VliveRankRow[]>(
    roomId && pane === 'rank' ? { path: VlivePaths.ranking, params: { roomId }, query: { period } } : null,
    rankKey,
  );
  const schedules = useCoreRequest<VliveSchedule[]>(
    roomId && pane === 'anchor' ? { path: VlivePaths.schedules, query: { roomId } } : null,
    `${roomKey}-${loggedIn}`,
  );
  const messages = useChat(roomId || null);

  // Local overrides after our own writes (the next fetch replaces them).
  const [follow, setFollow] = useState<{ follow: 0 | 1; followers: number } | null>(null);
  const [effects, setEffects] = useState<ShownGift[]>([]);
  const [giftsOpen, setGiftsOpen] = useState(false);
  const [sending, setSending] = useState(false);
  const [short, setShort] = useState<InsufficientBalance | null>(null);
  const giftKeys = useIdemKeys();
  const timers = useRef(new Set<ReturnType<typeof setTimeout>>());
  useEffect(() => {
    const set = timers.current;
    return () => set.forEach(clearTimeout);
  }, []);

  const giftList = useMemo(() => gifts.data ?? [], [gifts.data]);
  const bigGift = useCallback((giftId: number) => giftList.find((g) => g.id === giftId)?.effect === 'big', [giftList]);
  useRoomEvents(roomId || null, (ev) => {
    if (ev.kind === 'gift') {
      const shown: ShownGift = { ...ev.gift, big: bigGift(ev.gift.giftId) };
      setEffects((list) => [...list.filter((g) => g.id !== shown.id), shown].slice(-MAX_EFFECTS));
      const t = setTimeout(
        () => {
          timers.current.delete(t);
          setEffects((list) => list.filter((g) => g.id !== shown.id));
        },
        shown.big ? BIG_EFFECT_MS : EFFECT_MS,
      );
      timers.current.add(t);
      setRankKey((k) => k + 1);
    } else if (ev.kind === 'live') {
      setRoomKey((k) => k + 1);
    }
  });

  const login = () => navigate(paths.login);

  const toggleFollow = async () => {
    if (!loggedIn || !room.data) return login();
    const env = await getCore().request<{ follow: 0 | 1; followers: number }>({
      path: VlivePaths.attention,
      method: 'POST',
      body: { anchorId: room.data.anchor.id },
    });
    if (env.code === Code.OK) {
      setFollow(env.data);
      showToast(env.data.follow ? VLIVE_TEXT.followed : '已取消关注');
    }
  };

  const share = async () => {
    const env = await getCore().request<VliveShare>({ path: VlivePaths.share, params: { id: roomId } });
    if (env.code !== Code.OK) return;
    const url = new URL(env.data.path, window.location.origin).toString();
    const nav = navigator as Navigator & { share?: (d: ShareData) => Promise<void> };
    if (nav.share) {
      await nav.share({ title: env.data.title, text: env.data.text, url }).catch(() => undefined);
      return;
    }
    try {
      await navigator.clipboard.writeText(`${env.data.text} ${url}`);
      showToast(VLIVE_TEXT.shareCopied);
    } catch {
      showToast(VLIVE_TEXT.shareFailed);
    }
  };

  const sendChat = async (text: string) => {
    const res = await getCore().sendChat(roomId, text);
    if (!res.ok) showToast(res.msg);
    else if (res.msg && res.msg !== 'success') showToast(res.msg);
    return res.ok;
  };

  const sendGift = async (giftId: number, count: number, fromBag: boolean) => {
    if (!loggedIn) return login();
    if (sending) return;
    const idemKey = giftKeys.keyFor(`${giftId}:${count}:${fromBag ? 1 : 0}`);
    setSending(true);
    try {
      const env = await getCore().request<VliveGiftResult>({
        path: VlivePaths.giftSend,
        method: 'POST',
        body: { roomId, giftId, count, fromBag: fromBag ? 1 : 0, idemKey },
      });
      if (env.code === Code.OK) {
        void getCore().noteBalance(env.data.balance);
        if (fromBag) setWalletKey((k) => k + 1);
      }
      setShort(insufficientOf(env));
      giftKeys.settle(env.code);
    } finally {
      setSending(false);
    }
  };

  const reserve = async (s: VliveSchedule) => {
    if (!loggedIn) return login();
    // Asked here, inside the tap: browsers only show the prompt on the user's own gesture.
    askNotificationPermission();
    const env = await getCore().request<{ reserved: 0 | 1 }>({
      path: VlivePaths.reserve,
      method: 'POST',
      body: { scheduleId: s.id },
    });
    if (env.code === Code.OK) {
      showToast(env.data.reserved ? '预约成功，开播时会通知您' : '已取消预约');
      setRoomKey((k) => k + 1);
    }
  };

  if (!roomId || room.code === Code.NOT_FOUND) return <div className="vl-page vl-empty">{VLIVE_TEXT.roomMissing}</div>;
  const detail = room.data;
  const anchor = detail ? { ...detail.anchorDetail, ...(follow ?? {}) } : null;

  return (
    <div className="vl-page vl-room" data-room-id={roomId}>
      <div className="vl-stage">
        <button
          type="button"
          className="vl-back"
          aria-label={VLIVE_TEXT.back}
          onClick={() => (history.length > 1 ? history.back() : navigate(paths.vlive()))}
        >
          ‹
        </button>
        {shown ? (
          <LivePlayer
            // A new broadcast (new URL) or a reload gets a new video element: never a frame of the last one.
            key={`${shown.video.url}#${shown.reloads}`}
            url={shown.video.url}
            live={shown.video.live}
            poster={detail?.cover}
            testSignal={shown.video.test}
            ending={shown.ending}
            onStall={(ended) => {
              // Stalled on a source that may be gone: ask for the room's current one (above).
              stallPending.current = ended ? 'ended' : 'stalled';
              setVideoKey((k) => k + 1);
            }}
            onEnded={() => {
              setShown(null);
              setEndedHere(true);
            }}
          />
        ) : video.code === Code.NO_VIDEO ? (
          <div className="vl-novideo" data-ended={endedHere ? '1' : '0'}>
            {detail && <img src={detail.cover} alt="" />}
            <b>{endedHere ? VLIVE_TEXT.broadcastEnded : video.msg || VLIVE_TEXT.noVideo}</b>
            {detail?.nextSchedule && (
              <>
                <span>
                  {VLIVE_TEXT.nextLive} {formatChinaTime(detail.nextSchedule.startsAt, 'MM-DD HH:mm')}
                </span>
                <button
                  type="button"
                  className="vl-btn vl-btn--gold"
                  onClick={() => void reserve(detail.nextSchedule!)}
                >
                  {detail.nextSchedule.reserved ? VLIVE_TEXT.reserved : VLIVE_TEXT.reserve}
                </button>
              </>
            )}
          </div>
        ) : null}
        {detail?.matchId && detail.sport && <RoomScore matchId={detail.matchId} sport={detail.sport} />}
        <GiftEffects gifts={effects} />
      </div>
      {detail && anchor && (
        <AnchorCard
          anchor={anchor}
          title={detail.title}
          heat={detail.heat}
          onFollow={() => void toggleFollow()}
          onShare={() => void share()}
        />
      )}
      <TabList
        tabs={['chat', 'rank', 'anchor'] as const}
        value={pane}
        onChange={setPane}
        labelOf={(p) => (p === 'chat' ? VLIVE_TEXT.tabChat : p === 'rank' ? VLIVE_TEXT.tabRank : VLIVE_TEXT.tabAnchor)}
        className="vl-room-tabs"
      />
      <div className="vl-pane">
        {pane === 'chat' && (
          <ChatPanel
            welcome={chatInfo.data?.welcome ?? ''}
            notice={chatInfo.data?.notice ?? ''}
            messages={messages}
            canWrite={loggedIn}
            onSend={sendChat}
            onLogin={login}
            onOpenGifts={() => setGiftsOpen(true)}
          />
        )}
        {pane === 'rank' && (
          <>
            <div className="vl-period">
              {(['day', 'week', 'all'] as const).map((p) => (
                <button key={p} type="button" className={p === period ? 'on' : ''} onClick={() => setPeriod(p)}>
                  {p === 'day' ? VLIVE_TEXT.rankDay : p === 'week' ? VLIVE_TEXT.rankWeek : VLIVE_TEXT.rankAll}
                </button>
              ))}
            </div>
            <RankingList rows={rank.data ?? []} />
          </>
        )}
        {pane === 'anchor' && anchor && (
          <>
            <p className="vl-intro">{anchor.intro}</p>
            <h2 className="vl-h2">{VLIVE_TEXT.schedules}</h2>
            {(schedules.data ?? []).length === 0 ? (
              <p className="vl-empty">{VLIVE_TEXT.noSchedules}</p>
            ) : (
              <ul className="vl-sched">
                {(schedules.data ?? []).map((s) => (
                  <li key={s.id}>
                    <time>{formatChinaTime(s.startsAt, 'MM-DD HH:mm')}</time>
                    <span>{s.title}</span>
                    <button
                      type="button"
                      className={s.reserved ? 'vl-btn vl-btn--ghost' : 'vl-btn vl-btn--gold'}
                      onClick={() => void reserve(s)}
                    >
                      {s.reserved ? VLIVE_TEXT.reserved : VLIVE_TEXT.reserve}
                    </button>
                  </li>
                ))}
              </ul>
            )}
          </>
        )}
      </div>
      {giftsOpen && loggedIn && (
        <GiftPanel
          gifts={giftList}
          bag={bag.data ?? []}
          balance={balance}
          sending={sending}
          onSend={(g, c, b) => void sendGift(g, c, b)}
          onClose={() => {
            setGiftsOpen(false);
            setShort(null);
          }}
          short={short}
        />
      )}
    </div>
  );
}
