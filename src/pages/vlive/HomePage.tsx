/** /vlive/{type}: categories, banners, quick entries, the rooms grid (pull to refresh, infinite scroll). */
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { Link } from 'wouter';
import {
  VLIVE_PAGE_SIZE,
  VLIVE_RECOMMENDED,
  VlivePaths,
  type VliveBanner,
  type VliveCategory,
  type VlivePage,
  type VliveRoom,
} from '../../../workers/protocol/api/vlive';
import type { PageProps } from '../../app/App';
import { paths } from '../../app/paths';
import { BannerCarousel } from '../../components/vlive/BannerCarousel';
import { CategoryTabs } from '../../components/vlive/CategoryTabs';
import { RoomCard, RoomCardPlaceholder } from '../../components/vlive/RoomCard';
import { spriteSrc } from '../../components/LazyImage';
import { VLIVE_TEXT } from '../../components/vlive/strings';
import { getCore, useRoomListEvents, useSession, useCoreRequest, type RoomLiveEvent } from '../../core/index';
import { useFirstAnswer } from '../../core/use-first-answer';

const PULL_TRIGGER = 60;
/** Cards visible without scrolling on a phone (two rows of two, and the next row's top). */
const FIRST_SCREEN_CARDS = 6;
/** Generated art served by the media routes (server/media/art.ts). */
const ENTRY_ICONS = {
  match: '/media/art/gift/3.svg',
  noble: '/media/art/gift/5.svg',
  replay: '/media/art/gift/7.svg',
} as const;

interface Feed {
  rooms: VliveRoom[];
  page: number;
  next: boolean;
  loading: boolean;
  failed: boolean;
}

const roomsRequest = (type: number, page: number) => ({
  path: VlivePaths.rooms,
  query: { type, page, size: VLIVE_PAGE_SIZE },
  offline: page === 1,
});

/** Pages of rooms for a category; reloads from page 1 on `refresh()` or when the key changes. */
function useRoomFeed(type: number, sessionKey: string) {
  // A server-rendered page (issue 29) starts with the first page the server rendered; it is
  // asked again on mount (the offline store keeps it), without going back to the placeholders.
  const first = useFirstAnswer(() => getCore().request<VlivePage<VliveRoom>>(roomsRequest(type, 1)));
  const page1 = first?.code === 200 ? first.data : null;
  // `loading` from the start: the first paint shows the placeholders, not the empty-list text.
  const [feed, setFeed] = useState<Feed>(() =>
    page1
      ? { rooms: page1.list, page: 1, next: page1.next, loading: false, failed: false }
      : { rooms: [], page: 0, next: true, loading: true, failed: false },
  );
  const quiet = useRef(page1 !== null);
  const busy = useRef(false);
  const gen = useRef(0);
  const load = useCallback(
    async (page: number) => {
      if (busy.current && page > 1) return;
      busy.current = true;
      const mine = ++gen.current;
      const seeded = quiet.current && page === 1;
      quiet.current = false;
      if (!seeded) setFeed((f) => ({ ...f, loading: true, failed: false }));
      // The first page is kept in the offline store and painted from it before the network
      // answers (second visit, slow or no network); a failed answer then leaves those rooms up.
      const req = roomsRequest(type, page);
      if (page === 1 && !seeded)
        void getCore()
          .cachedRequest<VlivePage<VliveRoom>>(req)
          .then(
            (env) => {
              if (env?.code === 200 && mine === gen.current)
                setFeed((f) => (f.rooms.length ? f : { ...f, rooms: env.data.list, next: env.data.next }));
            },
            () => undefined,
          );
      try {
        const env = await getCore().request<VlivePage<VliveRoom>>(req);
        if (mine !== gen.current) return;
        if (env.code === 200) {
          setFeed((f) => {
            const base = page === 1 ? [] : f.rooms;
            const seen = new Set(base.map((r) => r.id));
            return {
              rooms: base.concat(env.data.list.filter((r) => !seen.has(r.id))),
              page,
              next: env.data.next,
              loading: false,
              failed: false,
            };
          });
        } else setFeed((f) => ({ ...f, loading: false, failed: true }));
      } catch {
        if (mine === gen.current) setFeed((f) => ({ ...f, loading: false, failed: true }));
      } finally {
        if (mine === gen.current) busy.current = false;
      }
    },
    [type],
  );
  useEffect(() => {
    busy.current = false;
    void load(1);
  }, [load, sessionKey]);
  // Rooms going live or offline come over the socket: a card on the page changes at once (推荐
  // lists only live rooms, so there it goes); a room that went live and is not shown yet brings
  // the first page back, where live rooms come first.
  const roomsRef = useRef(feed.rooms);
  roomsRef.current = feed.rooms;
  const onLive = useCallback(
    (ev: RoomLiveEvent) => {
      if (!roomsRef.current.some((r) => r.id === ev.roomId)) {
        if (ev.live) void load(1);
        return;
      }
      setFeed((f) => ({
        ...f,
        rooms:
          !ev.live && type === VLIVE_RECOMMENDED
            ? f.rooms.filter((r) => r.id !== ev.roomId)
            : f.rooms.map((r) => (r.id === ev.roomId ? { ...r, live: ev.live } : r)),
      }));
    },
    [load, type],
  );
  useRoomListEvents(onLive);
  return {
    feed,
    refresh: () => load(1),
    loadMore: () => {
      if (feed.next && !feed.loading && !feed.failed) void load(feed.page + 1);
    },
    retry: () => load(Math.max(1, feed.page + (feed.rooms.length ? 1 : 0))),
  };
}

export function HomePage({ params }: PageProps) {
  const parsed = Number(params.type ?? 0);
  const type = Number.isInteger(parsed) && parsed >= 0 ? parsed : 0;
  const session = useSession();
  const cats = useCoreRequest<VliveCategory[]>({ path: VlivePaths.categories, offline: true });
  const banners = useCoreRequest<VliveBanner[]>({ path: VlivePaths.banners, offline: true });
  const { feed, refresh, loadMore, retry } = useRoomFeed(
    type,
    session.loggedIn ? `u${session.user?.id ?? ''}` : 'visitor',
  );

  // Infinite scroll: load the next page when the sentinel comes near the viewport.
  const sentinel = useRef<HTMLDivElement>(null);
  const loadMoreRef = useRef(loadMore);
  useEffect(() => {
    loadMoreRef.current = loadMore;
  });
  useEffect(() => {
    const el = sentinel.current;
    if (!el) return;
    const io = new IntersectionObserver((entries) => entries.some((e) => e.isIntersecting) && loadMoreRef.current(), {
      rootMargin: '300px',
    });
    io.observe(el);
    return () => io.disconnect();
  }, []);

  // Pull to refresh from the top of the page.
  const [pull, setPull] = useState(0);
  const [refreshing, setRefreshing] = useState(false);
  const start = useRef<number | null>(null);
  const onTouchStart = (e: React.TouchEvent) => {
    start.current = window.scrollY <= 0 ? e.touches[0]!.clientY : null;
  };
  const onTouchMove = (e: React.TouchEvent) => {
    if (start.current === null) return;
    const dy = e.touches[0]!.clientY - start.current;
    setPull(dy > 0 ? Math.min(90, dy / 2) : 0);
  };
  const onTouchEnd = () => {
    if (pull >= PULL_TRIGGER) {
      setRefreshing(true);
      void refresh().finally(() => setRefreshing(false));
    }
    start.current = null;
    setPull(0);
  };

  // The first screen's small images (the entries' icons, the first cards' covers and avatars): one
  // sprite, one request instead of fifteen (issue 29). The banner, the largest paint, is its own.
  const firstScreen = useMemo(
    () => [
      ...(type === 0 ? Object.values(ENTRY_ICONS) : []),
      ...feed.rooms.slice(0, FIRST_SCREEN_CARDS).flatMap((r) => [r.cover, r.anchor.avatar]),
    ],
    [type, feed.rooms],
  );

  return (
    <div className="vl-page" onTouchStart={onTouchStart} onTouchMove={onTouchMove} onTouchEnd={onTouchEnd}>
      <div className="vl-head">
        <CategoryTabs categories={cats.data ?? []} active={type} hrefOf={(id) => paths.vlive(id)} />
      </div>
      <div className="vl-pull" style={{ height: refreshing ? 32 : pull }} aria-live="polite">
        <div style={{ lineHeight: '32px' }}>
          {refreshing
            ? VLIVE_TEXT.refreshing
            : pull >= PULL_TRIGGER
              ? VLIVE_TEXT.releaseToRefresh
              : VLIVE_TEXT.pullToRefresh}
        </div>
      </div>
      {type === 0 && <BannerCarousel banners={banners.data ?? []} loading={banners.loading} />}
      {type === 0 && (
        <div className="vl-entries">
          <Link href={paths.vliveMatch} className="vl-entry">
            <img src={spriteSrc(ENTRY_ICONS.match, firstScreen)} alt="" width={28} height={28} decoding="async" />
            {VLIVE_TEXT.hotMatches}
          </Link>
          <Link href={paths.vliveNoble} className="vl-entry">
            <img src={spriteSrc(ENTRY_ICONS.noble, firstScreen)} alt="" width={28} height={28} decoding="async" />
            {VLIVE_TEXT.noble}
          </Link>
          <Link href={paths.vliveReplay} className="vl-entry">
            <img src={spriteSrc(ENTRY_ICONS.replay, firstScreen)} alt="" width={28} height={28} decoding="async" />
            {VLIVE_TEXT.replays}
          </Link>
        </div>
      )}
      <div className="vl-grid" data-testid="vlive-rooms">
        {feed.rooms.length === 0 && feed.loading
          ? Array.from({ length: VLIVE_PAGE_SIZE }, (_, i) => <RoomCardPlaceholder key={i} />)
          : feed.rooms.map((room, i) => (
              <RoomCard
                key={room.id}
                room={room}
                href={paths.vliveDetail(room.id)}
                eager={i < FIRST_SCREEN_CARDS}
                together={firstScreen}
              />
            ))}
      </div>
      <div ref={sentinel} className="vl-foot">
        {feed.failed ? (
          <button type="button" onClick={() => void retry()}>
            {VLIVE_TEXT.loadFailed}
          </button>
        ) : feed.loading ? (
          VLIVE_TEXT.loadingMore
        ) : feed.rooms.length === 0 ? (
          VLIVE_TEXT.empty
        ) : feed.next ? (
          ''
        ) : (
          VLIVE_TEXT.noMore
        )}
      </div>
    </div>
  );
}
