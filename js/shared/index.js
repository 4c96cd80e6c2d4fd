/** The shared board kit: everything a game entry needs, no Jupyter imports. */
export { h, setText, setAttr, label } from "./dom.js";
export { createBoardGrid, squareLabel, splitCoord } from "./grid.js";
export { createStatusLine } from "./status.js";
export { createCardLayer, resultCard } from "./cards.js";
export { createSettingsPanel, createGameActions, createReviewBar, button } from "./controls.js";
export { mountView, prefersReducedMotion } from "./view.js";
