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

// A long question (a drawn table, many fields) is zoomed out, all of it together, until
// it fits above the keys, down to half its size (past that it scrolls in its box); the
// server's size is the largest.
// At the reveal, a question still too long at half size (a hand's history, a ticket of
// bets and the hands) flows into two columns before it is zoomed out again.
function zoomToFit(box, question) {
  let zoom = 1;
  question.style.zoom = "";
  while (box.scrollHeight > box.clientHeight + 1 && zoom > 0.5) {
    zoom -= 0.05;
    question.style.zoom = String(zoom);
  }
}

function fitQuestion() {
  const box = document.querySelector(".projector-question");
  const question = box && box.querySelector(".quiz-question");
  if (!question) return;
  box.classList.remove("projector-question--columns");
  zoomToFit(box, question);
  if (box.scrollHeight > box.clientHeight + 1 && box.matches(".projector-question--reveal")) {
    box.classList.add("projector-question--columns");
    zoomToFit(box, question);
  }
  // Still too long: it scrolls, so keyboard users can reach it too.
  if (box.scrollHeight > box.clientHeight + 1) box.tabIndex = 0;
  else box.removeAttribute("tabindex");
}
fitQuestion();
window.addEventListener("resize", fitQuestion);
document.addEventListener("htmx:afterSettle", fitQuestion);
