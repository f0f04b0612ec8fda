// Progressive enhancement only: every page works without this file.
// After htmx swaps new feedback in, move keyboard focus to its heading so that
// keyboard and screen-reader users land on the result (the region is also a live region).
document.addEventListener("htmx:afterSwap", (event) => {
  const target = event.detail.target;
  if (!target) return;
  // A quiz swaps its whole stage: after an answer, land on the feedback or the message;
  // when the class moves on (the poll), on the new question or the final score.
  if (target.id === "stage") {
    const landing =
      target.querySelector("#fb-title, .quiz-status .error") || target.querySelector("h2");
    if (landing) {
      if (!landing.hasAttribute("tabindex")) landing.setAttribute("tabindex", "-1");
      landing.focus();
    }
    return;
  }
  // A swap that brings a new drill question (and no verdict yet) lands on its heading.
  const question = target.id === "feedback" ? null : target.querySelector("#question-title");
  if (question && !target.querySelector(".feedback__verdict")) {
    question.focus();
    return;
  }
  // A kept hand stepped through: stay on the step link pressed while there is one (the
  // status region reads out the step), else land on the step's heading.
  const replay = target.querySelector("#replay-title");
  if (replay) {
    const rel = event.detail.requestConfig?.elt?.getAttribute("rel");
    const again = rel && target.querySelector(`.poker-replay__steps a[rel='${rel}']`);
    (again || replay).focus();
    return;
  }
  // Drills swap #feedback itself; the round and play drills swap a larger region
  // that holds it.
  const scope = target.id === "feedback" ? target : target.querySelector("#feedback");
  if (!scope) return;
  const heading = scope.querySelector("[tabindex='-1'], h2, h3, .error");
  if (heading) {
    if (!heading.hasAttribute("tabindex")) heading.setAttribute("tabindex", "-1");
    heading.focus();
  }
});

// A picture stepped through ([data-step-keys]: a replayed hand, a kept hand of play a
// hand): ← and → follow its previous and next links ([data-step]), unless the focus is in
// a form field. The links stay the way in without a keyboard or without this file.
document.addEventListener("keydown", (event) => {
  if (event.defaultPrevented || event.isComposing || event.ctrlKey || event.altKey || event.metaKey || event.shiftKey) return;
  const which = event.key === "ArrowLeft" ? "prev" : event.key === "ArrowRight" ? "next" : null;
  if (!which) return;
  const active = document.activeElement;
  if (active && (active.isContentEditable || active.closest("input, textarea, select"))) return;
  const link = document.querySelector(`[data-step-keys] a[data-step="${which}"]`);
  if (!link) return;
  event.preventDefault();
  link.click();
});
function showStepKeys() {
  for (const hint of document.querySelectorAll("[data-step-keys] [data-keys-hint]")) hint.hidden = false;
}
showStepKeys(); // site.js is deferred: the page is parsed
document.addEventListener("htmx:afterSettle", showStepKeys);

// A countdown is only a display: the server decides whether an answer is in time. Its
// digits are the page language's; at zero the answer form on the page stops taking input,
// and a second later the page asks the server for the stage ([data-time-up]: the student's
// stage, which says the time is up and, in homework, moves on to the next question).
// Without this file the next request the student makes does the same.
const digits = new Intl.NumberFormat(document.documentElement.lang || "en");
setInterval(() => {
  for (const el of document.querySelectorAll("[data-countdown]")) {
    const left = Math.max(0, parseInt(el.dataset.countdown, 10) - 1);
    el.dataset.countdown = String(left);
    el.textContent = digits.format(left);
    if (left === 0) {
      for (const button of document.querySelectorAll(".answer-form button[type=submit]")) {
        button.disabled = true;
      }
      const url = el.dataset.timeUp;
      if (url) {
        delete el.dataset.timeUp; // once
        setTimeout(() => {
          if (window.htmx) window.htmx.ajax("GET", url, { target: "#stage", swap: "innerHTML" });
          else window.location.reload();
        }, 1000);
      }
    }
  }
}, 1000);

// A table wider than its box scrolls sideways: make the box a tab stop so that keyboard
// users can scroll it too (only while it does scroll: no empty tab stops).
// A box is checked again whenever it or its table changes size (a font arriving late, a
// swap settling after the event), not only at the moments named below.
function reachable(box) {
  if (box.scrollWidth > box.clientWidth) box.tabIndex = 0;
  else box.removeAttribute("tabindex");
}
const resized = window.ResizeObserver
  ? new ResizeObserver((entries) => {
      for (const entry of entries) reachable(entry.target.closest(".table-scroll"));
    })
  : null;
function reachableScrolls() {
  for (const box of document.querySelectorAll(".table-scroll")) {
    reachable(box);
    if (resized) {
      resized.observe(box);
      if (box.firstElementChild) resized.observe(box.firstElementChild);
    }
  }
}
reachableScrolls();
window.addEventListener("resize", reachableScrolls);
document.addEventListener("htmx:afterSettle", reachableScrolls);

// The browser's time zone, for the server to offer first when a teacher sets homework
// times and to show a learner's review dates in (read from the cookie; without it the
// page language's usual zone is used). Set only where a page asks for it (a logged-in
// page, or one that shows dates: <meta name="tutor-browser-zone">), never for every
// visitor (the privacy page lists it).
try {
  const wanted = document.querySelector('meta[name="tutor-browser-zone"]');
  const zone = wanted && Intl.DateTimeFormat().resolvedOptions().timeZone;
  if (zone && !document.cookie.split("; ").includes("browser_zone=" + encodeURIComponent(zone))) {
    document.cookie =
      "browser_zone=" + encodeURIComponent(zone) + "; path=/; max-age=31536000; SameSite=Lax";
  }
} catch (error) {
  // No Intl time zone: the server's guess stands.
}

// The Print button of the answer key and the worksheet: hidden in the markup, since only a
// script can open the print dialog; without this file the browser's own Print does it.
for (const button of document.querySelectorAll("button[data-print]")) {
  button.hidden = false;
  button.addEventListener("click", () => window.print());
}

// Drill keys, only where a page says so ([data-drill-keys]: the drill pages, and lesson
// pages that show drill questions): 1-9 pick the n-th choice of the answer form's first
// group of radio buttons or checkboxes (a checkbox toggles), Enter on a choice sends the
// answer, N follows "Next question" once the feedback is shown. Keys typed into a text or
// number field, or pressed with Ctrl, Alt or Meta, are left alone; nothing is announced.
function drillScope() {
  return document.querySelector("[data-drill-keys]");
}

function firstChoices(form) {
  const first = form.querySelector("input[type=radio]:not(:disabled), input[type=checkbox]:not(:disabled)");
  if (!first) return [];
  return [...form.querySelectorAll(`input[type=${first.type}]:not(:disabled)`)].filter(
    (input) => input.name === first.name,
  );
}

function markShortcuts() {
  const scope = drillScope();
  if (!scope) return;
  for (const hint of document.querySelectorAll("[data-keys-hint]")) hint.hidden = false;
  const form = scope.querySelector("form.answer-form");
  if (form) {
    firstChoices(form).slice(0, 9).forEach((input, index) => {
      input.setAttribute("aria-keyshortcuts", String(index + 1));
    });
    const submit = form.querySelector("button[type=submit]");
    if (submit) submit.setAttribute("aria-keyshortcuts", "Enter");
  }
  for (const next of scope.querySelectorAll("a[data-next]")) {
    next.setAttribute("aria-keyshortcuts", "N");
  }
}

function isTyping(element) {
  if (!element) return false;
  if (element.isContentEditable || element.tagName === "TEXTAREA" || element.tagName === "SELECT") {
    return true;
  }
  return element.tagName === "INPUT" && !["radio", "checkbox", "button", "submit"].includes(element.type);
}

document.addEventListener("keydown", (event) => {
  const scope = drillScope();
  if (!scope || event.defaultPrevented || event.isComposing) return;
  if (event.ctrlKey || event.altKey || event.metaKey) return;
  const active = document.activeElement;
  const form = scope.querySelector("form.answer-form");
  if (event.key === "Enter") {
    // Enter on a radio button or checkbox of the answer form sends it, as in a text field.
    if (form && active && active.form === form && ["radio", "checkbox"].includes(active.type)) {
      event.preventDefault();
      form.requestSubmit();
    }
    return;
  }
  if (isTyping(active)) return;
  const digit = /^Digit[1-9]$|^Numpad[1-9]$/.test(event.code) ? event.code.slice(-1) : event.key;
  if (form && /^[1-9]$/.test(digit) && !event.shiftKey) {
    const choice = firstChoices(form)[Number(digit) - 1];
    if (!choice) return;
    event.preventDefault();
    if (choice.type === "checkbox" || !choice.checked) choice.click();
    choice.focus();
    return;
  }
  // N by its letter, or by its place on a keyboard that types no Latin letters.
  const latin = /^[a-z]$/i.test(event.key);
  if ((event.key.toLowerCase() === "n" || (!latin && event.code === "KeyN")) && !event.shiftKey) {
    const next = scope.querySelector("#feedback a[data-next], .next-link a[data-next]");
    if (!next) return;
    event.preventDefault();
    next.click();
  }
});

// A page opened from "Next question" (its address ends in #question-title) lands on the
// question's heading, not the top of the page.
if (drillScope() && location.hash === "#question-title") {
  const heading = document.getElementById("question-title");
  if (heading) heading.focus();
}
markShortcuts();
document.addEventListener("htmx:afterSettle", markShortcuts);

// Dates and times the server wrote in a zone it guessed (time[data-local]: the learner's
// next reviews), written again in the reader's own zone and the page language.
const localTime = new Intl.DateTimeFormat(document.documentElement.lang || "en", {
  dateStyle: "medium",
  timeStyle: "short",
});
for (const time of document.querySelectorAll("time[data-local]")) {
  const at = new Date(time.getAttribute("datetime"));
  if (!Number.isNaN(at.getTime())) time.textContent = localTime.format(at);
}
