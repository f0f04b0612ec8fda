// A live quiz page hears the class move on over an event stream (htmx's SSE extension,
// tutor/quizzes/streams.py) instead of asking every two seconds. Progressive enhancement
// only: without this file, without EventSource, or while no stream is open (refused,
// dropped, reconnecting), the stage's own poll (`.poll`, every 2 s) goes on as before.
(() => {
  const events = document.getElementById("quiz-events");
  if (!events || !window.EventSource) return;
  // Stands for the CSRF token in a stage sent to a whole class (tutor.core.kept_pages.TOKEN).
  const TOKEN = "csrftokenstandinKEPTPAGE";
  const address = events.getAttribute("sse-connect");
  let open = false;

  const stage = () => document.getElementById("stage");
  const poll = () => stage()?.querySelector(".poll");
  // The session's version the page shows (the poll's ?v=), and its question's number.
  const version = () => {
    const found = /[?&]v=(\d+)/.exec(poll()?.getAttribute("hx-get") || "");
    return found ? parseInt(found[1], 10) : null;
  };
  const token = () => {
    try {
      return JSON.parse(document.body.getAttribute("hx-headers") || "{}")["X-CSRFToken"] || "";
    } catch {
      return "";
    }
  };

  // A reconnect after the stream closed starts from the version on screen.
  const follow = () => {
    const seen = version();
    if (seen === null) {
      // The quiz is over for this page (no poll left): hear nothing more.
      if (window.htmx && events.isConnected) window.htmx.remove(events);
      return;
    }
    events.setAttribute("sse-connect", `${address}?v=${seen}`);
  };
  follow();
  document.addEventListener("htmx:afterSettle", (event) => {
    if (event.detail.target === stage()) follow();
  });

  document.addEventListener("htmx:sseOpen", () => {
    open = true;
  });
  document.addEventListener("htmx:sseError", () => {
    open = false;
  });
  document.addEventListener("htmx:sseClose", () => {
    open = false;
  });
  // While the stream is open the poll asks only when the stream says so.
  document.addEventListener("htmx:confirm", (event) => {
    const asked = event.detail.triggeringEvent?.type;
    if (open && event.detail.elt.classList.contains("poll") && asked !== "quiz-changed") {
      event.preventDefault();
    }
  });

  // "stage": the new stage of every student of this language, put in as the poll's reply
  // would be, unless the page already shows that question (then it asks for its own).
  // "verdict": the revealed question's stage of this student's answer, put in.
  // "final": this student's end screen (the quiz is over), put in.
  // "changed": the new stage is this student's own; the poll asks for it.
  document.addEventListener("htmx:sseBeforeMessage", (event) => {
    event.preventDefault();
    const message = event.detail;
    const newer = parseInt(message.lastEventId, 10) > (version() ?? -1);
    const here = poll()?.dataset.question;
    const there = /class="poll"[^>]*data-question="(\d*)"/.exec(message.data)?.[1];
    const own = message.type === "verdict" || message.type === "final";
    const fits = own || (message.type === "stage" && here !== there);
    if (newer && fits) {
      window.htmx.swap(stage(), message.data.replaceAll(TOKEN, token()), {
        swapStyle: "innerHTML",
      });
    } else if (newer && poll()) {
      window.htmx.trigger(poll(), "quiz-changed");
    }
  });
})();
