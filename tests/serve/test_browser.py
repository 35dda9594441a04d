"""The table in a real Chromium: games played by clicking, as a person plays them.

A whole Salvage game against the search player, clicked on the field where the field offers the
move; two people on one screen with the "pass the device" screen between them; an online room
seen from two browsers; a simulated game watched with time travel; a reload in mid-game; an
action forged over the page's own socket.
"""

from __future__ import annotations

import random

import pytest

#: The person has a move (their action list is up) or the game is over.
NEXT = "document.getElementById('your-turn') || document.body.dataset.over === '1'"


def start(page, live, game="salvage", seats=("here", "heuristic"), seed="browser"):
    page.goto(f"{live.url}/new/{game}")
    page.fill("input[name=seed]", seed)
    for k, who in enumerate(seats):
        page.select_option(f"select[name=seat-{k}]", who)
    page.click("#start")
    page.wait_for_selector("#board svg")
    page.wait_for_function("document.body.dataset.connected === '1'")
    return page.url.split("/table/")[1].split("?")[0]


def step(page) -> int:
    return int(page.evaluate("document.body.dataset.step"))


def act(page, rng: random.Random) -> str:
    """One move of the person to move: a spot on the board when the board offers one (and
    its menu's choice), else a button of the action list. Returns where it clicked."""
    before = step(page)
    spots = page.query_selector_all("#board .spot.live")
    buttons = page.query_selector_all("#actions .action:visible")  # a long group is folded
    if spots and (rng.random() < 0.8 or not buttons):
        rng.choice(spots).click()
        where = "board"
        if page.is_visible("#menu"):
            rng.choice(page.query_selector_all("#menu .choice:not(.cancel)")).click()
    else:
        rng.choice(buttons).click()
        where = "list"
    page.wait_for_function(f"Number(document.body.dataset.step) > {before}")
    return where


def test_a_whole_salvage_game_against_search_clicked_on_the_field(page, live):
    game_id = start(page, live, seats=("here", "search"))
    rng = random.Random(3)
    clicks = {"board": 0, "list": 0}
    for _ in range(600):
        page.wait_for_function(NEXT, timeout=60_000)
        if page.evaluate("document.body.dataset.over") == "1":
            break
        clicks[act(page, rng)] += 1
    assert page.evaluate("document.body.dataset.over") == "1"
    result = page.inner_text("#result")
    assert ("wins" in result or "draw" in result) and "Total" in result
    game = live.hub.games[game_id]
    assert game.is_over() and clicks["board"] > clicks["list"] > 0
    assert any(s.seat == 1 for s in game.steps)  # the search player played
    # the page's log is the game's
    assert page.locator("#log > li").count() == len(game.steps)


def test_two_on_one_screen_pass_the_device_between_turns(page, live):
    """Junkyard Wars deals each player two machine cards "face down": between two people's
    turns on one screen a pass screen hides the next player's cards."""
    start(page, live, game="junkyard-wars", seats=("here", "here"))
    assert page.inner_text("#turn").startswith("Red player")
    page.click("#actions .action >> nth=0")  # chooses a machine card
    page.wait_for_function("document.body.dataset.step === '1'")
    page.click("#actions .action:text-is('ends the turn')")
    page.wait_for_selector("#pass", state="visible")
    assert page.inner_text("#pass-title") == "Pass the device to Blue player (P2)"
    assert page.inner_text("#turn").startswith("Red player")  # nothing redrawn behind it
    page.click("#pass-ok")
    page.wait_for_selector("#pass", state="hidden")
    assert page.inner_text("#turn").startswith("Blue player")
    assert "you" in page.inner_text("#seats .seat[data-seat='1'] .who")
    cards = page.inner_text("#seats .seat[data-seat='1']")
    assert "face down" not in cards.split("Machine cards")[1].splitlines()[0]
    assert "face down" in page.inner_text("#seats .seat[data-seat='0']")


def test_two_on_one_screen_pass_only_when_something_is_secret(page, live):
    """Salvage hides only a closing mecha's drawn mods and an attacker's clash dice: a plain
    turn passes to the other person without a pass screen."""
    start(page, live, seats=("here", "here"))
    page.click("#actions .action:text-is('passes')")
    page.wait_for_function("document.body.dataset.step === '1'")
    assert page.is_hidden("#pass") and page.inner_text("#turn").startswith("Mecha 2")


def test_an_online_room_seen_from_two_browsers(browser, live):
    host_ctx, guest_ctx = browser.new_context(), browser.new_context()
    try:
        host = host_ctx.new_page()
        game_id = start(host, live, seats=("here", "online"))
        host.wait_for_selector("#invite-link")
        link = host.input_value("#invite-link")
        assert link.startswith(f"{live.url}/join/{game_id}/")
        guest = guest_ctx.new_page()
        guest.goto(link)
        guest.wait_for_function("document.body.dataset.connected === '1'")
        assert "key=" in guest.url
        assert guest.query_selector("#your-turn") is None  # not its turn
        host.wait_for_selector("#invite", state="hidden")  # the seat is taken
        host.click("#actions .action:text-is('passes')")
        guest.wait_for_selector("#log li:has-text('mecha 1 passes')")
        guest.wait_for_selector("#your-turn")
        assert host.query_selector("#your-turn") is None
        guest.click("#board .spot.live >> nth=0")
        if guest.is_visible("#menu"):
            guest.click("#menu .choice >> nth=0")
        host.wait_for_function("document.body.dataset.step === '2'")
        assert host.inner_text("#log > li:nth-child(2) .act").startswith("mecha 2")
    finally:
        host_ctx.close()
        guest_ctx.close()


def test_a_simulated_game_watched_with_time_travel(page, live):
    page.goto(f"{live.url}/watch/salvage?seed=watch&index=3&bots=heuristic,random")
    page.wait_for_selector("#board svg")
    assert page.is_visible("#travel") and step(page) == 0
    total = int(page.get_attribute("#scrub", "max"))
    assert total > 10
    first = page.inner_html("#board")
    for k in range(1, 4):
        page.click("#fwd")
        page.wait_for_function(f"document.body.dataset.step === '{k}'")
    third = page.inner_html("#board")
    assert third != first
    page.click("#back")
    page.wait_for_function("document.body.dataset.step === '2'")
    page.click("#fwd")
    page.wait_for_function("document.body.dataset.step === '3'")
    assert page.inner_html("#board") == third  # the same picture coming back to a step
    page.click("#log > li:nth-child(8)")
    page.wait_for_function("document.body.dataset.step === '8'")
    assert page.locator("#log li.now").get_attribute("data-step") == "8"
    page.click("#last")
    page.wait_for_function(f"document.body.dataset.step === '{total}'")
    assert page.is_visible("#result")
    page.click("#first")
    page.wait_for_function("document.body.dataset.step === '0'")
    assert page.inner_html("#board") == first


def test_a_reload_in_mid_game_resumes_it(page, live):
    start(page, live, seats=("here", "heuristic"))
    rng = random.Random(5)
    for _ in range(4):
        page.wait_for_function(NEXT)
        act(page, rng)
    page.wait_for_function(NEXT)
    # the latest move, with what the rules did, stands where the eye is
    last = page.locator("#log > li").last
    assert page.inner_text("#latest strong").endswith(last.locator(".act").inner_text())
    before = (step(page), page.inner_text("#turn"), page.inner_html("#board svg #art"))
    page.reload()
    page.wait_for_function("document.body.dataset.connected === '1' && document.body.dataset.step")
    after = (step(page), page.inner_text("#turn"), page.inner_html("#board svg #art"))
    assert after == before
    assert page.locator("#log > li").count() == before[0]


def test_a_forged_action_over_the_socket_changes_nothing(page, live):
    game_id = start(page, live, seats=("here", "heuristic"))
    key = page.url.split("key=")[1]
    answers = page.evaluate("""async ([id, key]) => {
        const ws = new WebSocket(`ws://${location.host}/ws/${id}?key=${key}`);
        const got = [];
        await new Promise((ok) => ws.onopen = ok);
        ws.onmessage = (ev) => {
            const m = JSON.parse(ev.data);
            if (m.type === "error") got.push(m.message);
        };
        for (const a of ["mecha 1 moves to node 999", "mecha 2 passes", "<b>x</b>"])
            ws.send(JSON.stringify({type: "act", action: a}));
        await new Promise((ok) => setTimeout(ok, 500));
        ws.close();
        return got;
    }""", [game_id, key])
    assert len(answers) == 3 and all("not" in a for a in answers)
    assert live.hub.games[game_id].steps == []
    assert step(page) == 0


@pytest.mark.parametrize("game", ["junkyard-wars", "waste-knights", "wreck-and-ruin",
                                  "waste-of-parts"])
def test_every_game_is_played_against_its_heuristic_player(page, live, game):
    """A person's first moves in each game, clicked, the computer answering."""
    page.goto(f"{live.url}/new/{game}")
    seats = page.locator("#seats select").count()
    for k in range(seats):
        page.select_option(f"select[name=seat-{k}]", "here" if k == 0 else "heuristic")
    page.click("#start")
    page.wait_for_selector("#board svg")
    rng = random.Random(1)
    for _ in range(6):
        page.wait_for_function(NEXT, timeout=60_000)
        if page.evaluate("document.body.dataset.over") == "1":
            break
        act(page, rng)
    assert page.locator("#log > li").count() >= 6


def test_a_simulated_game_is_found_from_the_home_page(page, live):
    page.goto(live.url)
    page.select_option("#watch-form select[name=game]", "waste-of-parts")
    page.fill("#watch-form input[name=seed]", "home")
    page.fill("#watch-form input[name=index]", "2")
    page.click("#watch-form button")
    page.wait_for_selector("#board svg")
    assert page.is_visible("#travel")
    assert page.inner_text("#subtitle") == "game 2 of seed home"
