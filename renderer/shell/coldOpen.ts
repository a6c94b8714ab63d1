import { invokeEarly } from '../api/transport';
import { FIRST_PAGE } from '../features/cases/listCall';
import { useNavigationStore } from './navigationStore';

/**
 * Sent by the first, small script before the app's own scripts are parsed: what the window asks first
 * (which file is open, and, when the Cases view comes first, its first rows). The backend answers while
 * the page is built, and the stores that ask for these take the answers already there.
 */
export function askFirstScreenEarly(): void {
  invokeEarly('app.info', {});
  invokeEarly('testSets.current', {});
  if (useNavigationStore.getState().view === 'cases') invokeEarly('cases.list', FIRST_PAGE);
}
