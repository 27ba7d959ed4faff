import { VALIDATE_MESSAGES } from '@fretio/core';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { App as AntApp, ConfigProvider } from 'antd';
import ptBR from 'antd/locale/pt_BR';
import dayjs from 'dayjs';
import 'dayjs/locale/pt-br';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { RouterProvider } from 'react-router';
import { ApiError } from './api.ts';
import { LayoutProvider } from './layout.tsx';
import { router } from './routes.tsx';
import { SessionProvider } from './session.tsx';
import { TEMA } from './tema.ts';
import { iconesEmPortugues } from './icones.ts';
import { enterNoCalendarioNaoEnvia } from './teclado.ts';
import './global.css';

// Root: pt-BR locale and validation messages, toasts (top-centre, 2.5 s), server state, session, layout.
dayjs.locale('pt-br');
enterNoCalendarioNaoEnvia();
iconesEmPortugues();

/** Toasts close after 2,500 ms (spec §9); antd counts seconds. */
const TOAST_SECONDS = 2.5;

const queryClient = new QueryClient({
  defaultOptions: {
    queries: {
      refetchOnWindowFocus: true,
      staleTime: 10_000,
      // Client errors (400-499) will not change by retrying; network and 5xx get one more try.
      retry: (count, e) => !(e instanceof ApiError && e.status >= 400 && e.status < 500) && count < 1,
    },
  },
});

createRoot(document.getElementById('root') as HTMLElement).render(
  <StrictMode>
    <ConfigProvider locale={ptBR} form={{ validateMessages: VALIDATE_MESSAGES }} theme={TEMA}>
      <AntApp message={{ top: 16, duration: TOAST_SECONDS, maxCount: 3 }} notification={{ placement: 'top', duration: TOAST_SECONDS }}>
        <QueryClientProvider client={queryClient}>
          <SessionProvider navigate={(to) => router.navigate(to)}>
            <LayoutProvider>
              <RouterProvider router={router} />
            </LayoutProvider>
          </SessionProvider>
        </QueryClientProvider>
      </AntApp>
    </ConfigProvider>
  </StrictMode>,
);
