// The live card table: one websocket, a state frame per change, clicks to act.
// The server decides everything (what this client may see and do, the verdict on a
// selection); this page draws what it is sent and sends what is clicked.
"use strict";

(function () {
  const $ = (id) => document.getElementById(id);
  let ws = null;
  let words = {};
  let state = null;
  let selected = new Set(); // "id:k": the k-th copy of card id in the hand
  let pending = new Map(); // action id -> message, until acknowledged
  let previewId = null;
  let retry = 0;
  let denied = false;
  let timerHandle = null;

  function token() {
    const parts = location.pathname.split("/");
    return decodeURIComponent(parts[parts.length - 1] || "");
  }

  function newId() {
    const a = new Uint32Array(2);
    crypto.getRandomValues(a);
    return a[0].toString(36) + a[1].toString(36);
  }

  function el(tag, cls, text) {
    const e = document.createElement(tag);
    if (cls) e.className = cls;
    if (text !== undefined && text !== null) e.textContent = text;
    return e;
  }

  function w(key) {
    return words[key] || key;
  }

  function connect() {
    const scheme = location.protocol === "https:" ? "wss" : "ws";
    ws = new WebSocket(scheme + "://" + location.host + "/live/ws");
    ws.onopen = () => {
      ws.send(JSON.stringify({ t: "hello", token: token(), lang: document.documentElement.lang }));
    };
    ws.onmessage = (e) => receive(JSON.parse(e.data));
    ws.onclose = () => {
      if (denied) return;
      showConn(w("reconnecting"));
      retry = Math.min(retry + 1, 5);
      setTimeout(connect, 300 * retry);
    };
  }

  function send(msg) {
    if (ws && ws.readyState === WebSocket.OPEN) ws.send(JSON.stringify(msg));
  }

  function act(doWhat, extra) {
    const msg = Object.assign({ t: "act", id: newId(), do: doWhat }, extra || {});
    pending.set(msg.id, msg);
    send(msg);
  }

  function showConn(text) {
    const c = $("conn");
    c.textContent = text;
    c.hidden = !text;
  }

  function receive(m) {
    if (m.t === "hello") {
      words = m.words;
      retry = 0;
      showConn("");
      document.body.classList.toggle("spectator", !!m.spectator);
      // Actions sent before the socket dropped: the same id, applied once.
      for (const msg of pending.values()) send(msg);
    } else if (m.t === "state") {
      state = m;
      keepSelection();
      draw();
      // The table moved (a card led, your turn came): judge the selection again.
      if (selected.size) askVerdict();
    } else if (m.t === "ack") {
      const done = pending.get(m.id);
      pending.delete(m.id);
      // The cards just played leave the selection; a late answer (after the next
      // selection began: a bury and then the first lead) leaves that one alone.
      if (done && done.cards && sameCards(done.cards, selectedIds())) {
        selected.clear();
        $("verdict").textContent = "";
        $("verdict").className = "";
      }
      if (state) draw();
    } else if (m.t === "error") {
      pending.delete(m.id);
      $("verdict").textContent = m.text;
      $("verdict").className = "bad";
    } else if (m.t === "preview") {
      if (m.id === previewId) {
        $("verdict").textContent = m.text;
        $("verdict").className = m.ok ? "ok" : "bad";
      }
    } else if (m.t === "denied" || m.t === "closed") {
      denied = m.t === "denied";
      showConn(m.text || w("table_closed"));
      if (m.t === "closed") {
        state = null;
        draw();
      }
    }
  }

  // ---- the hand and the selection --------------------------------------------------
  function handSlots() {
    const out = [];
    if (!state || !state.hand) return out;
    const seen = {};
    for (const g of state.hand) {
      for (const c of g.cards) {
        const k = (seen[c.id] = (seen[c.id] || 0) + 1) - 1;
        out.push({ key: c.id + ":" + k, card: c, group: g });
      }
    }
    return out;
  }

  function keepSelection() {
    const keys = new Set(handSlots().map((s) => s.key));
    for (const k of Array.from(selected)) if (!keys.has(k)) selected.delete(k);
  }

  function selectedIds() {
    return Array.from(selected).map((k) => parseInt(k.split(":")[0], 10));
  }

  function selectIds(ids) {
    selected.clear();
    const want = {};
    for (const id of ids) want[id] = (want[id] || 0) + 1;
    for (const s of handSlots()) {
      if (want[s.card.id] > 0) {
        selected.add(s.key);
        want[s.card.id] -= 1;
      }
    }
  }

  function sameCards(a, b) {
    const x = a.slice().sort((p, q) => p - q);
    const y = b.slice().sort((p, q) => p - q);
    return x.length === y.length && x.every((v, i) => v === y[i]);
  }

  function askVerdict() {
    const can = state && state.can;
    if (!can || !(can.play || can.bury)) return;
    $("verdict").className = ""; // until the verdict on this selection comes
    previewId = newId();
    if (selected.size === 0) {
      $("verdict").textContent = "";
      return;
    }
    send({ t: "preview", id: previewId, cards: selectedIds() });
  }

  function toggle(key) {
    if (selected.has(key)) selected.delete(key);
    else selected.add(key);
    drawHand();
    drawActions();
    askVerdict();
  }

  // ---- drawing ------------------------------------------------------------------------
  function cardEl(c, tag) {
    // A joker's name stands upright in Chinese (大王), reads across in English (BJ).
    const upright = !c.suit && /[\u4e00-\u9fff]/.test(c.rank);
    const e = el(tag || "span", "card" + (c.red ? " red" : "") + (upright ? " joker" : ""));
    e.appendChild(el("span", "rank", c.rank));
    if (c.suit) e.appendChild(el("span", "suit", c.suit));
    e.dataset.card = c.id;
    e.setAttribute("aria-label", (c.suit || "") + c.rank);
    return e;
  }

  function cardsEl(cards, cls) {
    const box = el("span", "cards" + (cls ? " " + cls : ""));
    for (const c of cards || []) box.appendChild(cardEl(c));
    return box;
  }

  function place(seat) {
    // Seats around the table from this client's point of view: its own at the bottom,
    // the next to play on its right (play goes counter-clockwise, as at a real table).
    const n = state.players;
    const me = state.me === null ? 0 : state.me;
    return (seat - me + n) % n;
  }

  function drawSeats() {
    const box = $("seats");
    box.textContent = "";
    const n = state.players;
    for (const s of state.seats) {
      const p = place(s.seat);
      const e = el("div", "seat");
      e.dataset.seat = s.seat;
      e.dataset.place = p;
      // Positions on an ellipse: bottom is this client's own seat.
      const angle = Math.PI / 2 - (2 * Math.PI * p) / n;
      const rx = window.innerWidth < 500 ? 33 : 42; // a phone: keep the side seats on screen
      e.style.left = 50 + rx * Math.cos(angle) + "%";
      e.style.top = 50 + 40 * Math.sin(angle) + "%";
      if (s.seat === state.me) e.classList.add("me");
      if (state.turn === s.seat) e.classList.add("turn");
      if (s.team === true) e.classList.add("dealer-team");
      if (s.team === false) e.classList.add("attackers");
      const name = el("div", "name", s.name);
      if (s.dealer) name.appendChild(el("span", "badge", w("dealer_badge")));
      e.appendChild(name);
      e.appendChild(el("div", "count", "🂠 " + s.cards));
      if (state.hands) e.appendChild(cardsEl(state.hands[s.seat], "behind"));
      box.appendChild(e);
    }
  }

  function drawTrick() {
    const box = $("trick");
    box.textContent = "";
    const n = state.players;
    for (const play of state.trick.plays) {
      const p = place(play.seat);
      const angle = Math.PI / 2 - (2 * Math.PI * p) / n;
      const e = cardsEl(play.cards, "played");
      e.dataset.seat = play.seat;
      e.style.left = 50 + 26 * Math.cos(angle) + "%";
      e.style.top = 50 + 24 * Math.sin(angle) + "%";
      if (state.trick.winning === play.seat) e.classList.add("winning");
      box.appendChild(e);
    }
  }

  function drawMiddle() {
    const box = $("middle");
    box.textContent = "";
    if (state.phase === "dealing" || state.phase === "declaring") {
      for (const d of state.declarations) {
        const line = el("div", "decl", state.seats[d.seat].name + " ");
        line.appendChild(cardsEl(d.cards));
        box.appendChild(line);
      }
      box.appendChild(el("div", "dealt", state.dealt[0] + " / " + state.dealt[1]));
    }
    if (state.kitty) {
      const k = el("div", "kitty", w("kitty") + " ");
      k.appendChild(cardsEl(state.kitty));
      box.appendChild(k);
    }
    if (state.summary) box.appendChild(el("div", "summary", state.summary));
    if (state.memory && showMemory) box.appendChild(el("pre", "memory", state.memory));
    if (state.last && state.phase === "playing" && showLast) {
      const l = el("div", "last", w("last_trick"));
      for (const p of state.last.plays) {
        const row = el("div", "lastplay", state.seats[p.seat].name + " ");
        row.appendChild(cardsEl(p.cards));
        if (p.seat === state.last.winner) row.classList.add("winning");
        l.appendChild(row);
      }
      box.appendChild(l);
    }
  }

  let showLast = false;
  let showMemory = false;

  // The hand's buttons are rebuilt only when the hand changes: a frame arriving
  // between the press and the release of a tap (others' plays, the turn coming)
  // would otherwise replace the button under the finger and lose the tap.
  let handShown = "";

  function drawHand() {
    const box = $("hand");
    const layout = state && state.hand ? JSON.stringify(state.hand) : "";
    if (layout !== handShown) {
      handShown = layout;
      box.textContent = "";
      let group = null;
      let row = null;
      for (const s of handSlots()) {
        if (s.group !== group) {
          group = s.group;
          row = el("div", "group" + (group.trump ? " trump" : ""));
          row.appendChild(el("span", "glabel", group.name));
          box.appendChild(row);
        }
        const b = cardEl(s.card, "button");
        b.type = "button";
        b.classList.add("mine");
        b.dataset.key = s.key;
        b.addEventListener("click", () => toggle(s.key));
        row.appendChild(b);
      }
    }
    for (const b of box.querySelectorAll("button.card")) {
      const on = selected.has(b.dataset.key);
      b.classList.toggle("selected", on);
      b.setAttribute("aria-pressed", on ? "true" : "false");
    }
  }

  let actionsBox = null; // where drawActions puts the buttons it builds

  function button(key, label, onClick, cls) {
    const b = el("button", "act" + (cls ? " " + cls : ""), label);
    b.type = "button";
    b.dataset.do = key;
    b.addEventListener("click", onClick);
    actionsBox.appendChild(b);
    return b;
  }

  // Built aside and put in place only when they differ from the buttons shown (as the
  // hand: a tap is never lost to a frame; the call box keeps what is being typed).
  function drawActions() {
    actionsBox = document.createElement("div");
    buildActions();
    const shown = $("actions");
    if (shown.innerHTML !== actionsBox.innerHTML) shown.replaceChildren(...actionsBox.childNodes);
  }

  function buildActions() {
    if (!state || state.spectator) return;
    const can = state.can;
    for (const d of can.declare) {
      const b = button("declare", w("declare") + " ", () => act("declare", { cards: d }), "declare");
      const faces = [];
      for (const id of d) {
        const slot = handSlots().find((s) => s.card.id === id);
        if (slot) faces.push(slot.card);
      }
      b.appendChild(cardsEl(faces));
    }
    if (can.pass) button("pass", w("pass"), () => act("pass"));
    if (can.withdraw) button("withdraw", w("withdraw"), () => act("withdraw"));
    if (can.bury) {
      const b = button("bury", w("bury") + " (" + selected.size + "/" + can.bury + ")", () =>
        act("bury", { cards: selectedIds() }), "primary");
      b.disabled = selected.size !== can.bury;
    }
    if (can.play) {
      const b = button("play", w("play"), () => act("play", { cards: selectedIds() }), "primary");
      b.disabled = selected.size === 0;
    }
    if ((can.play || can.bury) && state.suggest.length) {
      button("suggest", w("suggest"), () => {
        selectIds(state.suggest);
        drawHand();
        drawActions();
        askVerdict();
      });
    }
    if ((can.play || can.bury) && selected.size) {
      button("clear", w("clear"), () => {
        selected.clear();
        drawHand();
        drawActions();
        $("verdict").textContent = "";
      });
    }
    if (can.call) {
      const input = el("input", "calls");
      input.value = state.calls || "";
      input.setAttribute("aria-label", w("call"));
      actionsBox.appendChild(input);
      button("call", w("call"), () => act("call", { calls: input.value }), "primary");
    }
    if (can.take_back) button("take_back", w("take_back"), () => act("take_back"));
    if (can.next_hand) button("next_hand", w("next_hand"), () => act("next_hand"), "primary");
    if (state.last && state.phase === "playing") {
      button("last_trick", w("last_trick"), () => {
        showLast = !showLast;
        drawMiddle();
      });
    }
    if (state.memory) {
      button("memory", w("memory"), () => {
        showMemory = !showMemory;
        drawMiddle();
      });
    }
    if (state.phase !== "scored" && state.phase !== "finished") {
      button("auto", can.auto ? w("auto_off") : w("auto_on"), () => act("auto", { on: !can.auto }));
    }
  }

  function drawTimer() {
    const t = $("timer");
    if (timerHandle) clearInterval(timerHandle);
    if (!state || !state.deadline) {
      t.textContent = "";
      return;
    }
    const tick = () => {
      const left = Math.max(0, Math.round((state.deadline - Date.now()) / 1000));
      t.textContent = "⏱ " + left + "s";
    };
    tick();
    timerHandle = setInterval(tick, 1000);
  }

  function draw() {
    if (!state) {
      $("seats").textContent = "";
      $("trick").textContent = "";
      $("middle").textContent = "";
      $("hand").textContent = "";
      handShown = "";
      $("actions").textContent = "";
      return;
    }
    $("header").textContent = state.header;
    $("levels").textContent = state.levels;
    $("friends").textContent = state.friends || "";
    $("points").textContent = state.points_text;
    $("status").textContent = state.spectator ? w("spectating") : state.can.play ? w("your_turn") : "";
    document.body.dataset.phase = state.phase;
    drawSeats();
    drawTrick();
    drawMiddle();
    drawHand();
    drawActions();
    drawTimer();
  }

  document.addEventListener("keydown", (e) => {
    if (e.key === "Enter" && e.ctrlKey && state && state.can.play && selected.size) {
      act("play", { cards: selectedIds() });
    }
  });

  connect();
})();
