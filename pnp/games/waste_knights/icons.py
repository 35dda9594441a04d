"""Waste Knights hex icons as drawing primitives (drawn, so every printer and viewer shows the
same thing): Threat, Radiation, contamination, city, special action."""

from __future__ import annotations

import math

from pnp.layout.draw import Align, Circle, Item, Path, Point, Rect, TextBox, VAlign

INK = "#222222"


def threat_icon(x: float, y: float, s: float) -> list[Item]:
    """Threat: a red warning triangle with "!" (centre x, y; size s mm)."""
    h = s * 0.9
    tri = Path(points=((x, y - h / 2), (x + s / 2, y + h / 2), (x - s / 2, y + h / 2)),
               closed=True, fill="#c62828", stroke=INK, stroke_width=0.2)
    return [tri, TextBox(x=x - s / 2, y=y - h / 4, w=s, h=h * 0.75, text="!", size=s * 1.6,
                         min_size=2, font="Vera-Bold", colour="white", align=Align.CENTER,
                         valign=VAlign.MIDDLE)]


def radiation_icon(x: float, y: float, s: float) -> list[Item]:
    """Radiation: a yellow disc with a black trefoil."""
    r = s / 2
    items: list[Item] = [Circle(x, y, r, fill="#f9d71c", stroke=INK, stroke_width=0.2)]
    for a0 in (-90, 30, 150):
        arc = [(x + r * 0.85 * math.cos(math.radians(a)), y + r * 0.85 * math.sin(math.radians(a)))
               for a in range(a0 - 30, a0 + 31, 10)]
        inner = [(x + r * 0.28 * math.cos(math.radians(a)),
                  y + r * 0.28 * math.sin(math.radians(a))) for a in range(a0 + 30, a0 - 31, -10)]
        items.append(Path(points=tuple(arc + inner), closed=True, fill=INK, stroke=None))
    items.append(Circle(x, y, r * 0.16, fill=INK, stroke=None))
    return items


def contamination_icon(x: float, y: float, s: float) -> list[Item]:
    """Contamination: a green drop."""
    r = s * 0.34
    cy = y + s * 0.14
    arc = [(x + r * math.cos(math.radians(a)), cy + r * math.sin(math.radians(a)))
           for a in range(-30, 211, 15)]
    return [Path(points=((x, y - s / 2), *arc), closed=True, fill="#4caf50", stroke=INK,
                 stroke_width=0.2)]


def city_icon(x: float, y: float, s: float) -> list[Item]:
    """City: a black tower with battlements."""
    w, h = s * 0.8, s * 0.8
    x0, y0 = x - w / 2, y - h / 2
    c = w / 5
    pts = [(x0, y0 + h), (x0, y0)] + [(x0 + c * i, y0 + (c * 0.8 if i % 2 else 0))
                                      for i in range(1, 5)] + [(x0 + w, y0), (x0 + w, y0 + h)]
    pts2: list[Point] = []
    for i in range(len(pts) - 1):  # square battlements: step, not slope
        pts2.append(pts[i])
        if 1 <= i < len(pts) - 2:
            pts2.append((pts[i + 1][0], pts[i][1]))
    pts2.append(pts[-1])
    return [Path(points=tuple(pts2), closed=True, fill=INK, stroke=None),
            Rect(x - w * 0.12, y0 + h * 0.55, w * 0.24, h * 0.45, fill="white", stroke=None)]


def special_icon(x: float, y: float, s: float) -> list[Item]:
    """Special action: a black disc with a white S."""
    return [Circle(x, y, s / 2, fill=INK, stroke=None),
            TextBox(x=x - s / 2, y=y - s / 2, w=s, h=s, text="S", size=s * 2.0, min_size=2,
                    font="Vera-Bold", colour="white", align=Align.CENTER, valign=VAlign.MIDDLE)]


ICON_DRAW = {"threat": threat_icon, "radiation": radiation_icon,
             "contamination": contamination_icon, "city": city_icon, "special": special_icon}
