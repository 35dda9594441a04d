"""The table's server without a browser: games, seats, the log on disk, bad input, resuming.

Starlette's TestClient runs the app in-process (WebSockets included); the computer players'
pause is 0 so their moves come at once.
"""

from __future__ import annotations

import json
import time

import pytest
from starlette.testclient import TestClient

from pnp.games.registry import get
from pnp.serve.app import MAX_MESSAGE, create_app
from pnp.serve.store import GameStore, read_log
from pnp.serve.tables import TableGame


def new_game(client, game="salvage", seats=("here", "heuristic"), seed="table-test", **extra):
    r = client.post("/api/new", json={"game": game, "seed": seed, "seats": list(seats), **extra})
    assert r.status_code == 200, r.text
    data = r.json()
    return data["id"], data["url"].split("key=")[1]


def frame(ws):
    """The next message on the socket: a frame, or an error."""
    return ws.receive_json()


def wait_for(predicate, seconds=30.0):
    deadline = time.monotonic() + seconds
    while not predicate():
        assert time.monotonic() < deadline, "timed out"
        time.sleep(0.01)


@pytest.fixture
def client(tmp_path):
    with TestClient(create_app(tmp_path / "games", pause=0.0)) as c:
        yield c


def test_home_lists_every_registered_game(client):
    page = client.get("/").text
    for name in ("salvage", "junkyard-wars", "waste-knights", "wreck-and-ruin",
                 "waste-of-parts"):
        assert f'href="/new/{name}"' in page


def test_a_persons_move_is_played_and_the_computer_answers(client, tmp_path):
    game_id, key = new_game(client)
    with client.websocket_connect(f"/ws/{game_id}?key={key}") as ws:
        f = frame(ws)
        assert f["to_move"] == 0 and f["actions"] and f["svg"].startswith("<svg")
        move = next(a for a in f["actions"] if a["kind"] == "Move")
        assert move["spot"].startswith("node ")
        ws.send_json({"type": "act", "action": move["text"]})
        f = frame(ws)
        assert f["log"][0]["action"] == move["text"] and f["log"][0]["seat"] == 0
        game = client.app.state.hub.games[game_id]
        while not any(s.seat == 1 for s in game.steps):  # until the computer has moved
            if f["actions"]:
                ws.send_json({"type": "act", "action": f["actions"][0]["text"]})
            f = frame(ws)
    saved = read_log(tmp_path / "games" / f"{game_id}.json")
    assert saved["actions"][0] == move["text"]
    wait_for(lambda: read_log(tmp_path / "games" / f"{game_id}.json")["actions"]
             == game.doc["actions"])


def test_a_forged_or_illegal_action_changes_nothing(client):
    game_id, key = new_game(client)
    game = client.app.state.hub.games[game_id]
    with client.websocket_connect(f"/ws/{game_id}?key={key}") as ws:
        frame(ws)
        for forged in ("mecha 1 moves to node 999", "mecha 2 passes", "rm -rf /", 42, None,
                       "x" * 400):
            ws.send_json({"type": "act", "action": forged})
            msg = frame(ws)
            assert msg["type"] == "error", forged
        ws.send_text("not json")
        assert frame(ws)["type"] == "error"
        ws.send_text(json.dumps({"type": "act", "action": "a" * MAX_MESSAGE}))
        assert "at most" in frame(ws)["message"]
    assert game.steps == [] and game.doc["actions"] == []


def test_a_screen_acts_only_for_its_own_seat(client):
    game_id, key = new_game(client, seats=("here", "online"))
    hub = client.app.state.hub
    game = hub.games[game_id]
    invite = game.doc["keys"]["invite"]
    r = client.get(f"/join/{game_id}/{invite}", follow_redirects=False)
    guest = r.headers["location"].split("key=")[1]
    assert guest != key
    # a second visitor finds the seat taken and only watches
    r2 = client.get(f"/join/{game_id}/{invite}", follow_redirects=False)
    assert "key=" not in r2.headers["location"]
    assert client.get(f"/join/{game_id}/wrong-invite").status_code == 200
    with client.websocket_connect(f"/ws/{game_id}?key={guest}") as ws:
        f = frame(ws)
        assert f["actions"] == [] and [s["yours"] for s in f["seats"]] == [False, True]
        legal = [str(a) for a in game.state.legal_actions()]
        ws.send_json({"type": "act", "action": legal[0]})  # seat 1's move, sent by seat 2
        assert "your own seat" in frame(ws)["message"]
    with client.websocket_connect(f"/ws/{game_id}") as ws:  # no key: a spectator
        f = frame(ws)
        assert f["actions"] == [] and not any(s["yours"] for s in f["seats"])
        ws.send_json({"type": "act", "action": legal[0]})
        assert frame(ws)["type"] == "error"
    assert game.steps == []


def test_both_screens_of_a_room_see_every_move(client):
    game_id, key = new_game(client, seats=("here", "online"))
    game = client.app.state.hub.games[game_id]
    r = client.get(f"/join/{game_id}/{game.doc['keys']['invite']}", follow_redirects=False)
    guest = r.headers["location"].split("key=")[1]
    with client.websocket_connect(f"/ws/{game_id}?key={key}") as host, \
            client.websocket_connect(f"/ws/{game_id}?key={guest}") as other:
        f1, _ = frame(host), frame(other)
        text = next(a["text"] for a in f1["actions"] if a["label"] == "passes")  # ends the turn
        host.send_json({"type": "act", "action": text})
        g1, g2 = frame(host), frame(other)
        assert g1["log"][-1]["action"] == text == g2["log"][-1]["action"]
        assert g2["to_move"] == 1 and g2["actions"] and not g1["actions"]
        reply = g2["actions"][0]["text"]
        other.send_json({"type": "act", "action": reply})
        assert frame(host)["log"][-1]["action"] == reply
        assert frame(other)["log"][-1]["action"] == reply


def test_a_stopped_server_resumes_its_games(tmp_path):
    games = tmp_path / "games"
    with TestClient(create_app(games, pause=0.0)) as c:
        game_id, key = new_game(c, seats=("here", "search-quick"))
        with c.websocket_connect(f"/ws/{game_id}?key={key}") as ws:
            for _ in range(3):
                f = frame(ws)
                while f["type"] == "frame" and not f["actions"]:
                    f = frame(ws)
                ws.send_json({"type": "act", "action": f["actions"][0]["text"]})
        hub = c.app.state.hub
        wait_for(lambda: hub.games[game_id].to_move() == 0)
        before = list(hub.games[game_id].doc["actions"])
        svg = hub.games[game_id].frame(0, frozenset({0}))["svg"]
    with TestClient(create_app(games, pause=0.0)) as c:  # started again
        game = c.app.state.hub.games[game_id]
        assert game.doc["actions"] == before
        assert game.frame(0, frozenset({0}))["svg"] == svg
        assert f"/table/{game_id}?key={key}" in c.get("/").text  # listed, with its resume link
        with c.websocket_connect(f"/ws/{game_id}?key={key}") as ws:
            f = frame(ws)
            assert f["actions"] and f["step"] == len(before)


def test_computer_players_play_a_game_to_its_end(client):
    game_id, _ = new_game(client, seats=("heuristic", "search-quick"))
    game = client.app.state.hub.games[game_id]
    wait_for(game.is_over, seconds=120)
    f = game.frame(-2, frozenset())
    assert f["result"]["winner"] and f["result"]["rows"][-1][0] == "Total"
    totals = f["result"]["rows"][-1][1:]
    assert [int(t) for t in totals] == [game.state.score(0), game.state.score(1)]


def test_the_downloaded_log_replays_to_the_same_game(client, tmp_path):
    game_id, _ = new_game(client, seats=("heuristic", "random"))
    game = client.app.state.hub.games[game_id]
    wait_for(game.is_over, seconds=120)
    r = client.get(f"/api/games/{game_id}/log")
    assert "attachment" in r.headers["content-disposition"]
    doc = r.json()
    assert "keys" not in doc and doc["finished"] is True
    path = tmp_path / "downloaded.json"
    path.write_text(json.dumps(doc))
    again = TableGame.from_doc(get("salvage"), read_log(path), str(path))
    assert again.state.returns() == game.state.returns()
    assert [s.events for s in again.steps] == [s.events for s in game.steps]


def test_a_simulated_game_is_watched_step_by_step(client):
    from pnp.sim.play import replay

    r = client.get("/watch/salvage?seed=w&index=3&bots=heuristic,random",
                   follow_redirects=False)
    game_id = r.headers["location"].split("/")[2].split("?")[0]
    game = client.app.state.hub.games[game_id]
    spec = get("salvage")
    setup = spec.make_setup("w", 2, ("heuristic", "random"), {o.name: o.default
                                                                for o in spec.options})
    expected = replay(spec, setup, "w", 3)
    assert game.doc["actions"] == [s["action"] for s in expected["actions"]]
    n = len(game.steps)
    frames = {k: client.get(f"/api/games/{game_id}/frame?step={k}").json() for k in
              (0, 5, n // 2, n)}
    assert frames[0]["step"] == 0 and frames[n]["over"] and frames[n]["result"]
    assert frames[5]["svg"] != frames[0]["svg"]
    assert all(f["actions"] == [] for f in frames.values())
    # stepping back gives the same picture as stepping forward did
    assert client.get(f"/api/games/{game_id}/frame?step=5").json()["svg"] == frames[5]["svg"]


@pytest.mark.parametrize("body", [
    {"game": "chess", "seats": ["here", "here"]},
    {"game": "salvage", "seats": ["here"]},
    {"game": "salvage", "seats": ["here", "grandmaster"]},
    {"game": "salvage", "seats": ["here", "heuristic"], "options": {"rounds": "many"}},
    {"game": "salvage", "seats": ["here", "heuristic"], "options": {"rounds": -3}},
    {"game": "salvage", "seats": ["here", "heuristic"], "board_file": {"text": "{nope"}},
    {"game": "salvage", "seats": "here"},
    {"game": "wreck-and-ruin", "seats": ["here", "heuristic"],
     "board_file": {"name": "map.json", "text": "{}"}},
])
def test_a_bad_new_game_is_refused_with_a_reason(client, body, tmp_path):
    r = client.post("/api/new", json=body)
    assert r.status_code == 400 and r.json()["error"]
    assert client.app.state.hub.games == {}
    boards = tmp_path / "games" / "boards"
    assert not boards.exists() or not list(boards.iterdir())  # nothing left behind


def test_only_its_own_files_are_served(client):
    for path in ("/static/../app.py", "/static/%2e%2e/app.py", "/fonts/..%2F..%2Fetc%2Fpasswd.ttf",
                 "/fonts/DejaVuSans.ttf", "/api/games/..%2F..%2Fetc/log",
                 "/api/games/AAAAAAAAAAAAAAAAAAAAAA/log", "/table/nope"):
        r = client.get(path)
        assert r.status_code in (200, 404) and "import" not in r.text and "root:" not in r.text
    assert client.get("/fonts/Vera-Bold.ttf").content[:4] == b"\x00\x01\x00\x00"


def test_a_session_field_file_gives_the_printed_field(client, tmp_path):
    from pnp.games.salvage.field import generate_field
    from pnp.games.salvage.field_file import field_to_dict

    field = generate_field("printed", nodes=25)
    text = json.dumps(field_to_dict(field))
    game_id, _ = new_game(client, seed="other", board_file={"name": "field.json", "text": text})
    game = client.app.state.hub.games[game_id]
    assert [(n.x, n.y) for n in game.setup.field.nodes] == [(n.x, n.y) for n in field.nodes]
    assert GameStore(tmp_path / "games").load(game_id) is not None


def test_a_secret_in_the_log_is_read_only_by_its_seat():
    """Salvage: the attacker's clash dice and a closing mecha's drawn mods stay its own."""
    from pnp.games.salvage.view import VIEW
    from pnp.games.view import EVERYONE, SPECTATOR, log_line

    clash = "mecha 1 throws D6 + D8 into the clash (attacker)"
    drew = "mecha 2 draws Spare Plating and Die Socket"
    assert log_line(VIEW, 0, clash, 0) == clash == log_line(VIEW, 0, clash, EVERYONE)
    for viewer in (1, SPECTATOR):
        assert "D8" not in log_line(VIEW, 0, clash, viewer)
        assert "Socket" not in log_line(VIEW, 1, drew, 0 if viewer == 1 else viewer)
    assert log_line(VIEW, 1, drew, 1) == drew
    assert log_line(VIEW, 0, drew, 1) == drew  # the mecha named decides, not the step
    kept = 'mecha 2 installs Twin "Howler" Cannons (score 3); Reserve Tank to the discard'
    assert log_line(VIEW, 1, kept, 0) == ('mecha 2 installs Twin "Howler" Cannons (score 3); '
                                          "the other to the discard (hidden)")
    assert log_line(VIEW, 1, kept, 1) == kept
    plain = "mecha 2 installs Spare Plating (score 1)"  # nothing else was drawn
    assert log_line(VIEW, 1, plain, 0) == plain
    defended = "mecha 2 throws D4 into the clash (defender)"
    assert log_line(VIEW, 1, defended, 0) == defended  # rolled at once: nothing to hide


def test_a_screen_that_vanishes_in_mid_move_leaves_the_game_going(client):
    game_id, key = new_game(client, seats=("here", "heuristic"))
    game = client.app.state.hub.games[game_id]
    with client.websocket_connect(f"/ws/{game_id}?key={key}") as ws:
        f = frame(ws)
        text = next(a["text"] for a in f["actions"] if a["label"] == "passes")
        ws.send_json({"type": "act", "action": text})
    # gone without reading its frame: the move stands and the computer answers
    wait_for(lambda: len(game.steps) >= 2 and game.to_move() == 0)
    assert game.doc["actions"][0] == text
    with client.websocket_connect(f"/ws/{game_id}?key={key}") as ws:
        f = frame(ws)
        assert f["step"] == len(game.steps) and f["actions"]


def test_a_rules_bug_is_reported_and_the_game_kept_as_saved(client, monkeypatch):
    """The rules refusing an action they listed (a bug) is one error line; the game stays as
    its log has it and goes on."""
    game_id, key = new_game(client, seats=("here", "heuristic"))
    game = client.app.state.hub.games[game_id]
    with client.websocket_connect(f"/ws/{game_id}?key={key}") as ws:
        f = frame(ws)
        text = f["actions"][0]["text"]
        real = type(game.state).apply

        def broken(self, action):
            self.mechas[0].fuel = -99  # half-changed, then the bug
            raise RuntimeError("boom")

        monkeypatch.setattr(type(game.state), "apply", broken)
        ws.send_json({"type": "act", "action": text})
        msg = frame(ws)
        assert msg["type"] == "error" and "internal error" in msg["message"]
        monkeypatch.setattr(type(game.state), "apply", real)
        assert game.steps == [] and game.state.mechas[0].fuel > 0
        ws.send_json({"type": "act", "action": text})
        assert frame(ws)["log"][0]["action"] == text


@pytest.mark.parametrize("game", ["salvage", "junkyard-wars", "waste-knights",
                                  "wreck-and-ruin", "waste-of-parts"])
def test_every_game_is_played_to_its_end_against_its_heuristic_player(client, game):
    """A person's seat choosing among the frames' actions, the heuristic players answering,
    to the end: the result names a winner (or the crew's fate) and the score table."""
    spec = get(game)
    seats = ["here"] + ["heuristic"] * (spec.min_players - 1)
    game_id, key = new_game(client, game=game, seats=seats, seed="whole")
    rng = __import__("random").Random(game)
    with client.websocket_connect(f"/ws/{game_id}?key={key}") as ws:
        f = frame(ws)
        for _ in range(20_000):
            if f["over"]:
                break
            if f["actions"]:
                ws.send_json({"type": "act", "action": rng.choice(f["actions"])["text"]})
            f = frame(ws)
            assert f["type"] == "frame", f
    assert f["over"] and f["result"]["winner"] and f["result"]["rows"]
    assert client.app.state.hub.games[game_id].is_over()


def test_a_game_in_progress_keeps_its_secrets_from_other_machines(tmp_path):
    """Its log names every secret as played: another machine gets it once the game is over."""
    with TestClient(create_app(tmp_path / "games", pause=0.0),
                    client=("192.0.2.7", 50000)) as c:
        game_id, _ = new_game(c, seats=("here", "heuristic"))
        r = c.get(f"/api/games/{game_id}/log")
        assert "attachment" not in r.headers.get("content-disposition", "")
        assert "once the game is over" in r.text
        assert "resume" not in c.get("/").text  # no seat's key for another machine


def test_a_warm_server_readies_the_computer_players_as_it_starts(tmp_path, monkeypatch):
    """``create_app(warm=True)`` (``pnp serve``) calls each game's ``GameSpec.warm`` in the
    background as it starts, so the first Wreck and Ruin computer move does not wait for the
    kernels' compile; an app made without it does not."""
    from pnp.serve import app as app_module

    called: list[str] = []
    monkeypatch.setattr(app_module, "_warm", lambda: called.append("warm"))
    with TestClient(create_app(tmp_path / "cold", pause=0.0)) as c:
        assert c.get("/").status_code == 200
    assert called == []
    with TestClient(create_app(tmp_path / "warm", pause=0.0, warm=True)) as c:
        wait_for(lambda: called == ["warm"])
    assert [spec.name for spec in app_module.all_games() if spec.warm is not None] == [
        "wreck-and-ruin"]
