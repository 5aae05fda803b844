"""Charts drawn on the server as inline SVG: no script, no library, no CDN.

A chart is a line per series over a shared x axis, sized by its viewBox so that it scales to
the width of a 360 px phone or of a printed page. Colours are presentation attributes (the
page's CSP allows no inline style) and every series also has its own dash pattern and end
label, so that a chart printed in black and white still tells the lines apart."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from html import escape

from games.names import isolate

WIDTH, HEIGHT = 340, 190
LEFT, RIGHT, TOP, BOTTOM = 36, 8, 10, 22
MAX_POINTS = 240  # a longer series is thinned evenly: a phone has no more pixels to show it
# Colours that differ for the common colour blindnesses (Okabe-Ito), dark enough on white.
COLOURS = ("#0072b2", "#d55e00", "#009e73", "#cc79a7", "#e69f00", "#56b4e9", "#000000")
DASHES = ("", "6 3", "2 3", "8 3 2 3", "1 2", "10 4", "4 4")


@dataclass(frozen=True)
class Series:
    label: str
    values: Sequence[float]


def _thin(values: Sequence[float]) -> list[tuple[int, float]]:
    points = list(enumerate(values))
    if len(points) <= MAX_POINTS:
        return points
    step = (len(points) - 1) / (MAX_POINTS - 1)
    return [points[round(i * step)] for i in range(MAX_POINTS)]


def _fmt(value: float) -> str:
    return f"{value:.1f}".rstrip("0").rstrip(".")


def line_chart(
    series: Sequence[Series],
    *,
    title: str,
    x_label: str = "",
    first_x: int = 1,
    marks: Sequence[tuple[int, str]] = (),
) -> str:
    """The SVG markup of a line chart (``first_x``: the number of the first point; ``marks``:
    (point index, what happened there) drawn as a dashed upright line, e.g. where a game ends)."""
    series = [s for s in series if len(s.values)]
    if not series:
        return ""
    length = max(len(s.values) for s in series)
    low = min(0.0, *(min(s.values) for s in series))
    high = max(0.0, *(max(s.values) for s in series))
    if high == low:
        high = low + 1
    plot_w, plot_h = WIDTH - LEFT - RIGHT, HEIGHT - TOP - BOTTOM

    def x(index: int) -> float:
        return LEFT + (plot_w * index / (length - 1) if length > 1 else plot_w / 2)

    def y(value: float) -> float:
        return TOP + plot_h * (high - value) / (high - low)

    parts = [
        f'<svg class="chart" viewBox="0 0 {WIDTH} {HEIGHT}" role="img" '
        f'aria-label="{escape(title)}" xmlns="http://www.w3.org/2000/svg">',
        f"<title>{escape(title)}</title>",
        '<g font-size="10" fill="#4a4a4a" font-family="sans-serif">',
        f'<text x="{LEFT - 4}" y="{y(high) + 4:.1f}" text-anchor="end">{_fmt(high)}</text>',
        f'<text x="{LEFT - 4}" y="{y(low) + 4:.1f}" text-anchor="end">{_fmt(low)}</text>',
        f'<text x="{LEFT}" y="{HEIGHT - 6}">{first_x}</text>',
        f'<text x="{WIDTH - RIGHT}" y="{HEIGHT - 6}" text-anchor="end">'
        f"{first_x + length - 1}</text>",
    ]
    if x_label:
        parts.append(
            f'<text x="{LEFT + plot_w / 2:.1f}" y="{HEIGHT - 6}" text-anchor="middle">'
            f"{escape(x_label)}</text>"
        )
    if low < 0 < high:
        parts.append(f'<text x="{LEFT - 4}" y="{y(0) + 4:.1f}" text-anchor="end">0</text>')
    parts.append("</g>")
    parts.append(
        f'<rect x="{LEFT}" y="{TOP}" width="{plot_w}" height="{plot_h}" fill="none" '
        'stroke="#c8c8c8" stroke-width="1"/>'
    )
    if low < 0 < high:
        parts.append(
            f'<line x1="{LEFT}" x2="{WIDTH - RIGHT}" y1="{y(0):.1f}" y2="{y(0):.1f}" '
            'stroke="#767676" stroke-width="1"/>'
        )
    for index, text in marks:
        parts.append(
            f'<line class="game-end" x1="{x(index):.1f}" x2="{x(index):.1f}" y1="{TOP}" '
            f'y2="{HEIGHT - BOTTOM}" stroke="#767676" stroke-width="1" stroke-dasharray="3 3">'
            f"<title>{escape(text)}</title></line>"
        )
    for index, one in enumerate(series):
        colour = COLOURS[index % len(COLOURS)]
        dash = DASHES[index % len(DASHES)]
        points = " ".join(f"{x(i):.1f},{y(v):.1f}" for i, v in _thin(one.values))
        dash_attr = f' stroke-dasharray="{dash}"' if dash else ""
        parts.append(
            f'<polyline points="{points}" fill="none" stroke="{colour}" stroke-width="2"'
            f' stroke-linejoin="round"{dash_attr}>'
            f"<title>{escape(isolate(one.label))}</title></polyline>"
        )
        if len(one.values) == 1:
            parts.append(
                f'<circle cx="{x(0):.1f}" cy="{y(one.values[0]):.1f}" r="3" fill="{colour}"/>'
            )
    parts.append("</svg>")
    return "".join(parts)


def legend(series: Sequence[Series]) -> list[dict[str, str]]:
    """What the page writes under a chart: each line's label, colour class and last value."""
    return [
        {"label": s.label, "key": f"k{index % len(COLOURS)}", "last": _fmt(s.values[-1])}
        for index, s in enumerate(series)
        if len(s.values)
    ]
