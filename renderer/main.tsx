import { askFirstScreenEarly } from './shell/coldOpen';
import './styles/tokens.css';
import './styles/base.css';
import './shell/shell.css';
import './common/dialog.css';
import './features/cases/cases.css';
import './features/case-detail/detail.css';
import './features/import/import.css';

// The first script is small: it asks for the first screen's data, then loads the app, whose parsing
// (the longest part of a cold open) overlaps the backend's answers.
askFirstScreenEarly();
void import('./mountApp');
