/**
 * Route guards of spec §5. `authenticated` sends visitors to /user/login (inside the native app
 * shell too: its WebView has no session of its own until the user logs in here);
 * `notAuthenticated` sends logged-in users home.
 */
import type { Guard } from '../../workers/protocol/routes';
import { paths } from './paths';

export function guardRedirect(guard: Guard | undefined, loggedIn: boolean): string | null {
  if (guard === 'authenticated' && !loggedIn) return paths.login;
  if (guard === 'notAuthenticated' && loggedIn) return paths.home;
  return null;
}
