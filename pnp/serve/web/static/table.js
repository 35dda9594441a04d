// The table page: draws the frames the server sends and sends back the actions of this screen.
// Live games come over a WebSocket; watching (?watch=1) fetches the frame of any step.
const root = document.getElementById("table");
const id = root.dataset.id;
const params = new URLSearchParams(location.search);
const key = params.get("key") || "";
const watching = params.get("watch") === "1";
const $ = (sel) => document.getElementById(sel);

let socket = null;
let lastViewer = null;     // whose hidden parts this screen showed last (two on one screen)
let held = null;           // a frame held behind the "pass the device" screen
let current = null;        // the frame on screen
let retry = 500;

function el(tag, attrs = {}, text = "") {
  const e = document.createElement(tag);
  for (const [k, v] of Object.entries(attrs)) e.setAttribute(k, v);
  if (text) e.textContent = text;
  return e;
}

function svgEl(tag, attrs) {
  const e = document.createElementNS("http://www.w3.org/2000/svg", tag);
  for (const [k, v] of Object.entries(attrs)) e.setAttribute(k, v);
  return e;
}

function showError(text) {
  $("error").textContent = text || "";
}

function send(action) {
  if (!socket || socket.readyState !== WebSocket.OPEN) {
    showError("not connected: reconnecting…");
    return;
  }
  hideMenu();
  socket.send(JSON.stringify({type: "act", action}));
}

function hideMenu() {
  $("menu").hidden = true;
  $("menu").replaceChildren();
}

function showMenu(actions, x, y) {
  const menu = $("menu");
  menu.replaceChildren();
  for (const a of actions) {
    const b = el("button", {title: a.text, class: "choice"}, `${a.kind}: ${a.label}`);
    b.onclick = (ev) => { ev.stopPropagation(); send(a.text); };
    menu.append(b);
  }
  const cancel = el("button", {class: "choice cancel"}, "cancel");
  cancel.onclick = (ev) => { ev.stopPropagation(); hideMenu(); };
  menu.append(cancel);
  const wrap = $("board-wrap").getBoundingClientRect();
  menu.style.left = `${Math.min(x - wrap.left, wrap.width - 220)}px`;
  menu.style.top = `${y - wrap.top}px`;
  menu.hidden = false;
}

function drawBoard(frame) {
  const board = $("board");
  board.innerHTML = frame.svg;
  const svg = board.querySelector("svg");
  svg.removeAttribute("width");
  svg.removeAttribute("height");
  svg.setAttribute("id", "board-svg");
  const bySpot = new Map();
  for (const a of frame.actions) {
    if (a.spot === null) continue;
    if (!bySpot.has(a.spot)) bySpot.set(a.spot, []);
    bySpot.get(a.spot).push(a);
  }
  const layer = svgEl("g", {id: "spots"});
  for (const s of frame.spots) {
    const acts = bySpot.get(s.key) || [];
    const attrs = {class: acts.length ? "spot live" : "spot", "data-key": s.key};
    let shape;
    if (s.circle) {
      shape = svgEl("circle", {...attrs, cx: s.circle[0], cy: s.circle[1], r: s.circle[2]});
    } else {
      shape = svgEl("polygon", {...attrs, points: s.polygon.map((p) => p.join(",")).join(" ")});
    }
    const title = svgEl("title", {});
    title.textContent = s.label || s.key;
    shape.append(title);
    if (acts.length) {
      shape.addEventListener("click", (ev) => {
        ev.stopPropagation();
        if (acts.length === 1) send(acts[0].text);
        else showMenu(acts, ev.clientX, ev.clientY);
      });
    }
    layer.append(shape);
  }
  svg.append(layer);
}

function drawSeats(frame) {
  const box = $("seats");
  box.replaceChildren();
  for (const s of frame.seats) {
    const card = el("div", {class: "seat" + (s.seat === frame.to_move ? " to-move" : ""),
                            "data-seat": s.seat});
    card.style.borderColor = s.colour;
    const head = el("div", {class: "seat-head"});
    const dot = el("span", {class: "dot"});
    dot.style.background = s.colour;
    head.append(dot, el("strong", {}, s.name),
                el("span", {class: "who"}, s.yours ? `you · ${s.who}` : s.who));
    if (s.score !== "") head.append(el("span", {class: "score"}, s.score));
    card.append(head);
    const t = el("table");
    for (const [k, v] of s.lines) {
      const tr = el("tr");
      tr.append(el("th", {}, k), el("td", {}, v));
      t.append(tr);
    }
    card.append(t);
    box.append(card);
  }
}

function drawActions(frame) {
  const box = $("actions");
  box.replaceChildren();
  if (!frame.live) return;
  if (!frame.actions.length) {
    if (!frame.over) box.append(el("p", {class: "muted", id: "waiting"}, "Waiting for " +
      (frame.seats[frame.to_move] ? frame.seats[frame.to_move].name : "the next player") + "…"));
    return;
  }
  box.append(el("h3", {id: "your-turn"}, "Your move"));
  const groups = new Map();
  for (const a of frame.actions) {
    if (!groups.has(a.kind)) groups.set(a.kind, []);
    groups.get(a.kind).push(a);
  }
  for (const [kind, acts] of groups) {
    const g = el("div", {class: "group"});
    g.append(el("h4", {}, kind));
    // a long group whose every choice is on the board (a move to any square) folds away
    const buttons = (into) => {
      for (const a of acts) {
        const b = el("button", {class: "action", title: a.text, "data-action": a.text}, a.label);
        b.onclick = () => send(a.text);
        into.append(b);
      }
    };
    if (acts.length > 24 && acts.every((a) => a.spot !== null)) {
      // folded, its buttons made when opened: a move to any square is a click on the board
      const fold = el("details");
      fold.append(el("summary", {}, `${acts.length} choices: click the board, or open the list`));
      fold.addEventListener("toggle", () => { if (fold.open && fold.children.length === 1) buttons(fold); });
      g.append(fold);
    } else {
      buttons(g);
    }
    box.append(g);
  }
}

function drawLog(frame) {
  const log = $("log");
  if (frame.log_from === 0) log.replaceChildren();
  for (const s of frame.log) {
    const li = el("li", {"data-step": s.n});
    const name = frame.seats[s.seat] ? frame.seats[s.seat].name : `seat ${s.seat + 1}`;
    li.append(el("span", {class: "act"}, `${s.action}`));
    li.title = name;
    if (s.events.length) {
      const ul = el("ul");
      for (const e of s.events) ul.append(el("li", {}, e));
      li.append(ul);
    }
    if (watching) li.onclick = () => goTo(s.n);
    log.append(li);
  }
  for (const li of log.children) {
    li.classList.toggle("future", watching && Number(li.dataset.step) > frame.step);
    li.classList.toggle("now", Number(li.dataset.step) === frame.step);
  }
  const now = log.querySelector("li.now");
  if (now && watching) now.scrollIntoView({block: "nearest"});
  else if (!watching) log.scrollTop = log.scrollHeight;
}

// The latest move and what the rules did with it (the dice rolled, the cards drawn), where the
// eye is, as it happens; the log keeps them all.
let lastShown = null;

function drawLast(frame) {
  const box = $("latest");
  const item = frame.log.length ? frame.log[frame.log.length - 1] : null;
  if (watching || !item) { if (watching) box.hidden = true; return; }
  const name = frame.seats[item.seat] ? frame.seats[item.seat].name : "";
  box.replaceChildren(el("strong", {}, `${name}: ${item.action}`));
  for (const e of item.events) box.append(el("div", {class: "event"}, e));
  box.style.borderColor = frame.seats[item.seat] ? frame.seats[item.seat].colour : "#999";
  box.hidden = false;
  if (lastShown !== item.n) {
    box.classList.remove("fresh");
    void box.offsetWidth;  // restart the highlight
    box.classList.add("fresh");
    lastShown = item.n;
  }
}

function drawResult(frame) {
  const box = $("result");
  if (!frame.result) { box.hidden = true; return; }
  box.replaceChildren();
  box.append(el("h2", {}, frame.result.winner), el("p", {}, frame.result.how));
  const t = el("table", {class: "score-table"});
  const head = el("tr");
  for (const h of frame.result.headers) head.append(el("th", {}, h));
  t.append(head);
  for (const row of frame.result.rows) {
    const tr = el("tr");
    row.forEach((c, i) => tr.append(el(i ? "td" : "th", {}, c)));
    t.append(tr);
  }
  box.append(t);
  box.hidden = false;
}

function render(frame) {
  current = frame;
  hideMenu();
  $("turn").textContent = frame.over ? "Game over" : frame.turn;
  $("subtitle").textContent = frame.subtitle;
  $("turn").classList.toggle("mine", frame.actions.length > 0);
  drawBoard(frame);
  drawSeats(frame);
  drawActions(frame);
  drawResult(frame);
  drawLast(frame);
  drawLog(frame);
  if (watching) {
    $("scrub").max = frame.steps;
    $("scrub").value = frame.step;
    $("stepno").textContent = `${frame.step} / ${frame.steps}`;
  }
  document.body.dataset.step = frame.step;
  document.body.dataset.over = frame.over ? "1" : "0";
  document.body.dataset.toMove = frame.to_move;
}

function onFrame(frame) {
  showError("");
  const shared = frame.seats.filter((s) => s.yours).length > 1;
  if (!watching && shared && frame.private && lastViewer !== null &&
      frame.viewer !== lastViewer && !frame.over) {
    held = frame;
    $("pass-title").textContent = `Pass the device to ${frame.seats[frame.viewer].name}`;
    $("pass").hidden = false;
    return;
  }
  if (frame.viewer >= 0) lastViewer = frame.viewer;
  if (held && frame.log_from > 0) frame.log = held.log.concat(frame.log);  // keep the held log
  held = null;
  render(frame);
}

$("pass-ok").onclick = () => {
  $("pass").hidden = true;
  const frame = held;
  held = null;
  lastViewer = frame.viewer;
  render(frame);
};

function connect() {
  const proto = location.protocol === "https:" ? "wss" : "ws";
  socket = new WebSocket(`${proto}://${location.host}/ws/${id}?key=${encodeURIComponent(key)}`);
  socket.onopen = () => { retry = 500; document.body.dataset.connected = "1"; };
  socket.onmessage = (ev) => {
    const msg = JSON.parse(ev.data);
    if (msg.type === "frame") {
      if (held && msg.log_from > 0) {  // a move arrived while the screen is passed: merge
        msg.log = held.log.concat(msg.log);
        msg.log_from = held.log_from;
      }
      onFrame(msg);
      showInvite(msg.invite);
    } else if (msg.type === "error") showError(msg.message);
  };
  socket.onclose = () => {
    document.body.dataset.connected = "0";
    showError("connection lost: reconnecting…");
    setTimeout(connect, retry);
    retry = Math.min(retry * 2, 8000);
  };
}

function showInvite(path) {
  const box = $("invite");
  if (!path) { box.hidden = true; return; }
  const url = `${location.origin}${path}`;
  box.replaceChildren(el("strong", {}, "Online room: send this link to the other player"),
                      el("input", {id: "invite-link", readonly: "", value: url}));
  box.hidden = false;
}

// --- watching: time travel ---------------------------------------------------------------------
let timer = null;

async function goTo(step) {
  // the log is loaded once, with the first frame; a step only moves its marker
  const r = await fetch(`/api/games/${id}/frame?step=${step}&log_from=-1&key=` +
                        encodeURIComponent(key));
  const frame = await r.json();
  frame.log = [];
  render(frame);
}

function playPause() {
  if (timer) { clearInterval(timer); timer = null; $("play").textContent = "play"; return; }
  $("play").textContent = "pause";
  timer = setInterval(() => {
    if (current.step >= current.steps) { playPause(); return; }
    goTo(current.step + 1);
  }, 700);
}

$("download").href = `/api/games/${id}/log`;
$("board-wrap").addEventListener("click", hideMenu);
if (watching) {
  $("travel").hidden = false;
  $("first").onclick = () => goTo(0);
  $("back").onclick = () => goTo(Math.max(0, current.step - 1));
  $("fwd").onclick = () => goTo(Math.min(current.steps, current.step + 1));
  $("last").onclick = () => goTo(current.steps);
  $("play").onclick = playPause;
  $("scrub").oninput = (ev) => goTo(Number(ev.target.value));
  const start = Number(params.get("step") || 0);
  fetch(`/api/games/${id}/frame?step=${start}&key=${encodeURIComponent(key)}`)
    .then((r) => r.json()).then(render);
  document.addEventListener("keydown", (ev) => {
    if (ev.key === "ArrowRight") $("fwd").click();
    if (ev.key === "ArrowLeft") $("back").click();
  });
} else {
  connect();
}
