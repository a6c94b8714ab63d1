import { useEffect } from 'react';
import { labelKeyAction, optionForKey } from './keymap';
import { currentStepKind, dimensionOf, useLabelingStore } from './labelingStore';
import { useClaimsDraftStore } from './claimsDraftStore';
import { CLAIM_ADD_INPUT_ID, claimDomId } from './labelDomIds';
import { isTyping } from '../../common/isTyping';
import { clearDocumentSelection, currentDocumentSelection, selectedEvidence, stepDocumentSelection } from './documentSelection';
import { useDocumentFind } from './documentFindStore';
import { useSweep } from './sweepStore';
import { saveMultiDraft, toggleMultiAt } from './multiDraft';
import { answerCites, saveStatedDraft, statedListOf, useStatedDraft } from '../diagnosis/stated/statedDraft';

/** The labeling screen's keys (see keymap.ts); the store does the work. */
export function useLabelKeyboard(): void {
  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      if (event.defaultPrevented || event.isComposing) return;
      const store = useLabelingStore.getState();
      const modal = document.querySelector('dialog[open]:modal');
      const overlay = store.helpOpen || modal !== null;
      if (modal && !store.helpOpen) return;
      const docSelection = currentDocumentSelection() !== null;
      const action = labelKeyAction(event, { typing: isTyping(event.target), overlay, stepKind: currentStepKind(store), docSelection });
      if (!action) return;
      switch (action.type) {
        case 'close':
          if (store.closeOverlays()) event.preventDefault();
          else if (docSelection) {
            event.preventDefault();
            clearDocumentSelection();
          } else if (useSweep.getState().leave()) event.preventDefault();
          return;
        case 'help':
          event.preventDefault();
          store.toggleHelp();
          return;
        // moving between cases never waits for the current one to finish loading: a quick J J J is three cases
        case 'nextCase':
          event.preventDefault();
          void store.nextCase('next');
          return;
        case 'previousCase':
          event.preventDefault();
          void store.previousCase();
          return;
        case 'undo':
          event.preventDefault();
          if (!event.repeat) void store.undo();
          return;
        case 'redo':
          event.preventDefault();
          if (!event.repeat) void store.redo();
          return;
      }
      if (!store.item) return;
      // Enter on a focused button activates that button, as everywhere else
      if (action.type === 'confirm' && event.target instanceof HTMLElement && event.target.closest('button, a[href], summary')) return;
      event.preventDefault();
      switch (action.type) {
        case 'choose': {
          const step = store.item.steps[store.stepIndex];
          const dimension = step ? dimensionOf(store.dimensions, step.dimension) : undefined;
          if (!dimension) return;
          const values = dimension.options.map((o) => o.value);
          const index = optionForKey(values, action.key);
          if (index >= 0) store.choose(values[index]);
          return;
        }
        case 'numericKey':
          store.numericKey(action.key);
          return;
        case 'confirm':
          if (event.repeat) return;
          if (currentStepKind(store) === 'stated') saveStatedDraft();
          else if (currentStepKind(store) === 'multi') saveMultiDraft();
          else store.confirm();
          return;
        case 'toggleValue': {
          const step = store.item.steps[store.stepIndex];
          if (step) toggleMultiAt(step, action.index);
          return;
        }
        case 'toggleStated':
          useStatedDraft.getState().toggle(statedListOf(store.item), action.index);
          return;
        case 'allStated':
          useStatedDraft.getState().setAll(statedListOf(store.item), action.stated);
          return;
        case 'citation':
          useStatedDraft.getState().setCitation(statedListOf(store.item), action.verdict, answerCites(store.item, store.item.steps[store.stepIndex]));
          return;
        case 'nextStep':
          if (!useSweep.getState().dimension) store.moveStep(1);
          return;
        case 'previousStep':
          if (!useSweep.getState().dimension) store.moveStep(-1);
          return;
        case 'find':
          useDocumentFind.getState().openFind();
          return;
        case 'extendSelection':
          stepDocumentSelection(action.unit, action.direction);
          return;
        case 'attachSelection': {
          const evidence = selectedEvidence();
          if (!evidence) {
            // nothing selected yet: the find box is the keyboard's way to select
            useDocumentFind.getState().openFind();
            return;
          }
          const drafts = useClaimsDraftStore.getState();
          if (!drafts.claimsDraft?.[drafts.activeClaim]) return;
          drafts.attachEvidence(evidence);
          clearDocumentSelection();
          return;
        }
        case 'activeClaim': {
          const drafts = useClaimsDraftStore.getState();
          if (!drafts.claimsDraft?.[action.index]) return;
          drafts.setActiveClaim(action.index);
          document.getElementById(claimDomId(action.index))?.scrollIntoView({ block: 'nearest' });
          return;
        }
        case 'sweep':
          useSweep.getState().openChooser();
          return;
        case 'history':
          store.toggleHistory();
          return;
        case 'addClaim':
          document.getElementById(CLAIM_ADD_INPUT_ID)?.focus();
          return;
        case 'moveClaim': {
          const drafts = useClaimsDraftStore.getState();
          drafts.moveClaim(drafts.activeClaim, action.delta);
          requestAnimationFrame(() => document.getElementById(claimDomId(useClaimsDraftStore.getState().activeClaim))?.focus());
          return;
        }
      }
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, []);
}
