"""Tour simulator: knights touring a Waste Knights board for a mission's length (Monte Carlo).

Pure core. What the board touches is modelled from the rulebook (routes, Fuel, Threat icons,
Radiation and contamination at the Waster Step, cities' free option, resupply, exploration
checks, K.O. and regaining consciousness); combat, card texts, trading and tasks are abstract,
each choice in docs/assumptions.md. A heuristic knight (visit special hexes,
cities and the common task hex, resupply when low) and a random legal knight play it.
"""

from __future__ import annotations

import random
from functools import partial
from typing import Any, Sequence

from pnp.games.waste_knights import rules as R
from pnp.games.waste_knights.hexes import Board
from pnp.games.waste_knights.tour import (CITY_HEX, SPECIAL_HEX, DEFAULT_ROUNDS, Policy, Tables,
                                          TourConfig, TourModel, build_tables, make_config)
from pnp.games.waste_knights.tour_stats import FIELDS, compare, report_sections, summarize
from pnp.sim.runner import Batch, run

__all__ = ["DEFAULT_ROUNDS", "FIELDS", "Policy", "Tables", "TourConfig", "TourModel",
           "build_tables", "make_config", "play_game", "report_sections", "simulate_tour",
           "tour_batch", "tour_report"]

#: Chance that a pool of 1..12 dice passes Easy/Challenging/Hard, indexed [pool][difficulty].
_PASS = tuple(tuple(R.check_probability(p, d) for d in range(11)) for p in range(13))


#: Score lost by a destination that would leave the heuristic knight with no Fuel.
RESERVE_PENALTY = 2.0

# Exploration actions the tour models (Performing Exploration Action, Reference Sheet: Hexes).
_HEAL, _SUPPLIES, _BOTH, _FUEL_GAIN, _HEAL_RAD, _HEAL_HEALTH, _GREEN = range(1, 8)


def _actions(rule: R.HexRules, green: int) -> list[int]:
    """Exploration actions a knight can pay for on a hex (at most 1 is performed)."""
    out = []
    if rule.heal or rule.supplies:
        if green >= rule.resupply_cost:
            out += [_BOTH] if rule.both else [_HEAL, _SUPPLIES]
    if rule.fuel_gain:
        out.append(_FUEL_GAIN)
    if rule.heal_radiation:
        out.append(_HEAL_RAD)
    if rule.heal_health:
        out.append(_HEAL_HEALTH)
    if rule.green_gain:
        out.append(_GREEN)
    return out


def _choose_action(rule: R.HexRules, green: int, fuel: int, health: int, rad: int) -> int:
    """The heuristic knight's exploration action: heal when hurt, refuel when low, else gear."""
    can_resupply = (rule.heal or rule.supplies) and green >= rule.resupply_cost
    if rad >= 2 or health <= 2:
        if can_resupply:
            return _BOTH if rule.both else _HEAL
        if rule.heal_radiation and rad >= 2:
            return _HEAL_RAD
        if rule.heal_health and health <= 2:
            return _HEAL_HEALTH
    if fuel <= 2:
        if rule.fuel_gain:
            return _FUEL_GAIN
        if can_resupply:
            return _BOTH if rule.both else _SUPPLIES
    if rule.green_gain:
        return _GREEN
    if rule.heal_radiation and rad:
        return _HEAL_RAD
    if rule.heal_health and health < 4:
        return _HEAL_HEALTH
    return 0


def play_game(t: Tables, cfg: TourConfig, rng: random.Random) -> tuple[int, ...]:
    """One game: all rounds of all knights; per-seat FIELDS flattened seat-major."""
    m = cfg.model
    n = cfg.knights
    rnd = rng.random
    speeds = cfg.speeds
    heur = [p is Policy.HEURISTIC for p in cfg.policies]
    kind, diff, thr_hex, hazard = t.kind, t.diff, t.threat, t.hazard
    mp_tab, thr_tab, path_tab, rules = t.mp, t.thr, t.path, t.rules
    wsum = sum(m.card_difficulty_weights)
    c5 = m.card_difficulty_weights[0] / wsum
    c57 = (m.card_difficulty_weights[0] + m.card_difficulty_weights[1]) / wsum
    specials_list = t.specials or t.sites

    pos = [t.start] * n
    fuel = [R.START_FUEL] * n
    health = [R.START_HEALTH] * n
    rad = [R.START_RADIATION] * n
    green = [m.start_green] * n
    luck = [[0, 0, 0, 0] for _ in range(n)]  # icons: Fuel, Health, Radiation, Ammo
    for s in range(n):
        for _ in range(m.start_luck):
            luck[s][int(rnd() * 4)] += 1
    ko = [False] * n
    marker = [False] * n
    visited = [1 << t.start] * n
    st = [[0] * len(FIELDS) for _ in range(n)]
    task_hex = specials_list[int(rnd() * len(specials_list))]
    task_age = 0

    for rnd_no in range(cfg.rounds):
        first = rnd_no % n  # the First Player marker passes left each round
        if rnd_no:  # "Skip this phase during the first round of the game."
            task_age += 1
            if task_age >= m.task_marks:  # outdated: a new common task replaces it
                task_hex = specials_list[int(rnd() * len(specials_list))]
                task_age = 0
            for s in range(n):
                p = pos[s]
                ra = rad[s] + t.radiation[p]
                h = health[s] - t.contamination[p]
                ra = 4 if ra > 4 else ra
                h = 0 if h < 0 else h
                rad[s], health[s] = ra, h
                if ra >= R.KO_RADIATION:
                    ko[s] = True
                    st[s][7] += 1
                    continue
                if h <= R.KO_HEALTH:
                    ko[s] = True
                    st[s][8] += 1
                    continue
                if kind[p] == CITY_HEX:
                    f = fuel[s]
                    if heur[s]:
                        if f <= 1:
                            opt = 3
                        elif ra >= 2:
                            opt = 0
                        elif h <= 2:
                            opt = 1
                        elif f < 4:
                            opt = 3
                        elif h < 4:
                            opt = 1
                        else:
                            opt = 0
                    else:
                        opt = int(rnd() * 4)
                    if opt == 0 and ra > 0:
                        rad[s] = ra - 1
                    elif opt == 1 and h < 4:
                        health[s] = h + 1
                    elif opt == 3 and f < 4:
                        fuel[s] = f + 1
                # Knights Step c): draw 1 luck card (up to 5 in hand)
                lk = luck[s]
                if lk[0] + lk[1] + lk[2] + lk[3] < m.luck_max:
                    lk[int(rnd() * 4)] += 1

        # --- Move Step, in round order ---
        for k in range(n):
            s = (first + k) % n
            if ko[s]:
                continue
            p, f, sp, h, ra = pos[s], fuel[s], speeds[s], health[s], rad[s]
            stats = st[s]
            if f == 0:
                stats[6] += 1
            route: tuple[int, ...] = ()
            on_foot = False
            spent = 0
            if heur[s]:
                low = f <= 1
                hurt = h <= 2 or ra >= 2
                rule_p = rules[p]
                stay = False
                if rule_p is not None:
                    if marker[s] and not visited[s] >> p & 1:
                        stay = True  # failed its exploration check: stay and explore next round
                    elif (low or hurt) and kind[p] == CITY_HEX:
                        stay = True
                if not stay:
                    best, best_score = -1, -1e9
                    vis = visited[s]
                    mp_row, thr_row = mp_tab[p], thr_tab[p]
                    g = green[s]
                    for j in t.sites:
                        if j == p:
                            continue
                        kj = kind[j]
                        val = 0.0
                        if not vis >> j & 1:
                            val += 3.0 if kj == SPECIAL_HEX else 1.0
                        if j == task_hex:
                            val += 4.0
                        rj = rules[j]
                        fuel_src = (kj == CITY_HEX or rj.fuel_gain
                                    or (rj.supplies and g >= rj.resupply_cost))
                        if low and fuel_src:
                            val += 4.0
                        if hurt and (kj == CITY_HEX or (ra >= 2 and rj.heal_radiation)
                                     or (h <= 2 and rj.heal_health)
                                     or (rj.heal and g >= rj.resupply_cost)):
                            val += 4.0
                        if val == 0.0:
                            continue
                        dmp = mp_row[j]
                        score = val - 1.5 * hazard[j] - 0.5 * thr_row[j] - dmp / (2.0 * sp)
                        if not fuel_src and f * sp - dmp < sp:
                            score -= RESERVE_PENALTY  # would arrive with an empty tank
                        if score > best_score:
                            best, best_score = j, score
                    if best < 0:
                        best = t.nearest_city[p]
                    if best != p:
                        full = path_tab[p][best]
                        if f > 0:
                            budget = f * sp
                            cost = 0
                            cut = 0
                            for j in full:
                                if cost + diff[j] > budget:
                                    break
                                cost += diff[j]
                                cut += 1
                            # Don't end a partial move on a hex that irradiates or contaminates.
                            while cut > 1 and cut < len(full) and hazard[full[cut - 1]]:
                                cut -= 1
                                cost -= diff[full[cut]]
                            if cut:
                                route = full[:cut] if cut < len(full) else full
                                spent = -(-cost // sp) or 1
                        else:
                            route = full[:1]
                            on_foot = True
            else:
                c = rnd()
                if c < 1 / 3:
                    pass  # "Moving is not obligatory."
                elif c < 2 / 3 or f == 0:
                    nb = t.nbrs[p]
                    route = (nb[int(rnd() * len(nb))],)
                    on_foot = True
                else:
                    mp_row = mp_tab[p]
                    budget = f * sp
                    choices = [j for j in range(t.n) if j != p and mp_row[j] <= budget]
                    if choices:
                        j = choices[int(rnd() * len(choices))]
                        route = path_tab[p][j]
                        spent = -(-mp_row[j] // sp) or 1
            if not route:
                continue
            # Resolve Movement and Wasteland Cards: 1 card + 1 per Threat icon (none on foot);
            # the Waster, seeing all of them, plays the hardest on the last hex.
            if on_foot:
                drawn = 1
            else:
                end = route[-1]
                drawn = 1 + (thr_tab[p][end] if route is path_tab[p][end]
                             else sum(thr_hex[j] for j in route))
                fuel[s] = f - spent
                stats[10] += spent
            stats[11] += len(route)
            stats[4] += 1
            stats[5] += drawn
            u = rnd()
            d = 5 if u < c5 ** drawn else 7 if u < c57 ** drawn else 9
            wd = 0 if h >= 3 else 3 - h
            pool = m.escape_skill - wd
            if rnd() >= _PASS[pool if pool > 1 else 1][d]:
                h -= m.wound_per_failed_escape + (m.extra_wound_hard if d == 9 else 0)
                if h <= 0:
                    h = 0
                    ko[s] = True
                    stats[9] += 1
                health[s] = h
            pos[s] = route[-1]
            marker[s] = False

        # --- Exploration Step, in round order ---
        for k in range(n):
            s = (first + k) % n
            p = pos[s]
            rule = rules[p]
            if ko[s] or rule is None:
                continue
            if rule.check_skill is not None and not marker[s]:
                h = health[s]
                pool = m.explore_skill - (0 if h >= 3 else 3 - h)
                marker[s] = True  # placed "No matter the check result"
                if rnd() >= _PASS[pool if pool > 1 else 1][rule.check_difficulty]:
                    continue
            stats = st[s]
            if not visited[s] >> p & 1:
                visited[s] |= 1 << p
                stats[0 if kind[p] == SPECIAL_HEX else 1] += 1
            if p == task_hex:  # common task: the first knight to explore its hex
                stats[2] += 1
                others = [j for j in specials_list if j != p] or specials_list
                task_hex = others[int(rnd() * len(others))]
                task_age = 0
            g = green[s]
            if heur[s]:
                act = _choose_action(rule, g, fuel[s], health[s], rad[s])
            else:
                acts = _actions(rule, g)
                act = acts[int(rnd() * len(acts))] if acts else 0
            if act in (_HEAL, _SUPPLIES, _BOTH):
                green[s] = g - rule.resupply_cost
                if act != _SUPPLIES:
                    health[s], rad[s] = R.RESOURCE_MAX, R.RESOURCE_MIN
                if act != _HEAL:
                    fuel[s] = R.FUEL_MAX
            elif act == _FUEL_GAIN:
                fuel[s] = min(R.FUEL_MAX, fuel[s] + rule.fuel_gain)
            elif act == _HEAL_RAD:
                rad[s] = max(0, rad[s] - rule.heal_radiation)
            elif act == _HEAL_HEALTH:
                health[s] = min(R.RESOURCE_MAX, health[s] + rule.heal_health)
            elif act == _GREEN:
                green[s] = g + rule.green_gain

        # --- Rest Step: quick resupply (1 luck card), then regain consciousness ---
        for s in range(n):
            if ko[s]:
                p = pos[s]
                pos[s] = t.nearest_city[p]
                if health[s] <= R.KO_HEALTH:
                    health[s] = 2
                if rad[s] >= R.KO_RADIATION:
                    rad[s] = 2
                fuel[s] = max(0, fuel[s] - 1)
                ko[s] = False
                marker[s] = False
                continue
            lk = luck[s]
            if heur[s]:
                if fuel[s] <= 1 and lk[0]:
                    lk[0] -= 1
                    fuel[s] += 1
                elif health[s] <= 2 and lk[1]:
                    lk[1] -= 1
                    health[s] += 1
                elif rad[s] >= 2 and lk[2]:
                    lk[2] -= 1
                    rad[s] -= 1
            elif rnd() < 0.5:
                total = lk[0] + lk[1] + lk[2] + lk[3]
                if total:
                    x = int(rnd() * total)
                    i = 0
                    while x >= lk[i]:
                        x -= lk[i]
                        i += 1
                    lk[i] -= 1
                    if i == 0:
                        fuel[s] = min(4, fuel[s] + 1)
                    elif i == 1:
                        health[s] = min(4, health[s] + 1)
                    elif i == 2:
                        rad[s] = max(0, rad[s] - 1)

    out: list[int] = []
    for s in range(n):
        row = st[s]
        row[3] = row[0] + row[1] + m.task_points * row[2]
        out += row
    return tuple(out)


# --- batches and summaries -------------------------------------------------------------------

def tour_batch(batch: Batch, board: Board, config: TourConfig) -> list[tuple[int, ...]]:
    """Play ``batch.count`` games; one flat tuple per game (seat-major, FIELDS per seat)."""
    tables = build_tables(board)
    rng = random.Random(batch.seed)
    return [play_game(tables, config, rng) for _ in range(batch.count)]


def simulate_tour(board: Board, config: TourConfig, games: int, seed: int | str, *,
                  jobs: int | None = 1, scheduler: str | None = None, batch_size: int = 250,
                  progress: bool = False) -> dict[str, Any]:
    """Run the tour and summarise it (95% CIs, per-seat fairness, band checks)."""
    task = partial(tour_batch, board=board, config=config)
    stream = ("wk-tour", config.knights, config.policies[0].value)
    results = run(task, games, seed, stream=stream, batch_size=batch_size, jobs=jobs,
                  scheduler=scheduler, progress=progress)
    return summarize([g for b in results for g in b], config)


def tour_report(board: Board, speeds: dict[str, int], games: int, seed: int | str, *,
                vehicles: Sequence[str] = ("strider",), rounds: int = DEFAULT_ROUNDS,
                counts: Sequence[int] = (2, 3, 4), jobs: int | None = 1,
                scheduler: str | None = None) -> dict[str, Any]:
    """Tours for 2, 3 and 4 knights plus random knights at the largest count, compared."""
    tours = {}
    for k in counts:
        cfg = make_config(k, speeds, vehicles if len(vehicles) in (1, k) else vehicles[:1],
                          Policy.HEURISTIC, rounds)
        tours[str(k)] = simulate_tour(board, cfg, games, seed, jobs=jobs, scheduler=scheduler)
    k = max(counts)
    rcfg = make_config(k, speeds, vehicles if len(vehicles) in (1, k) else vehicles[:1],
                       Policy.RANDOM, rounds)
    rand = simulate_tour(board, rcfg, games, seed, jobs=jobs, scheduler=scheduler)
    return {"tours": tours, "random": rand,
            "heuristic_vs_random": compare(tours[str(k)], rand)}

