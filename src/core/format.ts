/**
 * Pure formatters shared with the core (one of each, house rule 13). Views may use these for
 * values that are not match-state derivations (those arrive already derived in `MatchView`).
 */
export { chineseNumber, weekdayText, formatChinaTime } from '../../workers/domain/chinese-format';
export { chinaDay } from '../../workers/protocol/china-time';
export { truncateDecimals, toFixed1, toFixed2, toFixed3, percentText } from '../../workers/domain/number-format';
export { fileSizeText } from '../../workers/domain/file-size';
export { expertLevelName, EXPERT_LEVELS } from '../../workers/domain/expert-level';
export { handicapName, overUnderText } from '../../workers/domain/handicap';
export { TREND_COLOR } from '../../workers/domain/odds-trend';
export { incidentMinuteText, minuteMark } from '../../workers/domain/minute-text';
