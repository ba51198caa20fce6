// 复盘 viewer: steps through the frames embedded in #replay-data (built by
// rules.replay, so no rule is re-implemented here). Names and words are data:
// they only ever reach the page through textContent, never as markup.
"use strict";
(function () {
  const D = JSON.parse(document.getElementById("replay-data").textContent);
  const R = D.replay;
  const F = R.frames;
  const N = R.players;
  const W = D.words;
  const LAST = F.length - 1;
  const TRICK_ENDS = [];
  F.forEach(function (f, i) { if (f.kind === "trick") TRICK_ENDS.push(i); });
  const FOUR = N === 4;
  const POS = ["top", "right", "bottom", "left"];

  // ---- words ---------------------------------------------------------------
  function fill(template, params) {
    return template.replace(/\{(\w+)\}/g, function (m, k) {
      return Object.prototype.hasOwnProperty.call(params, k) ? String(params[k]) : m;
    });
  }
  function word(key, params) { return fill(W[key], params || {}); }

  // ---- card faces (SVG; suit shapes are shared symbols, no font needed) ------
  const SYMBOLS =
    '<svg width="0" height="0" style="position:absolute" aria-hidden="true"><defs>' +
    '<symbol id="sS" viewBox="0 0 100 100"><path d="M50 2C38 22 4 40 4 63c0 15 11 25 25 25 9 0 15-4 19-10-1 10-5 16-13 22h30c-8-6-12-12-13-22 4 6 10 10 19 10 14 0 25-10 25-25C96 40 62 22 50 2z"/></symbol>' +
    '<symbol id="sH" viewBox="0 0 100 100"><path d="M50 94C22 70 3 52 3 30 3 14 15 3 29 3c10 0 17 6 21 14 4-8 11-14 21-14 14 0 26 11 26 27 0 22-19 40-47 64z"/></symbol>' +
    '<symbol id="sC" viewBox="0 0 100 100"><circle cx="50" cy="27" r="22"/><circle cx="26" cy="60" r="22"/><circle cx="74" cy="60" r="22"/><path d="M44 50h12c0 22 4 36 14 48H30c10-12 14-26 14-48z"/></symbol>' +
    '<symbol id="sD" viewBox="0 0 100 100"><path d="M50 2L90 50 50 98 10 50z"/></symbol>' +
    '<symbol id="sJ" viewBox="0 0 100 100"><path d="M50 4l13 30 33 3-25 22 8 33-29-17-29 17 8-33L4 37l33-3z"/></symbol>' +
    '<pattern id="backpat" width="8" height="8" patternUnits="userSpaceOnUse" patternTransform="rotate(45)">' +
    '<rect width="8" height="8" fill="#1d4e89"/><rect width="4" height="8" fill="#2a64a8"/></pattern>' +
    "</defs></svg>";
  const SUIT_TEXT = { S: "♠", H: "♥", C: "♣", D: "♦" };

  function cardLabel(code) {
    if (code === "BJ" || code === "LJ") return D.jokers[code];
    return SUIT_TEXT[code[0]] + code.slice(1);
  }
  function cardHtml(code, gap) {
    const label = cardLabel(code);
    let body;
    let colour;
    if (code === "BJ" || code === "LJ") {
      colour = code === "BJ" ? "red" : "black";
      const name = D.jokers[code];
      const letters = Array.from(name);
      body =
        '<text class="jk" x="7.5" y="15">' + letters[0] + "</text>" +
        '<text class="jk" x="7.5" y="29">' + (letters[1] || "") + "</text>" +
        '<use href="#sJ" x="15" y="28" width="32" height="32"/>';
    } else {
      const suit = code[0];
      const rank = code.slice(1);
      colour = suit === "H" || suit === "D" ? "red" : "black";
      body =
        '<text class="rank' + (rank.length > 1 ? " wide" : "") + '" x="7.5" y="16">' + rank + "</text>" +
        '<use href="#s' + suit + '" x="2.5" y="19" width="10" height="10"/>' +
        '<use href="#s' + suit + '" x="17" y="32" width="29" height="29"/>';
    }
    return (
      '<span class="card ' + colour + (gap ? " gap" : "") + '" data-card="' + code + '" role="img" aria-label="' + label + '">' +
      '<svg viewBox="0 0 50 70" aria-hidden="true"><rect class="face" x="0.6" y="0.6" width="48.8" height="68.8" rx="4"/>' +
      body + "</svg></span>"
    );
  }
  const BACK =
    '<span class="card back"><svg viewBox="0 0 50 70" aria-hidden="true">' +
    '<rect class="face" x="0.6" y="0.6" width="48.8" height="68.8" rx="4"/>' +
    '<rect x="4" y="4" width="42" height="62" rx="2.5" fill="url(#backpat)"/></svg></span>';

  function codes(text) { return text ? text.split(" ") : []; }
  const TRUMPS = new Set(D.trumps);
  // A hand with a small gap between suits (all trumps are one suit).
  function handHtml(hand) {
    let last = null;
    return hand.map(function (code) {
      const group = TRUMPS.has(code) ? "T" : code[0];
      const html = cardHtml(code, last !== null && group !== last);
      last = group;
      return html;
    }).join("");
  }
  function cardsHtml(text) { return codes(text).map(function (c) { return cardHtml(c); }).join(""); }

  // ---- the table ------------------------------------------------------------
  const table = document.getElementById("table");
  const seatSelect = document.getElementById("seat");
  const trickSelect = document.getElementById("trick");
  document.body.insertAdjacentHTML("afterbegin", SYMBOLS);
  table.classList.add(FOUR ? "four" : "ring");

  const seats = [];
  const plays = [];
  const centre = document.createElement("div");
  centre.className = "centre";
  const trickHead = document.createElement("div");
  trickHead.className = "trickhead";
  const playBox = document.createElement("div");
  playBox.className = "plays";
  const status = document.createElement("div");
  status.className = "status";
  status.id = "status";
  status.setAttribute("aria-live", "polite"); // read out each step, not the whole table
  centre.append(trickHead, playBox, status);

  for (let s = 0; s < N; s++) {
    const el = document.createElement("div");
    el.className = "seat";
    el.dataset.seat = String(s);
    const who = document.createElement("div");
    who.className = "who";
    const name = document.createElement("span");
    name.className = "name";
    name.textContent = D.seats[s];
    const badges = document.createElement("span");
    badges.className = "badges";
    const count = document.createElement("span");
    count.className = "count";
    who.append(name, badges, count);
    const hand = document.createElement("div");
    hand.className = "hand";
    el.append(who, hand);
    table.append(el);
    seats.push({ el: el, badges: badges, count: count, hand: hand });

    const p = document.createElement("div");
    p.className = "play";
    p.dataset.seat = String(s);
    const pwho = document.createElement("div");
    pwho.className = "pwho";
    pwho.textContent = D.short[s];
    const pc = document.createElement("div");
    pc.className = "cards";
    p.append(pwho, pc);
    plays.push({ el: p, cards: pc });
  }
  table.append(centre);

  // trick select: the opening, then every trick
  function addOption(value, label) {
    const o = document.createElement("option");
    o.value = String(value);
    o.textContent = label;
    trickSelect.append(o);
  }
  addOption(0, W.opening);
  TRICK_ENDS.forEach(function (_, k) { addOption(k + 1, word("trick_n", { n: k + 1 }) + " / " + TRICK_ENDS.length); });

  // ---- the side panel -------------------------------------------------------
  const declBox = document.getElementById("declarations");
  if (R.declarations.length === 0) {
    declBox.textContent = W.no_declarations;
  }
  R.declarations.forEach(function (d) {
    const row = document.createElement("div");
    row.className = "decl";
    const who = document.createElement("span");
    who.className = "dwho";
    who.textContent = D.short[d[0]];
    const cs = document.createElement("span");
    cs.className = "cards small";
    cs.innerHTML = cardsHtml(d[1]);
    row.append(who, cs);
    declBox.append(row);
  });
  const callBox = document.getElementById("callbox");
  const callList = document.getElementById("calls");
  if (D.calls.length) callBox.hidden = false;
  const tricksList = document.getElementById("tricks");
  const summaryBox = document.getElementById("summarybox");
  const summary = document.getElementById("summary");
  D.summary.forEach(function (line) {
    const p = document.createElement("p");
    p.textContent = line;
    summary.append(p);
  });
  const sumKitty = document.createElement("div");
  sumKitty.className = "cards small";
  sumKitty.innerHTML = cardsHtml(R.summary.kitty);
  summary.prepend(sumKitty);

  // ---- one frame --------------------------------------------------------------
  let at = 0;
  let viewer = "all";

  function position(s) {
    const base = viewer === "all" ? 2 : Number(viewer);
    return POS[(s - base + 6) % 4];
  }

  function badge(text, cls) {
    const b = document.createElement("span");
    b.className = "badge " + cls;
    b.textContent = text;
    return b;
  }

  function show(i) {
    at = Math.max(0, Math.min(LAST, i));
    const f = F[at];
    const open = function (s) { return viewer === "all" || Number(viewer) === s; };
    const trick = f.trick;
    const winner = trick && trick.winner !== null && trick.winner !== undefined ? trick.winner : null;
    const played = {};
    if (trick) trick.plays.forEach(function (p) { played[p[0]] = p[1]; });

    for (let s = 0; s < N; s++) {
      const seat = seats[s];
      const hand = codes(f.hands[s]);
      seat.el.className = "seat" + (FOUR ? " pos-" + position(s) : "") +
        (f.team.indexOf(s) >= 0 ? " defender" : "") +
        (viewer !== "all" && Number(viewer) === s ? " me" : "") +
        (f.seat === s && f.kind !== "start" ? " acted" : "");
      seat.badges.replaceChildren();
      if (s === R.dealer) seat.badges.append(badge(W.dealer, "dealer"));
      else if (R.friends && f.team.indexOf(s) >= 0) seat.badges.append(badge(W.friend, "friend"));
      seat.count.textContent = word("cards_left", { n: hand.length });
      seat.hand.classList.toggle("down", !open(s));
      seat.hand.innerHTML = open(s) ? handHtml(hand) : BACK.repeat(hand.length);

      const p = plays[s];
      p.el.className = "play" + (FOUR ? " pos-" + position(s) : "") + (winner === s ? " winner" : "") +
        (played[s] === undefined ? " empty" : "");
      p.cards.innerHTML = played[s] === undefined ? "" : cardsHtml(played[s]);
    }
    // plays in play order (the ring layout reads them left to right)
    playBox.replaceChildren();
    const order = trick ? trick.plays.map(function (p) { return p[0]; }) : [];
    for (let s = 0; s < N; s++) if (FOUR && order.indexOf(s) < 0) order.push(s);
    order.forEach(function (s) { playBox.append(plays[s].el); });
    fitPlays();

    const no = trick ? trick.no : f.tricks_done + 1;
    trickHead.textContent = word("trick_n", { n: no }) + " / " + TRICK_ENDS.length;
    let line;
    if (f.kind === "trick") {
      line = word("trick_won", { who: D.short[winner], n: trick.no, points: trick.points });
    } else if (f.kind === "undo") {
      line = word("took_back", { who: D.short[f.seat] });
    } else if (f.kind === "start") {
      const lead = F.length > 1 && F[1].trick ? F[1].trick.leader : R.dealer;
      line = W.opening + " · " + word("to_lead", { who: D.short[lead] });
    } else {
      line = word("to_play", { who: D.short[(f.seat + 1) % N] });
    }
    status.textContent = line;
    status.classList.toggle("won", f.kind === "trick");

    // score
    const score = document.getElementById("scorebox");
    score.dataset.attackers = String(f.attackers);
    score.dataset.defenders = String(f.defenders);
    score.replaceChildren();
    [["attackers", f.attackers], ["defenders", f.defenders]].forEach(function (pair) {
      const row = document.createElement("div");
      row.className = "pts " + pair[0];
      const k = document.createElement("span");
      k.textContent = W[pair[0]];
      const v = document.createElement("b");
      v.id = pair[0] + "-points";
      v.textContent = word("points", { points: pair[1] });
      row.append(k, v);
      score.append(row);
    });

    // kitty: the dealer's secret until the hand ends; the bury that counts is its
    // burier's (炒地皮: the last thief's, which the dealer never saw)
    const burier = R.burier === undefined ? R.dealer : R.burier;
    ["kitty", "buried"].forEach(function (id) {
      const box = document.getElementById(id);
      const cards = id === "kitty" ? R.kitty : R.buried;
      const holder = id === "kitty" ? R.dealer : burier;
      const open = viewer === "all" || Number(viewer) === holder || at === LAST;
      if (!open) box.textContent = W.kitty_hidden;
      else if (cards) box.innerHTML = cardsHtml(cards);
      else box.textContent = "—"; // no kitty at this table (four decks, some 找朋友 tables)
    });

    // friend calls, answered once their copy is played
    callList.replaceChildren();
    D.calls.forEach(function (c) {
      const li = document.createElement("li");
      if (c.frame !== null && at >= c.frame) {
        li.textContent = word(c.joined ? "call_joined" : "call_spent", { call: c.text, who: D.short[c.seat] });
        li.className = c.joined ? "joined" : "spent";
      } else {
        li.textContent = word("call_open", { call: c.text });
      }
      callList.append(li);
    });

    // finished tricks so far, each a jump
    tricksList.replaceChildren();
    TRICK_ENDS.forEach(function (end, k) {
      if (end > at) return;
      const t = F[end].trick;
      const li = document.createElement("li");
      const b = document.createElement("button");
      b.type = "button";
      b.textContent = word("trick_won", { who: D.short[t.winner], n: k + 1, points: t.points }).replace(/^★\s*/, "");
      b.addEventListener("click", function () { show(end); });
      li.append(b);
      tricksList.append(li);
    });

    summaryBox.hidden = at !== LAST;
    document.getElementById("stepno").textContent = word("step", { n: at + 1, total: F.length });
    trickSelect.value = String(trick ? trick.no : f.kind === "start" ? 0 : f.tricks_done);
    document.getElementById("first").disabled = at === 0;
    document.getElementById("prev").disabled = at === 0;
    document.getElementById("next").disabled = at === LAST;
    document.getElementById("last").disabled = at === LAST;
    document.body.dataset.frame = String(at);
  }

  // Each play's cards in one row: the overlap narrows (down to 8 px) until the row
  // fits the play's room; a play of one card, or one that fits, keeps the CSS step.
  function fitPlays() {
    const base = parseFloat(getComputedStyle(document.documentElement).getPropertyValue("--play-step")) || 26;
    plays.forEach(function (p) {
      p.cards.style.removeProperty("--play-step");
      const n = p.cards.children.length;
      if (n < 2) return;
      const cw = p.cards.firstElementChild.getBoundingClientRect().width;
      const room = p.el.clientWidth - 2 * parseFloat(getComputedStyle(p.el).paddingLeft);
      const step = Math.max(8, Math.min(base, (room - cw) / (n - 1)));
      if (step < base) p.cards.style.setProperty("--play-step", step + "px");
    });
  }
  window.addEventListener("resize", fitPlays);

  function nextTrick() {
    for (const e of TRICK_ENDS) if (e > at) return show(e);
    show(LAST);
  }
  function prevTrick() {
    let best = 0;
    for (const e of TRICK_ENDS) if (e < at) best = e;
    show(best);
  }
  function jumpTo(k) { show(k <= 0 ? 0 : TRICK_ENDS[Math.min(k, TRICK_ENDS.length) - 1]); }

  document.getElementById("first").addEventListener("click", function () { show(0); });
  document.getElementById("prev").addEventListener("click", function () { show(at - 1); });
  document.getElementById("next").addEventListener("click", function () { show(at + 1); });
  document.getElementById("last").addEventListener("click", function () { show(LAST); });
  trickSelect.addEventListener("change", function () { jumpTo(Number(trickSelect.value)); trickSelect.blur(); });
  seatSelect.addEventListener("change", function () { viewer = seatSelect.value; show(at); seatSelect.blur(); });
  document.addEventListener("keydown", function (e) {
    const tag = e.target && e.target.tagName;
    if (tag === "TEXTAREA" || tag === "SELECT" || e.altKey || e.ctrlKey || e.metaKey) return;
    const keys = {
      ArrowLeft: function () { if (e.shiftKey) prevTrick(); else show(at - 1); },
      ArrowRight: function () { if (e.shiftKey) nextTrick(); else show(at + 1); },
      ArrowUp: prevTrick,
      ArrowDown: nextTrick,
      PageUp: prevTrick,
      PageDown: nextTrick,
      Home: function () { show(0); },
      End: function () { show(LAST); },
    };
    const k = keys[e.key];
    if (k) { e.preventDefault(); k(); }
  });

  // phones: swipe the table left / right for the next / previous play
  let touchX = null;
  table.addEventListener("touchstart", function (e) { touchX = e.touches.length === 1 ? e.touches[0].clientX : null; }, { passive: true });
  table.addEventListener("touchend", function (e) {
    if (touchX === null) return;
    const dx = e.changedTouches[0].clientX - touchX;
    touchX = null;
    if (Math.abs(dx) > 60) show(at + (dx < 0 ? 1 : -1));
  }, { passive: true });

  // for tests and links: #frame=N or #trick=K opens there
  window.replayViewer = { show: show, jumpTo: jumpTo, frames: F.length, trickEnds: TRICK_ENDS.slice() };
  const m = /^#(frame|trick)=(\d+)$/.exec(location.hash);
  show(0);
  if (m) { if (m[1] === "frame") show(Number(m[2])); else jumpTo(Number(m[2])); }
})();
