/**
 * What the next input is for, and the inputs that are not squares: `input.prompt` (shown when it
 * says more than the status line), a choice bar of `input.buttons` (Tower Gate's Mason/Repaint),
 * each sending `{kind: "input", target: id}`, and a back control when `input.can_back` (sends
 * `{kind: "back"}`). A button whose id is not in `input.targets` is disabled; one in
 * `input.selection` is shown pressed.
 */
import { h, label, setAttr, setText } from "./dom.js";

/**
 * @param {object} options
 * @param {(id: string) => void} options.onInput   a choice was pressed (the frame may hold it)
 * @param {() => void} options.onBack              the back control was pressed
 */
export function createInputBar({ onInput, onBack }) {
  const prompt = h("span", { class: "bb-prompt" });
  const choices = h("div", { class: "bb-choices", role: "group" });
  const back = h("button", {
    type: "button",
    class: "bb-button bb-back",
    "data-action": "back",
    hidden: true,
    onClick: () => onBack(),
  });
  const element = h("div", { class: "bb-inputbar", hidden: true }, [prompt, choices, back]);
  let buttonsKey = "";

  return {
    element,
    update(state) {
      const input = state.input || {};
      const buttons = Array.isArray(input.buttons) ? input.buttons : [];
      const targets = new Set((input.targets || []).map(String));
      const selection = new Set((input.selection || []).map(String));
      const key = JSON.stringify(buttons.map((b) => [b.id, b.label]));
      if (key !== buttonsKey) {
        buttonsKey = key;
        choices.replaceChildren(
          ...buttons.map((b) =>
            h("button", {
              type: "button",
              class: "bb-button bb-choice",
              "data-choice": b.id,
              text: b.label || b.id,
              onClick: () => onInput(String(b.id)),
            }),
          ),
        );
      }
      for (const el of choices.children) {
        const id = el.dataset.choice;
        el.disabled = !targets.has(id);
        setAttr(el, "aria-pressed", selection.has(id) ? "true" : "false");
      }
      choices.hidden = buttons.length === 0;
      setAttr(choices, "aria-label", label(state, "choices", "Choices"));

      const promptText = typeof input.prompt === "string" && input.prompt !== state.status ? input.prompt : "";
      setText(prompt, promptText);
      prompt.hidden = promptText === "";
      if (input.step) element.dataset.step = input.step;
      else delete element.dataset.step;

      back.hidden = !input.can_back;
      setText(back, label(state, "back", "Back"));
      element.hidden = prompt.hidden && choices.hidden && back.hidden;
    },
  };
}
