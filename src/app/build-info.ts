/** Version and build time stamped by vite.config.ts (`define`); 'dev' under the dev server and tests. */
export const APP_VERSION: string = import.meta.env.VITE_APP_VERSION ?? 'dev';
export const BUILD_TIME: string = import.meta.env.VITE_BUILD_TIME ?? '';
