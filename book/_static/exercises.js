/* The book's page script: exercises, the student edition and the reader's progress.

   Exercises (book/kit/lesson.py writes them): each .bb-exercise holds an SVG board whose
   squares (or regions, or tray pieces) carry data-square, and a JSON verdict for every one of
   them, computed by the engine when the book was built; so a click, or Enter on the focused
   square, is answered right or wrong, with the reason, without any kernel. A board is one Tab
   stop: a grid (role=grid, rows, gridcells) for square boards, a group of buttons for a map or
   a tray; the arrow keys move inside it (a roving tabindex, as the widgets' js/shared/roving.js).

   Student edition: `?student=1` on any page hides every Hint, every answer and every answer
   board, in this browser until `?student=0` (localStorage), so a teacher hands out one link.
   Printing then gives the worksheet (no answers); printing the full edition, the teacher's copy.

   Progress, kept in this browser (localStorage "boardbook.progress"): exercises solved (the
   right square before the answer was shown) and puzzles solved, shown in every
   `.bb-progress` element (data-scope="book" for all chapters, or a chapter's name) and on a
   line this script adds under the title of every chapter page. Any script on the page records
   a solved puzzle with

       window.boardbookProgress.record("puzzle", "tg-225")          // this page's chapter
       window.boardbookProgress.record("puzzle", "2026-12-02", "quads")

   (kinds "exercise" and "puzzle"; it returns true the first time). Also: .solved(kind,
   chapter) -> ids, .reset(chapter?) and the window event "boardbook:progress" on any change.

   Both editions (English at the site's root, Japanese in ja/) load this script and share the
   same record: a page and its twin have the same chapter and the same numbered exercises. The
   page's language (<html lang>) chooses the words below. */
(function () {
  "use strict";

  var STORE = "boardbook.progress";
  var STUDENT = "boardbook.student";
  var SVG_NS = "http://www.w3.org/2000/svg";
  var JA = document.documentElement.lang === "ja";
  /** The book's chapters, in its order: folder, name, whether it has daily puzzles. */
  var CHAPTERS = [
    ["reversi", JA ? "リバーシ" : "Reversi", false],
    ["beacon", "Beacon Lines", false],
    ["quads", "Quads", true],
    ["towergate", JA ? "タワーゲート" : "Tower Gate", true],
  ];
  var KINDS = ["exercise", "puzzle"];

  /** Every word this script shows, in the page's language. */
  var WORDS = JA
    ? {
        exercises: function (done, all) {
          return all === null ? "練習問題 " + done + "問正解" : "練習問題 " + all + "問中" + done + "問正解";
        },
        puzzles: function (n, chapter) {
          return (chapter === "towergate" ? "本日の課題 " : "デイリーパズル ") + n + "回クリア";
        },
        separator: "、",
        yours: "あなたの記録：",
        chapterName: function (name) {
          return name + "：";
        },
        kept: "この記録はこのブラウザの中だけに残ります。",
        reset: "リセット",
        all: "この本のすべての記録",
        chapter: function (name) {
          return "「" + name + "」の記録";
        },
        resetLabel: function (what) {
          return "リセット：" + what + "を消す";
        },
        confirm: function (what) {
          return what + "（解いた練習問題とパズル）を消しますか？";
        },
        progressOf: function (name) {
          return "「" + name + "」のあなたの記録";
        },
        student: "生徒用：どのページでもヒントと答えは出ません。",
        worksheet: function (name) {
          return name + "　ワークシート　　名前：＿＿＿＿＿＿＿＿　組：＿＿＿＿　日付：＿＿＿＿";
        },
        teacherCopy: function (name) {
          return name + "：先生用（ヒントと答えつき）。生徒用のワークシートは生徒用の版（?student=1）から印刷します。";
        },
        solved: "正解済み",
        right: "正解！ ",
        wrong: "ちがいます。 ",
        board: "盤",
        keys: "。矢印キーで動き、Enterで答えます。",
        pagesOf: function (name) {
          return "「" + name + "」のページ";
        },
        morePages: "ほかのページ",
      }
    : {
        exercises: function (done, all) {
          return all === null ? plural(done, "exercise") + " solved" : done + " of " + plural(all, "exercise") + " solved";
        },
        puzzles: function (n) {
          return plural(n, "puzzle") + " solved";
        },
        separator: ", ",
        yours: "Your progress: ",
        chapterName: function (name) {
          return name + ": ";
        },
        kept: "Kept in this browser only. ",
        reset: "Reset",
        all: "all your progress in this book",
        chapter: function (name) {
          return "your progress in " + name;
        },
        resetLabel: function (what) {
          return "Reset: forget " + what;
        },
        confirm: function (what) {
          return "Forget " + what + " (exercises and puzzles solved)?";
        },
        progressOf: function (name) {
          return "Your progress in " + name;
        },
        student: "Student edition: hints and answers are hidden on every page.",
        worksheet: function (name) {
          return name + " worksheet.   Name: ____________________   Class: ________   Date: __________";
        },
        teacherCopy: function (name) {
          return (
            name +
            ": teacher's copy, with every hint and answer. (The worksheet for students " +
            "prints from the student edition, with ?student=1.)"
          );
        },
        solved: "Solved",
        right: "Right! ",
        wrong: "Not this one. ",
        board: "Board",
        keys: ". Arrow keys move, Enter answers.",
        pagesOf: function (name) {
          return "The pages of " + name;
        },
        morePages: "More pages",
      };

  // ------------------------------------------------------------------ storage, never fatal
  function readStorage(key) {
    try {
      return window.localStorage.getItem(key);
    } catch (error) {
      return null; // storage blocked (private mode, file://): the page still works
    }
  }
  function writeStorage(key, value) {
    try {
      if (value === null) window.localStorage.removeItem(key);
      else window.localStorage.setItem(key, value);
    } catch (error) {
      /* nothing kept; nothing lost on the page */
    }
  }

  // ------------------------------------------------------------------ the student edition
  function studentEdition() {
    var asked = new URLSearchParams(window.location.search).get("student");
    if (asked === "1" || asked === "0") writeStorage(STUDENT, asked === "1" ? "1" : null);
    if (asked !== null && asked !== "1" && asked !== "0") {
      console.warn("boardbook: ?student= takes 1 (student edition) or 0 (full edition)");
    }
    return asked === "1" || (asked !== "0" && readStorage(STUDENT) === "1");
  }
  var student = studentEdition();
  // Set before the body is drawn (this script loads in <head>): no answer flashes into view.
  if (student) document.documentElement.classList.add("bb-student");

  // ------------------------------------------------------------------ where this page is
  function siteRoot() {
    var root = document.documentElement.getAttribute("data-content_root") || "./";
    return new URL(root, window.location.href);
  }
  /** The English book's root (the site's root): what both editions share, such as how many
   * exercises a chapter has (book/_ext/editions.py writes the meta tag). */
  function bookRoot() {
    var meta = document.querySelector('meta[name="boardbook:book-root"]');
    return meta ? new URL(meta.getAttribute("content"), window.location.href) : siteRoot();
  }
  function pageChapter() {
    var root = siteRoot().pathname;
    var path = window.location.pathname;
    if (path.indexOf(root) !== 0) return null;
    var first = path.slice(root.length).split("/")[0];
    return chapterInfo(first) ? first : null;
  }
  function chapterInfo(name) {
    for (var i = 0; i < CHAPTERS.length; i++) if (CHAPTERS[i][0] === name) return CHAPTERS[i];
    return null;
  }

  // ------------------------------------------------------------------ progress
  function load() {
    var data = null;
    try {
      data = JSON.parse(readStorage(STORE) || "null");
    } catch (error) {
      data = null; // a damaged record starts afresh rather than breaking the page
    }
    if (!data || typeof data !== "object") data = {};
    KINDS.concat(["totals"]).forEach(function (kind) {
      if (!data[kind] || typeof data[kind] !== "object") data[kind] = {};
    });
    return data;
  }
  function save(data) {
    writeStorage(STORE, JSON.stringify(data));
    window.dispatchEvent(new CustomEvent("boardbook:progress"));
  }
  function checkKind(kind) {
    if (KINDS.indexOf(kind) < 0) {
      throw new Error('boardbookProgress: kind must be "exercise" or "puzzle", not ' + kind);
    }
  }
  function checkChapter(chapter) {
    if (!chapterInfo(chapter)) {
      throw new Error(
        "boardbookProgress: no chapter " + chapter + " (reversi, beacon, quads or towergate)"
      );
    }
    return chapter;
  }

  var progress = {
    record: function (kind, id, chapter) {
      checkKind(kind);
      chapter = checkChapter(chapter || pageChapter());
      var key = chapter + "/" + String(id);
      var data = load();
      if (data[kind][key]) return false;
      data[kind][key] = Date.now();
      save(data);
      return true;
    },
    has: function (kind, id, chapter) {
      checkKind(kind);
      chapter = checkChapter(chapter || pageChapter());
      return Boolean(load()[kind][chapter + "/" + String(id)]);
    },
    solved: function (kind, chapter) {
      checkKind(kind);
      var prefix = chapter ? checkChapter(chapter) + "/" : "";
      return Object.keys(load()[kind])
        .filter(function (key) {
          return key.indexOf(prefix) === 0;
        })
        .map(function (key) {
          return chapter ? key.slice(prefix.length) : key;
        });
    },
    reset: function (chapter) {
      var data = load();
      KINDS.forEach(function (kind) {
        Object.keys(data[kind]).forEach(function (key) {
          if (!chapter || key.indexOf(chapter + "/") === 0) delete data[kind][key];
        });
      });
      save(data);
    },
    chapter: pageChapter,
  };
  window.boardbookProgress = progress;

  /** How many exercises a chapter has: known from its exercises page (read once a session). */
  function total(chapter) {
    var known = load().totals[chapter];
    return typeof known === "number" ? known : null;
  }
  function setTotal(chapter, count) {
    var data = load();
    if (data.totals[chapter] === count) return;
    data.totals[chapter] = count;
    save(data);
  }
  var asked = {};
  function learnTotal(chapter) {
    var flag = "boardbook.totals." + chapter;
    if (asked[chapter]) return;
    asked[chapter] = true;
    try {
      if (window.sessionStorage.getItem(flag) && total(chapter) !== null) return;
    } catch (error) {
      /* no session storage: ask anyway */
    }
    if (!window.fetch) return;
    window
      .fetch(new URL(chapter + "/exercises.html", bookRoot()))
      .then(function (response) {
        return response.ok ? response.text() : null;
      })
      .then(function (text) {
        if (text === null) return;
        var count = (text.match(/<div class="bb-exercise"/g) || []).length;
        try {
          window.sessionStorage.setItem(flag, "1");
        } catch (error) {
          /* fine */
        }
        setTotal(chapter, count);
      })
      .catch(function () {
        /* offline from file://: the line shows counts without a total */
      });
  }

  function plural(n, word) {
    return n + " " + word + (n === 1 ? "" : "s");
  }
  function chapterLine(chapter) {
    var info = chapterInfo(chapter);
    var text = WORDS.exercises(progress.solved("exercise", chapter).length, total(chapter));
    if (info[2]) text += WORDS.separator + WORDS.puzzles(progress.solved("puzzle", chapter).length, chapter);
    return text;
  }

  /** The page's title on screen (the theme repeats it in a block shown only in print). */
  function pageTitle() {
    var titles = document.querySelectorAll("article.bd-article h1, main h1");
    for (var i = 0; i < titles.length; i++) {
      if (!titles[i].closest(".onlyprint")) return titles[i];
    }
    return null;
  }

  function el(tag, attrs, text) {
    var node = document.createElement(tag);
    Object.keys(attrs || {}).forEach(function (name) {
      node.setAttribute(name, attrs[name]);
    });
    if (text) node.textContent = text;
    return node;
  }

  function renderProgress(box) {
    var scope = box.getAttribute("data-scope") || "book";
    var chapters = scope === "book" ? CHAPTERS.map(function (c) { return c[0]; }) : [scope];
    if (scope !== "book" && !chapterInfo(scope)) return;
    chapters.forEach(function (chapter) {
      if (total(chapter) === null) learnTotal(chapter);
    });
    box.textContent = "";
    box.classList.add("bb-progress-ready");
    var list = el("ul", { class: "bb-progress-list" });
    var any = false;
    chapters.forEach(function (chapter) {
      var item = el("li", { "data-chapter": chapter });
      if (scope === "book") {
        item.appendChild(el("strong", {}, WORDS.chapterName(chapterInfo(chapter)[1])));
      } else {
        item.appendChild(el("strong", {}, WORDS.yours));
      }
      var here = window.location.pathname.slice(-("/" + chapter + "/exercises.html").length);
      var line = chapterLine(chapter);
      if (here === "/" + chapter + "/exercises.html") {
        item.appendChild(document.createTextNode(line));
      } else {
        var link = el("a", { href: new URL(chapter + "/exercises.html", siteRoot()).href }, line);
        item.appendChild(link);
      }
      list.appendChild(item);
      any = any || progress.solved("exercise", chapter).length + progress.solved("puzzle", chapter).length > 0;
    });
    box.appendChild(list);
    var note = el("span", { class: "bb-progress-note" }, WORDS.kept);
    box.appendChild(note);
    var reset = el("button", { type: "button", class: "bb-progress-reset" }, WORDS.reset);
    var what = scope === "book" ? WORDS.all : WORDS.chapter(chapterInfo(scope)[1]);
    reset.setAttribute("aria-label", WORDS.resetLabel(what));
    reset.disabled = !any;
    reset.addEventListener("click", function () {
      if (!window.confirm(WORDS.confirm(what))) return;
      progress.reset(scope === "book" ? undefined : scope);
    });
    box.appendChild(reset);
  }

  function renderAllProgress() {
    document.querySelectorAll(".bb-progress").forEach(renderProgress);
    document.querySelectorAll(".bb-exercise[data-exercise]").forEach(markSolved);
  }

  /** The chapter line under the title of every page of a chapter. */
  function addChapterLine() {
    var chapter = pageChapter();
    if (!chapter || document.querySelector('.bb-progress[data-scope="' + chapter + '"]')) return;
    var title = pageTitle();
    if (!title) return;
    var box = el("div", {
      class: "bb-progress bb-progress-chapter",
      "data-scope": chapter,
      role: "note",
      "aria-label": WORDS.progressOf(chapterInfo(chapter)[1]),
    });
    title.insertAdjacentElement("afterend", box);
  }

  function addStudentNote() {
    if (!student) return;
    var title = pageTitle();
    if (!title) return;
    var note = el("p", { class: "bb-student-note", role: "note" }, WORDS.student);
    title.insertAdjacentElement("afterend", note);
  }

  /** On paper, an exercises page is a worksheet (student edition) or the teacher's copy. */
  function addPrintHeader() {
    var chapter = pageChapter();
    var title = pageTitle();
    if (!chapter || !title || !document.querySelector(".bb-exercise")) return;
    var name = chapterInfo(chapter)[1];
    var header = el("div", { class: "bb-print-header", "aria-hidden": "true" });
    header.textContent = student ? WORDS.worksheet(name) : WORDS.teacherCopy(name);
    var top = document.querySelector("article.bd-article .onlyprint") || title;
    top.insertAdjacentElement("beforebegin", header);
  }

  /** Answers the book writes as a folded "Solution" admonition are answers too. */
  function tagSolutions() {
    document.querySelectorAll(".admonition, details").forEach(function (box) {
      var title = box.querySelector(".admonition-title, summary");
      if (title && /^\s*((solution|answer)\b|答え|解答)/i.test(title.textContent)) {
        box.classList.add("bb-solution");
      }
    });
  }

  // ------------------------------------------------------------------ exercises
  function exerciseId(box) {
    return box.getAttribute("data-exercise");
  }
  function markSolved(box) {
    var chapter = pageChapter();
    if (!chapter) return;
    var solved = progress.has("exercise", exerciseId(box), chapter);
    box.classList.toggle("bb-ex-solved", solved);
    var badge = box.querySelector(".bb-ex-solved-badge");
    if (solved && !badge) {
      badge = el("span", { class: "bb-ex-solved-badge" }, WORDS.solved);
      box.querySelector(".bb-ex-question").appendChild(badge);
    } else if (!solved && badge) {
      badge.remove();
    }
  }

  /** The name a square is read by: its SVG <title>, its aria-label, else its name. */
  function squareLabel(node, square) {
    var title = node.querySelector(":scope > title");
    var text = title ? title.textContent : node.getAttribute("aria-label");
    if (!text) return square;
    return text.indexOf(square) === 0 ? text : square + ": " + text;
  }

  /** Squares named like a1 or C3 lie in rows: a grid. Rows are read top to bottom. */
  function asGrid(svg, items, names) {
    var rows = {};
    items.forEach(function (node, i) {
      var row = names[i].replace(/^[a-z]+/i, "");
      (rows[row] = rows[row] || []).push(node);
    });
    var centre = function (node) {
      var box = node.getBoundingClientRect();
      return [box.left + box.width / 2, box.top + box.height / 2];
    };
    var ordered = Object.keys(rows)
      .map(function (key) {
        var cells = rows[key].slice().sort(function (a, b) {
          return centre(a)[0] - centre(b)[0];
        });
        return { cells: cells, y: centre(cells[0])[1] };
      })
      .sort(function (a, b) {
        return a.y - b.y;
      });
    // The rows go where the first square was, in reading order; squares are drawn first on
    // every board, so moving them together keeps what lies on top of them on top.
    var first = items[0];
    var place = document.createComment("rows");
    first.parentNode.insertBefore(place, first);
    ordered.forEach(function (row) {
      var group = document.createElementNS(SVG_NS, "g");
      group.setAttribute("role", "row");
      place.parentNode.insertBefore(group, place);
      row.cells.forEach(function (cell) {
        group.appendChild(cell);
      });
    });
    place.remove();
    svg.setAttribute("role", "grid");
    return ordered.reduce(function (all, row) {
      return all.concat(row.cells);
    }, []);
  }

  /** The item an arrow key moves to: the nearest one that way (rows, columns, or a map). */
  function nextItem(items, index, key) {
    if (key === "Home") return 0;
    if (key === "End") return items.length - 1;
    var way = { ArrowRight: [1, 0], ArrowLeft: [-1, 0], ArrowDown: [0, 1], ArrowUp: [0, -1] }[key];
    if (!way) return null;
    var from = items[index].getBoundingClientRect();
    var fx = from.left + from.width / 2;
    var fy = from.top + from.height / 2;
    var best = null;
    var bestScore = Infinity;
    items.forEach(function (node, i) {
      if (i === index) return;
      var box = node.getBoundingClientRect();
      var dx = box.left + box.width / 2 - fx;
      var dy = box.top + box.height / 2 - fy;
      var along = dx * way[0] + dy * way[1];
      var across = Math.abs(dx * way[1] - dy * way[0]);
      if (along <= 1 || across > along * 1.5) return;
      var score = along + 2 * across;
      if (score < bestScore) {
        bestScore = score;
        best = i;
      }
    });
    return best === null ? index : best;
  }

  /** A frame drawn over the board, last, so no neighbouring square covers it. */
  function frame(svg, name) {
    var rect = document.createElementNS(SVG_NS, "rect");
    rect.setAttribute("class", "bb-ex-frame " + name);
    rect.setAttribute("aria-hidden", "true");
    rect.setAttribute("rx", "4");
    rect.style.display = "none";
    svg.appendChild(rect);
    return rect;
  }
  /** Put ``rect`` around ``node`` (``inset`` user units inside its box); null hides it. */
  function frameAround(svg, rect, node, inset) {
    if (!node) {
      rect.style.display = "none";
      return;
    }
    var box = node.getBoundingClientRect();
    var back = svg.getScreenCTM().inverse();
    var a = new DOMPoint(box.left, box.top).matrixTransform(back);
    var b = new DOMPoint(box.right, box.bottom).matrixTransform(back);
    rect.setAttribute("x", a.x + inset);
    rect.setAttribute("y", a.y + inset);
    rect.setAttribute("width", Math.max(b.x - a.x - 2 * inset, 1));
    rect.setAttribute("height", Math.max(b.y - a.y - 2 * inset, 1));
    rect.style.display = "";
  }

  function setUp(box) {
    var dataNode = box.querySelector("script.bb-ex-data");
    if (!dataNode) return;
    var verdicts = JSON.parse(dataNode.textContent);
    var feedback = box.querySelector(".bb-ex-feedback");
    var hint = box.querySelector(".bb-ex-hint");
    var answer = box.querySelector(".bb-ex-answer");
    var svg = box.querySelector(".bb-ex-board svg");
    var chapter = pageChapter();
    var answerShown = false;
    var chosen = null;
    if (!svg) return;

    var items = [];
    var names = [];
    svg.querySelectorAll("[data-square]").forEach(function (node) {
      var square = node.getAttribute("data-square");
      if (square in verdicts) {
        items.push(node);
        names.push(square);
      }
    });
    var grid = names.every(function (name) {
      return /^[a-z]+\d+$/i.test(name);
    });
    if (grid) {
      items = asGrid(svg, items, names);
    } else {
      svg.setAttribute("role", "group");
    }
    items.forEach(function (node, i) {
      var square = node.getAttribute("data-square");
      node.setAttribute("role", grid ? "gridcell" : "button");
      // A square with an SVG <title> is named by it; an aria-label would hide its own words.
      if (!node.querySelector(":scope > title")) node.setAttribute("aria-label", squareLabel(node, square));
      node.setAttribute("tabindex", i === 0 ? "0" : "-1");
      node.classList.add("bb-ex-square");
    });
    if (grid) {
      // A grid holds rows only: pictures drawn over the squares (pieces with their own words)
      // are hidden; their words are in the squares' names and the board's label already.
      svg.querySelectorAll("[role]").forEach(function (node) {
        if (!/^(grid|row|gridcell)$/.test(node.getAttribute("role")) && !node.closest("[role=gridcell]")) {
          node.setAttribute("aria-hidden", "true");
        }
      });
    }
    var focusFrame = frame(svg, "bb-ex-focus");
    var answerFrame = frame(svg, "bb-ex-chosen");
    svg.addEventListener("focusin", function (event) {
      var node = event.target.closest(".bb-ex-square");
      var index = items.indexOf(node);
      // However it got focus, the focused square is the board's one Tab stop.
      if (index >= 0) {
        items.forEach(function (item, k) {
          item.setAttribute("tabindex", k === index ? "0" : "-1");
        });
      }
      frameAround(svg, focusFrame, node, -1);
    });
    svg.addEventListener("focusout", function () {
      frameAround(svg, focusFrame, null);
    });
    // The board itself is no Tab stop (Chromium would make a labelled grid one); its squares are.
    svg.setAttribute("tabindex", "-1");
    var label = svg.getAttribute("aria-label") || WORDS.board;
    svg.setAttribute("aria-label", label + WORDS.keys);

    function answerWith(node) {
      var square = node.getAttribute("data-square");
      var verdict = verdicts[square];
      if (!verdict) return;
      if (chosen) chosen.classList.remove("bb-ex-right", "bb-ex-wrong");
      chosen = node;
      node.classList.add(verdict.right ? "bb-ex-right" : "bb-ex-wrong");
      answerFrame.setAttribute("class", "bb-ex-frame bb-ex-chosen " + (verdict.right ? "is-right" : "is-wrong"));
      frameAround(svg, answerFrame, node, 4);
      feedback.className = "bb-ex-feedback " + (verdict.right ? "is-right" : "is-wrong");
      feedback.textContent = (verdict.right ? WORDS.right : WORDS.wrong) + verdict.reason;
      if (verdict.right && !answerShown && chapter) {
        progress.record("exercise", exerciseId(box), chapter);
      }
    }

    function focusItem(i) {
      items.forEach(function (node, k) {
        node.setAttribute("tabindex", k === i ? "0" : "-1");
      });
      items[i].focus();
    }

    svg.addEventListener("click", function (event) {
      var node = event.target.closest && event.target.closest(".bb-ex-square");
      if (!node || !svg.contains(node)) return;
      focusItem(items.indexOf(node));
      answerWith(node);
    });
    svg.addEventListener("keydown", function (event) {
      var node = event.target.closest && event.target.closest(".bb-ex-square");
      if (!node) return;
      if (event.key === "Enter" || event.key === " ") {
        event.preventDefault();
        if (!event.repeat) answerWith(node);
        return;
      }
      var next = nextItem(items, items.indexOf(node), event.key);
      if (next === null) return;
      event.preventDefault();
      focusItem(next);
    });

    box.querySelector(".bb-ex-hint-button").addEventListener("click", function () {
      hint.hidden = false;
      this.setAttribute("aria-expanded", "true");
    });
    box.querySelector(".bb-ex-answer-button").addEventListener("click", function () {
      answer.hidden = false;
      answerShown = true;
      this.setAttribute("aria-expanded", "true");
    });
    markSolved(box);
    box.classList.add("bb-ex-ready");
  }

  // ------------------------------------------------------------------ the theme's buttons
  /** pydata-sphinx-theme names two buttons apart from the words they show (WCAG 2.5.3), and
   * its sidebar folds a chapter's pages under a <summary> that shows only an arrow. */
  function fixThemeButtons() {
    document.querySelectorAll(".bd-sidebar details > summary").forEach(function (summary) {
      var link = summary.parentElement.parentElement.querySelector(":scope > a");
      var name = link ? link.textContent.trim() : "";
      summary.setAttribute("aria-label", name ? WORDS.pagesOf(name) : WORDS.morePages);
    });
    document.querySelectorAll(".search-button-field[aria-label]").forEach(function (button) {
      button.removeAttribute("aria-label"); // its words: "Search Ctrl+K"
    });
    document.querySelectorAll(".theme-switch-button .theme-switch").forEach(function (icon) {
      icon.removeAttribute("title"); // the icons are pictures; the button is "Color mode"
      icon.setAttribute("aria-hidden", "true");
    });
  }

  function start() {
    fixThemeButtons();
    tagSolutions();
    addStudentNote();
    addChapterLine();
    addPrintHeader();
    var chapter = pageChapter();
    var boxes = document.querySelectorAll(".bb-exercise");
    boxes.forEach(setUp);
    // (Not from a Japanese page not translated yet: it has no exercises of its own.)
    if (chapter && boxes.length && /\/exercises\.html$/.test(window.location.pathname)) {
      setTotal(chapter, boxes.length);
    }
    renderAllProgress();
    window.addEventListener("boardbook:progress", renderAllProgress);
    window.addEventListener("storage", function (event) {
      if (event.key === STORE) renderAllProgress();
    });
  }

  if (document.readyState === "loading") {
    document.addEventListener("DOMContentLoaded", start);
  } else {
    start();
  }
})();
