/** Loads the modal chunk (shell, styles, UI kit). Import caching makes repeat calls free. */
export const loadModalRoot = () => import('./ModalRoot');
