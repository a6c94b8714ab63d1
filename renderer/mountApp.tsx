import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './App';
import { AccessGate } from './shell/AccessGate';

const root = document.getElementById('root');
if (root) {
  createRoot(root).render(
    <StrictMode>
      <AccessGate>
        <App />
      </AccessGate>
    </StrictMode>,
  );
}
