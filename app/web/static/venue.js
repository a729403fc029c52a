/* The venue pages: follow the change mark, find yourself, rotate the projector, enter results.
   No external assets; plain JavaScript that phones of the last years run. */
(function () {
  "use strict";
  var live = document.getElementById("live");
  if (!live) { return; }
  var POLL_MS = 1000;

  function updated() { document.dispatchEvent(new Event("venue:updated")); }

  /* ----- follow the change mark: reload the live part when any station changed the event */
  function poll() {
    fetch("/api/changes", { cache: "no-cache" }).then(function (r) { return r.json(); })
      .then(function (j) {
        if (j.mark === document.body.dataset.mark) { return null; }
        return fetch(location.href, { cache: "no-store", headers: { "X-Fragment": "1" } })
          .then(function (p) {
            if (!p.ok) { return; }
            return p.text().then(function (html) {
              live.innerHTML = html;
              document.body.dataset.mark = j.mark;
              updated();
            });
          });
      })
      .catch(function () { /* the server is away for a moment: try again */ })
      .then(function () { setTimeout(poll, POLL_MS); });
  }
  setTimeout(poll, POLL_MS);

  /* ----- find yourself: filter the rows by name or number as one types */
  function applyFilter() {
    var input = document.getElementById("find");
    if (!input) { return; }
    var q = input.value.trim().toLowerCase();
    var rows = live.querySelectorAll("[data-find]");
    for (var i = 0; i < rows.length; i++) {
      var row = rows[i];
      var show = !q;
      if (q && /^\d+$/.test(q)) {
        show = (" " + row.dataset.numbers + " ").indexOf(" " + q + " ") >= 0;
      } else if (q) {
        show = row.dataset.find.toLowerCase().indexOf(q) >= 0;
      }
      row.hidden = !show;
    }
  }
  document.addEventListener("input", function (e) { if (e.target.id === "find") { applyFilter(); } });
  document.addEventListener("venue:updated", applyFilter);
  applyFilter();

  /* ----- the projector: one slide at a time, at the chosen pace */
  var shown = 0;
  function showSlide(index) {
    var slides = live.querySelectorAll(".slide");
    if (!slides.length) { return; }
    shown = index % slides.length;
    for (var i = 0; i < slides.length; i++) { slides[i].hidden = i !== shown; }
    document.body.dataset.slide = String(shown);
    fitTrees(slides[shown]);
  }
  /* a bracket slide: its trees (sized in em) in type as large as lets them fit the screen */
  function fitTrees(slide) {
    var trees = slide.querySelector(".ktrees");
    if (!trees) { return; }
    trees.style.fontSize = "";
    var box = trees.getBoundingClientRect();
    var room = Math.min((window.innerHeight - box.top) * 0.97 / box.height,
                        (window.innerWidth - box.left) * 0.97 / box.width, 1);
    trees.style.fontSize = (parseFloat(getComputedStyle(trees).fontSize) * room) + "px";
  }
  var deck = document.getElementById("slides");
  /* the row size comes as data (the page allows no inline style): set it on the body */
  function rowFont() {
    var d = document.getElementById("slides");
    if (d && d.dataset.rowFont) { document.body.style.setProperty("--row-font", d.dataset.rowFont); }
  }
  if (deck) {
    rowFont();
    showSlide(0);
    document.addEventListener("venue:updated", rowFont);
    window.addEventListener("resize", function () { showSlide(shown); });  /* full screen */
    var pace = Math.max(1, parseInt(deck.dataset.pace, 10) || 10) * 1000;
    setInterval(function () { showSlide(shown + 1); }, pace);
    document.addEventListener("venue:updated", function () { showSlide(shown); });
    document.addEventListener("keydown", function (e) {
      if (e.key === "f" || e.key === "F") {
        if (document.fullscreenElement) { document.exitFullscreen(); }
        else if (document.documentElement.requestFullscreen) { document.documentElement.requestFullscreen(); }
      } else if (e.key === "ArrowRight" || e.key === " ") { showSlide(shown + 1); }
    });
    document.addEventListener("dblclick", function () {
      if (document.documentElement.requestFullscreen) { document.documentElement.requestFullscreen(); }
    });
  }

  /* ----- result entry: sign in with the arbiter code, then one tap per board */
  var tools = document.getElementById("entry-tools");
  if (!tools) { return; }
  var group = tools.dataset.group;
  var status = document.getElementById("status");
  function code() { return sessionStorage.getItem("arbiterCode") || ""; }
  function station() { return sessionStorage.getItem("arbiterStation") || ""; }
  function say(text, bad) { status.textContent = text; status.className = bad ? "status bad" : "status"; }
  function showSignedIn(ok) {
    var state = document.getElementById("signin-state");
    state.textContent = ok ? state.dataset.ok : (code() ? state.dataset.wrong : "");
    document.getElementById("signout").hidden = !ok;
    document.body.classList.toggle("signed-in", !!ok);
  }
  function signin() {
    return fetch("/api/signin", { method: "POST", headers: { "X-Arbiter-Code": encodeURIComponent(code()) } })
      .then(function (r) { showSignedIn(r.ok); return r.ok; });
  }
  document.getElementById("signin").addEventListener("submit", function (e) {
    e.preventDefault();
    sessionStorage.setItem("arbiterCode", document.getElementById("code").value.trim());
    sessionStorage.setItem("arbiterStation", document.getElementById("station").value);
    signin();
  });
  document.getElementById("signout").addEventListener("click", function () {
    sessionStorage.removeItem("arbiterCode"); showSignedIn(false);
  });
  /* the window's QR code for tablets carries the code after "#code=" (never sent to the
     server in the address): keep it for this tab and take it out of the address bar */
  if (location.hash.indexOf("#code=") === 0) {
    try { sessionStorage.setItem("arbiterCode", decodeURIComponent(location.hash.slice(6))); } catch (err) { /* a broken link: sign in by hand */ }
    history.replaceState(null, "", location.pathname + location.search);
  }
  if (code()) { signin(); }

  /* `said`: what the status line repeats of it (a button's words, 黑胜; else what was typed) */
  function send(board, result, replace, expected, said) {
    var roundNumber = parseInt(tools.dataset.round, 10);
    var body = { round: roundNumber, board: board, result: result };
    if (replace) { body.replace = true; body.expected = expected; }
    return fetch("/api/groups/" + encodeURIComponent(group) + "/results", {
      method: "POST",
      headers: { "Content-Type": "application/json", "X-Arbiter-Code": encodeURIComponent(code()), "X-Station": encodeURIComponent(station()) },
      body: JSON.stringify(body)
    }).then(function (r) {
      return r.json().then(function (j) {
        if (r.ok) { say(status.dataset.saved + ": " + board + " " + (said || result)); }
        else { say(j.error || String(r.status), true); }
        return r.ok;
      });
    });
  }
  live.addEventListener("click", function (e) {
    var button = e.target.closest("button.code");
    if (!button) { return; }
    var row = button.closest("tr");
    var board = parseInt(row.dataset.board, 10);
    var previous = row.dataset.result;
    /* the question in words (黑胜 → 白胜), as the window asks it; the codes go to the server */
    if (previous && !confirm(status.dataset.correct + " " + board + ": " + (row.dataset.words || previous) + " → " + button.dataset.words + "?")) { return; }
    send(board, button.dataset.code, !!previous, previous, button.dataset.words);
  });
  document.getElementById("typed").addEventListener("submit", function (e) {
    e.preventDefault();
    var form = e.target;
    var board = parseInt(form.board.value, 10);
    var row = live.querySelector('tr[data-board="' + board + '"]');
    var previous = row ? row.dataset.result : "";
    send(board, form.result.value.trim(), !!previous, previous).then(function (ok) { if (ok) { form.reset(); } });
  });
  var confirmForm = document.getElementById("confirm");
  if (confirmForm) {
    confirmForm.addEventListener("submit", function (e) {
      e.preventDefault();
      var body = { round: parseInt(tools.dataset.round, 10), board: parseInt(confirmForm.board.value, 10),
                   slip: confirmForm.slip.value.trim(), result: confirmForm.result.value };
      fetch("/api/groups/" + encodeURIComponent(group) + "/confirm", {
        method: "POST", headers: { "Content-Type": "application/json" }, body: JSON.stringify(body)
      }).then(function (r) {
        return r.json().then(function (j) {
          if (r.ok) { say(confirmForm.dataset[j.state]); confirmForm.reset(); }
          else { say(j.error || String(r.status), true); }
        });
      });
    });
  }
})();
