/**
 * A stand-in for the anywidget model: get/set/on/off/send/save_changes, with what the view
 * sent and which listeners are still attached exposed for assertions.
 *
 * `state` is a test's shorthand: the whole snapshot is kept as the `_turn` part, with no
 * `_revs` (the kit merges whatever parts a model has; js/shared/model.js), so `set("state", s)`
 * redraws from `s` and `get("state")` reads it back. `update({...})` sets several traits at once
 * and then fires their change events, as Backbone applies one comm message.
 */
export function createFakeModel(initial = {}) {
  const trait = (name) => (name === "state" ? "_turn" : name);
  const values = {};
  for (const [name, value] of Object.entries(initial)) values[trait(name)] = value;
  const listeners = new Map(); // event name -> Set of callbacks
  const sent = [];
  return {
    sent,
    get(name) {
      return values[trait(name)];
    },
    set(name, value) {
      this.update({ [trait(name)]: value });
    },
    update(changes) {
      Object.assign(values, changes);
      for (const [name, value] of Object.entries(changes)) {
        for (const callback of [...(listeners.get(`change:${name}`) || [])]) callback({ new: value });
      }
    },
    on(event, callback) {
      if (!listeners.has(event)) listeners.set(event, new Set());
      listeners.get(event).add(callback);
    },
    off(event, callback) {
      if (!event) {
        listeners.clear();
        return;
      }
      if (!listeners.has(event)) return;
      if (callback) listeners.get(event).delete(callback);
      else listeners.delete(event);
    },
    send(message) {
      sent.push(message);
    },
    /** Fire a model event with no value (e.g. "comm_live_update"), each listener called with
     * `context` as `this` (Backbone calls it with the context anywidget gave: the view). */
    trigger(event, context = undefined) {
      for (const callback of [...(listeners.get(event) || [])]) callback.call(context);
    },
    save_changes() {},
    /** Number of attached listeners (all events, or one event). */
    listenerCount(event) {
      if (event) return listeners.has(event) ? listeners.get(event).size : 0;
      let total = 0;
      for (const set of listeners.values()) total += set.size;
      return total;
    },
  };
}
