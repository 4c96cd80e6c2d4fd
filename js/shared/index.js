/** The shared board kit: everything a game entry needs, no Jupyter imports. */
export { h, setText, setAttr, label, winsText, uniqueId, activeElementIn } from "./dom.js";
export { MARKS, readMarks, marksOf, markedLabel, applyMarks } from "./marks.js";
export { createRovingFocus, bindRovingKeys, linearNext, spatialNext } from "./roving.js";
export { createBoardGrid, gridOf, squareContents, splitCoord } from "./grid.js";
export { createMapBoard, mapOf, svgEl } from "./mapboard.js";
export { createTray } from "./tray.js";
export { createInputBar } from "./inputbar.js";
export { createStatusLine } from "./status.js";
export { createCardLayer } from "./cards.js";
export { createResultFlow, resultCard, resultKey } from "./result.js";
export { createSettingsPanel, createGameActions, createReviewBar, button } from "./controls.js";
export { createGameFrame } from "./frame.js";
export { createPuzzleBanner, puzzleOf } from "./puzzle.js";
export { mountView, prefersReducedMotion, STOPPED_KEY_EVENTS } from "./view.js";
export { STATE_PARTS, REVISIONS, STATE_TRAITS, readState, stateReader } from "./model.js";
