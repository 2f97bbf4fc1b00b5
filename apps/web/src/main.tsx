import 'nprogress/nprogress.css';
import './app/global.css';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { RouterProvider } from 'react-router/dom';
import { AppProviders } from './app/AppProviders.tsx';
import { createAppRouter } from './app/router.tsx';
import { i18nReady } from './i18n/i18n.ts';

const router = createAppRouter();
const container = document.getElementById('root');
if (!container) throw new Error('main.tsx requires a #root element');

// The router starts loading the first screen's code at once; the app renders when its texts are in.
void i18nReady.then(() =>
  createRoot(container).render(
    <StrictMode>
      <AppProviders>
        <RouterProvider router={router} />
      </AppProviders>
    </StrictMode>,
  ),
);
