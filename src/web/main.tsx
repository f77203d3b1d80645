import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/app';
import { applyTheme, readStoredTheme } from './app/theme';
import { rememberWhereNavigationCameFrom } from './lib/came-from';
import './styles.css';

// No inline script may set the theme (the CSP forbids it), so it is applied here, before the first render.
applyTheme(readStoredTheme());
// Back links return to the page a person came from.
rememberWhereNavigationCameFrom();

const root = document.getElementById('root');
if (!root) throw new Error('The page has no #root element');
createRoot(root).render(
  <StrictMode>
    <App />
  </StrictMode>,
);
