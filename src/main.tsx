import { StrictMode, startTransition } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { Router } from 'wouter';
import { App, preloadPage } from './app/App';
import { Hydrated } from './app/Hydrated';
import { hasSeed } from './core/ssr';
import { captureInstallPrompt } from './app/install-prompt';
import { registerServiceWorker } from './app/service-worker';
import './styles/shell.css';

captureInstallPrompt();
registerServiceWorker();

const root = document.getElementById('root')!;
// The same tree as the server's (src/entry-server.tsx), so hydration matches it node for node.
const app = (
  <StrictMode>
    <Router>
      <Hydrated>
        <App />
      </Hydrated>
    </Router>
  </StrictMode>
);
// A page the server rendered (issue 29) is hydrated: the same components take over its HTML,
// once its area's code is in (it was preloaded with the HTML). As a transition, so React yields to
// the browser every few milliseconds while it hydrates instead of one long task: the page is on
// screen already, and a tap meanwhile is answered (hydrated first where it lands).
const hydrate = () => startTransition(() => void hydrateRoot(root, app));
if (hasSeed()) void preloadPage(window.location.pathname).then(hydrate, hydrate);
else createRoot(root).render(app);
