// The entry point: the router with every page (app/router.tsx).
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { BrowserRouter } from 'react-router';
import { AppRoutes } from '@/app/router';
import { applyStoredTextSize } from '@/components/text-size';
import '@/styles/global.css';

// Before the first render, so a remembered larger text never jumps.
applyStoredTextSize();

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <BrowserRouter>
      <AppRoutes />
    </BrowserRouter>
  </StrictMode>,
);
