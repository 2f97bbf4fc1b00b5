import 'nprogress/nprogress.css';
import './app/global.css';
import './i18n/i18n.ts';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { RouterProvider } from 'react-router/dom';
import { AppProviders } from './app/AppProviders.tsx';
import { createAppRouter } from './app/router.tsx';

const router = createAppRouter();
const container = document.getElementById('root');
if (!container) throw new Error('main.tsx requires a #root element');

createRoot(container).render(
  <StrictMode>
    <AppProviders>
      <RouterProvider router={router} />
    </AppProviders>
  </StrictMode>,
);
