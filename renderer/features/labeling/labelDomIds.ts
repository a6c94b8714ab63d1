/** DOM ids shared between the labeling components and its keyboard hook. */
export const CLAIM_ADD_INPUT_ID = 'claim-add-input';
export const claimDomId = (index: number) => `claim-item-${index}`;
export const LABEL_CONTEXT_ID = 'label-context';
