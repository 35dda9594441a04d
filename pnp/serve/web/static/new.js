// The new-game form: a choice per seat, then the game is created and its table opened.
const form = document.getElementById("new");
const seats = document.getElementById("seats");
const choices = document.getElementById("seat-choices");
const game = form.dataset.game;

function seatRows() {
  const n = Number(form.players.value);
  const old = [...seats.querySelectorAll("select")].map((s) => s.value);
  seats.querySelectorAll("label").forEach((l) => l.remove());
  for (let k = 0; k < n; k++) {
    const label = document.createElement("label");
    label.textContent = `Seat ${k + 1} `;
    const sel = document.createElement("select");
    sel.name = `seat-${k}`;
    sel.append(choices.content.cloneNode(true));
    const fallback = k === 0 ? "here" : ([...sel.options].some((o) => o.value === "heuristic")
      ? "heuristic" : sel.options[2].value);
    sel.value = old[k] || fallback;
    label.append(sel);
    seats.append(label);
  }
}

if (form.players.tagName === "SELECT") form.players.onchange = seatRows;
seatRows();

form.onsubmit = async (ev) => {
  ev.preventDefault();
  const error = document.getElementById("error");
  error.textContent = "";
  const options = {};
  for (const input of form.querySelectorAll("[name^=opt-]")) {
    const name = input.name.slice(4);
    options[name] = input.type === "checkbox" ? input.checked : input.value.trim();
  }
  const body = {game, seed: form.seed.value, options,
                seats: [...seats.querySelectorAll("select")].map((s) => s.value)};
  const file = form.board_file && form.board_file.files[0];
  if (file) body.board_file = {name: file.name, text: await file.text()};
  const r = await fetch("/api/new", {method: "POST", body: JSON.stringify(body),
                                     headers: {"Content-Type": "application/json"}});
  const answer = await r.json();
  if (!r.ok) { error.textContent = answer.error; return; }
  location.href = answer.url;
};
