import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './App';
import { AccessGate } from './shell/AccessGate';
import './styles/tokens.css';
import './styles/base.css';
import './shell/shell.css';
import './common/dialog.css';
import './features/cases/cases.css';
import './features/case-detail/detail.css';
import './features/import/import.css';

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
