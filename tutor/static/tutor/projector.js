// The projector screen's keys, for a teacher with one screen (progressive enhancement:
// its button works as a plain form without this file). Space or → presses the next
// control (start, reveal, next, finish) through the screen's own form, which htmx sends
// with its CSRF token and which swaps in the next scene without leaving full screen;
// F turns full screen on and off. Keys typed into a field, or pressed with Ctrl, Alt or
// Meta, are left alone, and a key held down presses once.
// The keys' hints show only where the keys work: with this file, and full screen only
// where the browser offers it. A new scene (htmx) brings its hints hidden again.
function showKeys() {
  for (const hint of document.querySelectorAll("[data-keys-hint]")) hint.hidden = false;
  for (const button of document.querySelectorAll("[data-fullscreen]")) {
    if (document.fullscreenEnabled) button.hidden = false;
  }
}
showKeys();
document.addEventListener("htmx:afterSettle", showKeys);

function toggleFullscreen() {
  if (document.fullscreenElement) document.exitFullscreen();
  else if (document.fullscreenEnabled) document.documentElement.requestFullscreen().catch(() => {});
}

document.addEventListener("click", (event) => {
  if (event.target instanceof Element && event.target.closest("[data-fullscreen]")) toggleFullscreen();
});

function isTyping(element) {
  if (!element) return false;
  if (element.isContentEditable || ["TEXTAREA", "SELECT"].includes(element.tagName)) return true;
  return element.tagName === "INPUT" && !["radio", "checkbox", "button", "submit"].includes(element.type);
}

document.addEventListener("keydown", (event) => {
  if (event.defaultPrevented || event.isComposing || event.repeat) return;
  if (event.ctrlKey || event.altKey || event.metaKey) return;
  const active = document.activeElement;
  if (isTyping(active)) return;
  if (event.key === " " || event.key === "ArrowRight") {
    // Space on a focused button or link presses that one, as it always does.
    if (event.key === " " && active && active.closest("button, a, summary")) return;
    const form = document.querySelector("form[data-projector-next]");
    if (!form) return;
    event.preventDefault();
    form.requestSubmit();
    return;
  }
  // F by its letter, or by its place on a keyboard that types no Latin letters.
  const latin = /^[a-z]$/i.test(event.key);
  if ((event.key.toLowerCase() === "f" || (!latin && event.code === "KeyF")) && !event.shiftKey) {
    event.preventDefault();
    toggleFullscreen();
  }
});

// A long question (a drawn table, many fields, a tournament's hands) is fitted above the
// keys. At each size from the server's down to FLOOR, it tries the question's words in
// more columns (each at least COLUMN em wide), then, at the reveal, with the answer's side
// narrowed to a third of the screen; only then the next size smaller. The first layout that fits wins,
// so the type stays as large as it can. Past the floor the question scrolls in its box,
// as it does without this file. Only the question's zoom and columns and the reveal's
// split change: the keys, the focus and the page are left alone.
const FLOOR = 0.5;
const COLUMN = 11;

// How far a layout overflows: what lies below the box's bottom, and a table cut at its
// column's side counts as never fitting.
function overflow(box) {
  const cut = [...box.querySelectorAll(".table-scroll")].some((t) => t.scrollWidth > t.clientWidth + 1);
  return cut ? Infinity : box.scrollHeight - box.clientHeight;
}

// As many columns as the question's words have room for, up to four.
function columnsAt(box, zoom) {
  const ask = box.querySelector(".quiz-question__ask") || box;
  const em = parseFloat(getComputedStyle(box).fontSize) * zoom;
  return Math.max(1, Math.min(4, Math.floor(ask.getBoundingClientRect().width / (COLUMN * em))));
}

// Each layout the reveal may take at one size, in the order tried.
function* layouts(box, zoom) {
  const reveal = box.matches(".projector-question--reveal");
  for (const wide of reveal ? [false, true] : [false]) {
    for (let columns = 1; columns <= columnsAt(box, zoom); columns += 1) {
      yield {zoom, columns, wide};
    }
  }
}

function layOut(box, question, {zoom, columns, wide}) {
  box.closest(".projector-stage").classList.toggle("projector-stage--wide-question", wide);
  question.style.zoom = zoom === 1 ? "" : String(zoom);
  box.classList.toggle("projector-question--columns", columns > 1);
  box.style.setProperty("--projector-columns", String(columns));
}

function fitQuestion() {
  const box = document.querySelector(".projector-question");
  const question = box && box.querySelector(".quiz-question");
  if (!question) return;
  let best = null;
  for (let percent = 100; percent >= FLOOR * 100; percent -= 5) {
    for (const layout of layouts(box, percent / 100)) {
      layOut(box, question, layout);
      const over = overflow(box);
      if (over <= 1) {
        box.removeAttribute("tabindex");
        return;
      }
      if (percent / 100 === FLOOR && (!best || over <= best.over)) best = {...layout, over};
    }
  }
  // Still too long at the floor: its shortest layout there, scrolling, so keyboard users
  // can reach all of it too.
  if (best) layOut(box, question, best);
  box.tabIndex = 0;
}
fitQuestion();
window.addEventListener("resize", fitQuestion);
document.addEventListener("htmx:afterSettle", fitQuestion);
