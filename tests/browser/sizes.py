"""What the browser tests measure on screen, shared by the widget pages and the book's live
boards: every mark and text at least 12 px on a phone (issue #18, items 6 and 15)."""

from __future__ import annotations

#: Every visible text (an element's own text, or a ::before/::after content) smaller than 12 px
#: on screen: an SVG text's size is scaled by its drawing's scale.
SMALL_TEXTS = """(scope = '.bb-root') => {
  const out = [];
  const shown = (el) => {
    if (el.closest('[hidden], details:not([open]) > :not(summary)')) return false;
    const box = el.getBoundingClientRect();
    const style = getComputedStyle(el);
    return (box.width > 0 || box.height > 0) && style.visibility !== 'hidden';
  };
  const scale = (el) => {
    const m = el instanceof SVGElement ? el.getScreenCTM() : null;
    return m ? Math.hypot(m.a, m.b) : 1;
  };
  const name = (el) => el.tagName.toLowerCase() + '.' +
    String(el.className.baseVal ?? el.className).trim().split(/\\s+/).join('.');
  for (const el of document.querySelectorAll(`${scope} *`)) {
    if (!shown(el)) continue;
    const own = [...el.childNodes].some((n) => n.nodeType === 3 && n.textContent.trim());
    const px = parseFloat(getComputedStyle(el).fontSize) * scale(el);
    if (own && px < 11.95) out.push(`${name(el)} "${el.textContent.trim().slice(0, 24)}" ${px}px`);
    for (const pseudo of ['::before', '::after']) {
      const style = getComputedStyle(el, pseudo);
      const content = style.content;
      if (!content || ['none', 'normal', '""'].includes(content) || style.display === 'none') continue;
      if (parseFloat(style.fontSize) < 11.95) out.push(`${name(el)}${pseudo} ${content} ${style.fontSize}`);
    }
  }
  return out;
}"""

#: The smallest a mark may be on screen (the smaller side of its box), by its selector: a
#: Reversi legal-move dot, a Quads piece in the tray and the hole that tells hollow from solid,
#: a Tower Gate height badge and × (not buildable), a Beacon Lines landmark icon.
MARK_MINIMUMS = {
    ".bb-square.bb-target > .bb-dot": 12,
    ".bb-q-body": 16,
    ".bb-q-hole": 8,
    ".bb-tg-badge": 18,
    ".bb-tg-cross": 12,
    ".bb-region-icon": 12,
}

#: Each shown mark under ``scope`` smaller than its minimum (``MARK_MINIMUMS``), and how many
#: marks were measured.
SMALL_MARKS = """([scope, minimums]) => {
  const small = [];
  let measured = 0;
  for (const [selector, least] of Object.entries(minimums)) {
    for (const el of document.querySelectorAll(`${scope} ${selector}`)) {
      if (el.closest('[hidden]') || getComputedStyle(el).visibility === 'hidden') continue;
      const box = el.getBoundingClientRect();
      if (!box.width && !box.height) continue;
      measured += 1;
      const size = Math.min(box.width, box.height);
      if (size < least - 0.05) small.push(`${selector} ${size.toFixed(1)} px < ${least}`);
    }
  }
  return [measured, small];
}"""
