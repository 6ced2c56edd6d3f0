import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { PortalRouter } from './app/router';
import { LanguageProvider } from './i18n/language-provider';
import { SessionProvider } from './session/session';
import './styles.css';

const container = document.getElementById('root');
if (!container) throw new Error('index.html has no #root element.');

createRoot(container).render(
  <StrictMode>
    <LanguageProvider>
      <SessionProvider>
        <PortalRouter />
      </SessionProvider>
    </LanguageProvider>
  </StrictMode>,
);
