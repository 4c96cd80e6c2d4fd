/**
 * The daily puzzle banner (`state.puzzle`, js/PROTOCOL.md), the same for every game: the title
 * ("Today's puzzle · win within 2 moves" / 「本日の課題・2手以内で勝て」) and the bank's theme,
 * the moves left, the result (its own polite live region, so a screen reader hears "Solved in 2
 * moves (0:41)" once), the streak, a note (practice, undo used), the share text in a read-only
 * field with Copy and a link that opens a post on X with the text filled in (the original
 * page's 「Xで共有」), and Try again (a confirmed restart: the same puzzle, a fresh clock).
 *
 * Hidden entirely when the snapshot has no `puzzle` part (every ordinary game). Every control is
 * a native button or field, so Tab and Enter/Space operate it.
 */
import { h, label, setAttr, setText, uniqueId } from "./dom.js";
import { copyField } from "./coach.js";
import { button } from "./controls.js";

/** The snapshot's puzzle part, or null (a missing or malformed part reads as no puzzle). */
export function puzzleOf(state) {
  const part = state && state.puzzle;
  return part && typeof part === "object" && !Array.isArray(part) ? part : null;
}

/** The address that opens a new post on X with `text` filled in (the person still posts it). */
export function xPostUrl(text) {
  return `https://x.com/intent/post?text=${encodeURIComponent(text)}`;
}

/**
 * @param {object} options
 * @param {(msg: object) => void} options.send
 */
export function createPuzzleBanner({ send }) {
  const n = uniqueId("puzzle").slice("puzzle-".length);
  const titleId = `bb-puzzle-title-${n}`;
  const shareId = `bb-puzzle-share-${n}`;
  const title = h("h3", { class: "bb-puzzle-title", id: titleId });
  const theme = h("span", { class: "bb-puzzle-theme" });
  const left = h("span", { class: "bb-puzzle-left", "data-puzzle": "left" });
  const streak = h("span", { class: "bb-puzzle-streak", "data-puzzle": "streak" });
  const result = h("p", {
    class: "bb-puzzle-result",
    // aria-live without role="status": the game's status line stays the view's one status.
    "aria-live": "polite",
    "aria-atomic": "true",
    "data-puzzle": "result",
  });
  const note = h("p", { class: "bb-puzzle-note", "data-puzzle": "note" });
  const shareLabel = h("label", { for: shareId, class: "bb-puzzle-share-label" });
  const shareField = h("input", {
    id: shareId,
    type: "text",
    readonly: true,
    class: "bb-record-field bb-puzzle-share",
    "data-puzzle": "share",
    spellcheck: "false",
  });
  const texts = { copy: "Copy", copied: "Copied" };
  let resetTimer = null;
  const copy = button({ className: "bb-copy bb-puzzle-copy", "data-action": "copy-share" });
  copy.addEventListener("click", async () => {
    const copied = await copyField(shareField);
    clearTimeout(resetTimer);
    if (copied) {
      copy.dataset.copied = "true";
      setText(copy, texts.copied);
      resetTimer = setTimeout(() => {
        delete copy.dataset.copied;
        setText(copy, texts.copy);
      }, 1500);
    }
  });
  // A link, not a button: it opens X in a new tab (or the app), where the person posts it.
  const post = h("a", {
    class: "bb-button bb-puzzle-post",
    "data-action": "post-x",
    target: "_blank",
    rel: "noopener noreferrer",
  });
  const share = h("div", { class: "bb-puzzle-share-row", hidden: true }, [
    shareLabel,
    h("div", { class: "bb-record-line" }, [shareField, copy, post]),
  ]);
  const again = button({
    className: "bb-puzzle-again",
    "data-action": "puzzle-again",
    onClick: () => send({ kind: "restart", confirmed: true }),
  });
  const element = h(
    "section",
    { class: "bb-puzzle", "aria-labelledby": titleId, hidden: true, "data-result": "playing" },
    [
      h("div", { class: "bb-puzzle-head" }, [title, theme]),
      h("div", { class: "bb-puzzle-facts" }, [left, streak]),
      result,
      note,
      share,
      h("div", { class: "bb-puzzle-actions" }, [again]),
    ],
  );

  return {
    element,
    update(state) {
      const part = puzzleOf(state);
      element.hidden = !part;
      if (!part) return;
      const over = part.result === "solved" || part.result === "failed";
      setAttr(element, "data-result", String(part.result || "playing"));
      setAttr(element, "data-assisted", part.assisted ? "true" : null);
      setText(title, part.title || "Today's puzzle");
      setText(theme, part.theme || "");
      theme.hidden = !part.theme;
      setText(left, over ? "" : part.moves_left_text || "");
      left.hidden = over;
      setText(streak, part.streak_text || "");
      setText(result, part.result_text || "");
      setText(note, part.note || "");
      note.hidden = !part.note;
      texts.copy = label(state, "puzzle.copy", "Copy");
      texts.copied = label(state, "puzzle.copied", "Copied");
      if (!copy.dataset.copied) setText(copy, texts.copy);
      setText(shareLabel, label(state, "puzzle.share", "Share text"));
      const text = typeof part.share === "string" ? part.share : "";
      if (shareField.value !== text) shareField.value = text;
      setText(post, label(state, "puzzle.post_x", "Post on X"));
      setAttr(post, "href", text ? xPostUrl(text) : null);
      share.hidden = !text;
      setText(again, label(state, "puzzle.try_again", "Try again"));
      again.hidden = !over;
    },
    destroy() {
      clearTimeout(resetTimer);
    },
  };
}
