/**
 * One `state` from the model's parts (js/PROTOCOL.md, "Parts").
 *
 * Python sends the snapshot as a few synced traits cut by how often they change (the texts, the
 * setup, the coach, the board, the game's part, the turn), each only when it changed, in one
 * comm message. A view still draws one assembled `state` object: the keys of every part, merged.
 *
 * A message that changes several parts fires one `change:<part>` per part. JupyterLab (Backbone)
 * and the book's page bridge set every part before the first event; marimo sets and announces
 * them one at a time. Each part carries `rev`, the publication that last changed it, and
 * `_revs` names every part's current one, so a state is handed on only when every part is at
 * its revision (never a mix of two publications), and only once (the later events of the same
 * message change nothing). A model without `_revs` (a test's stand-in) merges what it has.
 */

/** The synced traits the state travels in; `_turn` holds every key the others do not. */
export const STATE_PARTS = ["_turn", "_board", "_extra", "_coach", "_setup", "_texts"];
/** The trait naming each part's current revision. */
export const REVISIONS = "_revs";
/** Every trait whose change may bring a new state. */
export const STATE_TRAITS = [...STATE_PARTS, REVISIONS];

const isObject = (value) => Boolean(value) && typeof value === "object" && !Array.isArray(value);

/** The state the model's parts make now, or null (no part yet, or a part still behind `_revs`). */
export function readState(model) {
  const revs = model.get(REVISIONS);
  const checked = isObject(revs);
  const state = {};
  let found = false;
  for (const name of STATE_PARTS) {
    const part = model.get(name);
    if (!isObject(part)) {
      if (checked && name in revs) return null;
      continue;
    }
    if (checked && part.rev !== revs[name]) return null;
    found = true;
    for (const key of Object.keys(part)) if (key !== "rev") state[key] = part[key];
  }
  return found ? state : null;
}

/**
 * A reader of new states: each call returns the state if the parts changed since the last
 * state it returned and are consistent, else null.
 */
export function stateReader(model) {
  let last = null;
  return () => {
    const now = STATE_TRAITS.map((name) => model.get(name));
    if (last && now.every((value, index) => value === last[index])) return null;
    const state = readState(model);
    if (state) last = now;
    return state;
  };
}
