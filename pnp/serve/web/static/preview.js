// The live preview: ask for the render state (a long poll), then swap only the faces whose file
// changed. An error is shown above the last good faces, which stay.
const faces = document.getElementById("faces");
const shown = new Map();  // stem -> {figure, version}
let version = -1;

function caption(face) {
  const count = face.cards.length + face.more;
  const names = face.back && count > 3 ? `${count} cards`
    : face.cards.join(", ") + (face.more ? ` and ${face.more} more` : "");
  return `${face.back ? "back of " : ""}${names} · ×${face.copies}`;
}

function figure(face) {
  const fig = document.createElement("figure");
  fig.className = "face" + (face.back ? " back" : "") + (face.board ? " board" : "");
  fig.dataset.stem = face.stem;
  const img = document.createElement("img");
  img.loading = "lazy";
  img.alt = caption(face);
  const cap = document.createElement("figcaption");
  fig.append(img, cap);
  return fig;
}

function update(state) {
  document.getElementById("deck").textContent = state.deck;
  const error = document.getElementById("error");
  error.hidden = !state.error;
  error.textContent = state.error || "";
  const when = new Date().toLocaleTimeString();
  document.getElementById("status").textContent = state.error ? `error at ${when}`
    : `updated ${when}` + (state.seconds !== null ? ` in ${state.seconds.toFixed(2)} s` : "");
  document.getElementById("status").classList.toggle("mine", !state.error);
  document.getElementById("summary").textContent = state.summary
    + (state.summary ? ` · ${state.painted} face file(s) painted, the rest unchanged` : "");
  const keep = new Set();
  let previous = null;
  for (const face of state.faces) {
    keep.add(face.stem);
    let entry = shown.get(face.stem);
    if (!entry) {
      entry = {figure: figure(face), version: null};
      shown.set(face.stem, entry);
    }
    const fig = entry.figure;
    if (entry.version !== face.version) {
      fig.querySelector("img").src = `/preview/face/${face.stem}?v=${face.version}`;
      entry.version = face.version;
      fig.classList.remove("changed");
      void fig.offsetWidth;  // restart the highlight
      fig.classList.add("changed");
    }
    fig.querySelector("figcaption").textContent = caption(face);
    fig.querySelector("img").alt = caption(face);
    // keep the deck's order: each figure right after the previous one
    const want = previous ? previous.nextSibling : faces.firstChild;
    if (want !== fig) faces.insertBefore(fig, want);
    previous = fig;
  }
  for (const [stem, entry] of shown) {
    if (!keep.has(stem)) { entry.figure.remove(); shown.delete(stem); }
  }
  document.body.dataset.version = String(state.version);
}

async function loop() {
  for (;;) {
    try {
      const r = await fetch(`/api/preview?since=${version}`, {cache: "no-store"});
      if (!r.ok) throw new Error(`HTTP ${r.status}`);
      const state = await r.json();
      if (state.version !== version) {
        version = state.version;
        update(state);
      }
    } catch (e) {
      document.getElementById("status").textContent = "preview stopped (is pnp still running?)";
      document.getElementById("status").classList.remove("mine");
      await new Promise((done) => setTimeout(done, 2000));
    }
  }
}
loop();
