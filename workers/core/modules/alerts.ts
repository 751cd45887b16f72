/**
 * Live alerts and their settings: a goal, red, yellow or corner becomes one alert per incident
 * for the whole browser (the coordinator hands it to one tab), after the chosen delay and only
 * for what the settings allow.
 */
import { BehaviorSubject, Observable, Subject } from 'rxjs';
import type { Incident, Match } from '../../protocol/live';
import { Topics } from '../../protocol/topics';
import { incidentMinuteText, matchMinuteText, minuteMark } from '../../domain/minute-text';
import { DEFAULT_LIVE_SETTINGS, type AlertEvent, type LiveSettings, type SettingsHandlers } from '../api';
import type { Kernel, StreamBuilders } from '../kernel';

const ALERT_TYPES: Partial<Record<Incident['type'], keyof LiveSettings>> = {
  goal: 'goalChecked',
  red: 'redChecked',
  yellow: 'hpChecked',
  corner: 'jqChecked',
};
const ALERT_WORD: Partial<Record<Incident['type'], string>> = {
  goal: '进球',
  red: '红牌',
  yellow: '黄牌',
  corner: '角球',
};
/** Incident ids remembered so a replayed incident never alerts twice. */
const ALERTED_MAX = 2000;

export interface AlertsModule {
  readonly settings$: BehaviorSubject<LiveSettings>;
  readonly streams: Pick<StreamBuilders, 'alerts' | 'settings'>;
  readonly handlers: SettingsHandlers;
  onIncident(inc: Incident, m: Match): void;
  readonly booted: Promise<void>;
}

export function createAlertsModule(kernel: Kernel, isFollowed: (m: Match) => boolean): AlertsModule {
  const { now, timers } = kernel;
  const settings$ = new BehaviorSubject<LiveSettings>({ ...DEFAULT_LIVE_SETTINGS });
  const alerts$ = new Subject<AlertEvent>();
  const alerted = new Set<string>();
  /** Alerts released, by incident id, so a correction can take back the one a tab still shows. */
  const released = new Map<string, { alert: AlertEvent; text: string }>();
  /** Alerts waiting out the delay, by incident id, with the text they were raised for. */
  const pending = new Map<string, { timer: ReturnType<typeof setTimeout>; text: string }>();
  kernel.onDispose(() => {
    for (const p of pending.values()) timers.clearTimeout(p.timer);
  });

  const booted = kernel.store
    .get<LiveSettings>('settings')
    .then((stored) => {
      if (stored) settings$.next({ ...DEFAULT_LIVE_SETTINGS, ...stored });
    })
    .catch((e: unknown) => kernel.log('offline store read failed', e));

  function onIncident(inc: Incident, m: Match): void {
    const flag = ALERT_TYPES[inc.type];
    if (!flag) return;
    if (alerted.has(inc.id)) {
      // The same incident with other text is a correction (a goal taken back by VAR: 进球无效):
      // an alert still waiting out the delay must not announce a goal that no longer counts.
      const p = pending.get(inc.id);
      if (p && p.text !== inc.text) {
        timers.clearTimeout(p.timer);
        pending.delete(inc.id);
      }
      // Already shown: the tab showing it drops it.
      const shown = released.get(inc.id);
      if (shown && shown.text !== inc.text) {
        released.delete(inc.id);
        alerts$.next({ ...shown.alert, withdrawn: true, at: now() });
      }
      return;
    }
    const s = settings$.value;
    if (!s[flag]) return;
    if (s.followedOnly && !isFollowed(m)) return;
    alerted.add(inc.id);
    if (alerted.size > ALERTED_MAX) alerted.delete(alerted.values().next().value as string);
    const fire = () => {
      // The minute the server stamped on the incident (with its stoppage time) is when it
      // happened; the running clock, read after the alert delay, is only a fallback.
      const minuteText =
        m.sport !== 'zq' ? '' : inc.minute > 0 ? incidentMinuteText(inc) : minuteMark(matchMinuteText(m, now()));
      const alert: AlertEvent = {
        id: inc.id,
        matchId: m.id,
        sport: m.sport,
        type: inc.type,
        home: m.home.name,
        away: m.away.name,
        minuteText,
        score: inc.score,
        text: `${ALERT_WORD[inc.type]}！${m.home.name} ${inc.score[0]}-${inc.score[1]} ${m.away.name}${minuteText ? ` ${minuteText}` : ''}`,
        at: now(),
      };
      released.set(inc.id, { alert, text: inc.text });
      if (released.size > ALERTED_MAX) released.delete(released.keys().next().value as string);
      alerts$.next(alert);
    };
    if (s.alertDelaySec > 0) {
      const timer = timers.setTimeout(() => {
        pending.delete(inc.id);
        fire();
      }, s.alertDelaySec * 1000);
      pending.set(inc.id, { timer, text: inc.text });
    } else fire();
  }

  async function updateSettings(patch: Partial<LiveSettings>): Promise<LiveSettings> {
    const next = { ...settings$.value, ...patch };
    next.alertDelaySec = Math.min(60, Math.max(0, Math.round(Number(next.alertDelaySec) || 0)));
    settings$.next(next);
    await kernel.store.set('settings', next);
    return next;
  }

  return {
    settings$,
    streams: {
      settings: () => settings$,
      // Alerts need the score topics even when no list is open.
      alerts: () =>
        new Observable<AlertEvent>((sub) => {
          const a = kernel.watchTopic(Topics.football);
          const b = kernel.watchTopic(Topics.basketball);
          const s = alerts$.subscribe(sub);
          return () => {
            s.unsubscribe();
            a();
            b();
          };
        }),
    },
    handlers: { getSettings: async () => settings$.value, updateSettings },
    onIncident,
    booted,
  };
}
