import { StrictMode } from 'react';
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
// once its area's code is in (it was preloaded with the HTML).
if (hasSeed())
  void preloadPage(window.location.pathname).then(
    () => hydrateRoot(root, app),
    () => hydrateRoot(root, app),
  );
else createRoot(root).render(app);
