import { PAGE_SIZE, useCasesStore } from './casesStore';
import { useDetailStore } from '../case-detail/detailStore';
import { useNavigationStore } from '../../shell/navigationStore';

/** Shows one case in the Cases view: its row selected when already loaded (the list finds it otherwise), its detail open. */
export function openCaseInCasesView(caseId: string): void {
  const cases = useCasesStore.getState();
  let index = -1;
  for (const [page, rows] of Object.entries(cases.pages)) {
    const at = rows.findIndex((row) => row.id === caseId);
    if (at >= 0) index = Number(page) * PAGE_SIZE + at;
  }
  if (index >= 0) cases.selectRow(index, caseId);
  else {
    useCasesStore.setState({ selectedIndex: -1, selectedId: caseId });
    useDetailStore.getState().load(caseId);
  }
  useNavigationStore.getState().setView('cases');
}
