/**
 * Area plugins, registered in this order. Each area adds its line here and keeps its routes,
 * services and tests in its own folder (`server/<area>/`).
 */
import type { AreaPlugin } from './context';

export const AREAS: ReadonlyArray<{ name: string; plugin: AreaPlugin }> = [];
