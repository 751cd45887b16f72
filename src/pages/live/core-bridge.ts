/** What the live pages take from the core and the protocol, in one import. */
export * from '../../core/index';
export { Topics, LivePaths, Code } from '../../../workers/protocol/index';
export type { Incident, OddsType, Sport, StatEntry, TextLiveLine } from '../../../workers/protocol/index';
