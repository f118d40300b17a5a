"""Small inline SVG charts, drawn by hand so the report needs no plotting library or network.

Every function returns `Markup` (safe to embed); every piece of text that goes into the SVG is
escaped here, because labels (failure types, cluster terms, run names) may come from data.
Charts scale to the width of their container (viewBox, no fixed pixel width); axes use round
ticks (1, 2, 2.5, 5 × 10^k) and legends wrap onto as many rows as they need instead of cutting
names.
"""

from __future__ import annotations

import math
from collections.abc import Mapping, Sequence

from markupsafe import Markup, escape

PALETTE = ("#1f77b4", "#ff7f0e", "#2ca02c", "#d62728", "#9467bd", "#8c564b", "#e377c2", "#7f7f7f")
# marker shapes for a second grouping (clusters) when colour already shows the first (arms)
SHAPES = ("circle", "square", "triangle", "diamond", "cross", "triangle-down", "star", "ring")
WIDTH, PLOT_HEIGHT = 1200, 220
LEFT, RIGHT, BOTTOM = 64, 20, 64
LEGEND_ROW, LEGEND_CHAR_PX = 18, 6.6


def nice_step(span: float, target_ticks: int = 5) -> float:
    """A round tick step (1, 2, 2.5 or 5 times a power of ten) giving about `target_ticks`."""
    if span <= 0:
        return 1.0
    raw = span / max(1, target_ticks)
    power = 10 ** math.floor(math.log10(raw))
    for factor in (1, 2, 2.5, 5, 10):
        if raw <= factor * power:
            return factor * power
    return 10 * power


def nice_ticks(hi: float, target_ticks: int = 5, integer: bool = False) -> list[float]:
    """Round ticks from 0 to the first round value >= hi (whole numbers when `integer`)."""
    step = nice_step(hi, target_ticks)
    if integer:
        step = max(1.0, math.ceil(step))
    top = max(step, math.ceil(hi / step - 1e-9) * step)
    return [round(i * step, 10) for i in range(int(round(top / step)) + 1)]


def tick_label(value: float) -> str:
    if float(value).is_integer():
        return str(int(value))
    return f"{value:.3g}"


def _legend_rows(legend: Sequence[Swatch]) -> list[list[tuple[float, Swatch]]]:
    """Place (swatch, name) legend entries left to right, wrapping to new rows."""
    rows: list[list[tuple[float, Swatch]]] = [[]]
    x = float(LEFT)
    for entry in legend:
        width = 22 + len(entry[2]) * LEGEND_CHAR_PX
        if rows[-1] and x + width > WIDTH - RIGHT:
            rows.append([])
            x = float(LEFT)
        rows[-1].append((x, entry))
        x += width + 12
    return rows if rows[0] else []


def marker(
    shape: str, x: float, y: float, colour: str, size: float = 5.0, title: str | None = None
) -> str:
    """One point marker as a whole SVG element (shape tells one group, colour another)."""
    s = size
    paint = f'fill="{colour}" fill-opacity="0.8"'
    if shape == "square":
        tag = "rect"
        attrs = f'x="{x - s:.1f}" y="{y - s:.1f}" width="{2 * s:.1f}" height="{2 * s:.1f}" {paint}'
    elif shape == "cross":
        tag = "path"
        attrs = (
            f'd="M{x - s:.1f},{y - s:.1f}L{x + s:.1f},{y + s:.1f}M{x - s:.1f},{y + s:.1f}'
            f'L{x + s:.1f},{y - s:.1f}" stroke="{colour}" stroke-width="2.5"'
        )
    elif shape == "ring":
        tag = "circle"
        attrs = (
            f'cx="{x:.1f}" cy="{y:.1f}" r="{s:.1f}" fill="none" stroke="{colour}" stroke-width="2"'
        )
    elif shape == "circle":
        tag, attrs = "circle", f'cx="{x:.1f}" cy="{y:.1f}" r="{s:.1f}" {paint}'
    else:
        tag = "polygon"
        joined = " ".join(f"{px:.1f},{py:.1f}" for px, py in _polygon(shape, x, y, s))
        attrs = f'points="{joined}" {paint}'
    inner = f"<title>{escape(title)}</title>" if title is not None else ""
    return f"<{tag} {attrs}>{inner}</{tag}>"


def _polygon(shape: str, x: float, y: float, s: float) -> list[tuple[float, float]]:
    if shape == "triangle":
        return [(x, y - s * 1.2), (x + s * 1.1, y + s * 0.8), (x - s * 1.1, y + s * 0.8)]
    if shape == "triangle-down":
        return [(x, y + s * 1.2), (x + s * 1.1, y - s * 0.8), (x - s * 1.1, y - s * 0.8)]
    if shape == "diamond":
        return [(x, y - s * 1.3), (x + s, y), (x, y + s * 1.3), (x - s, y)]
    radii = [s * 1.3 if i % 2 == 0 else s * 0.55 for i in range(10)]  # a five-pointed star
    return [
        (x + r * math.sin(i * math.pi / 5), y - r * math.cos(i * math.pi / 5))
        for i, r in enumerate(radii)
    ]


Swatch = tuple[str, int, str]
"""A legend entry: ("colour" | "shape", group index, name)."""


def _swatch(kind: str, index: int, x: float, y: float) -> str:
    if kind == "shape":
        return marker(SHAPES[index % len(SHAPES)], x, y, "#555", 4.5)
    colour = PALETTE[index % 8]
    return f'<rect x="{x - 5:.1f}" y="{y - 5:.1f}" width="10" height="10" fill="{colour}"/>'


class _Frame:
    """Geometry of one chart: the legend rows on top decide where the plot area starts."""

    def __init__(self, legend: Sequence[Swatch]):
        self.legend = _legend_rows(legend)
        self.top = 12 + LEGEND_ROW * max(1, len(self.legend))
        self.height = self.top + PLOT_HEIGHT + BOTTOM
        self.plot_bottom = self.top + PLOT_HEIGHT

    def y(self, value: float, y_max: float) -> float:
        return _scale(value, 0, y_max, self.plot_bottom, self.top)

    def render(self, body: list[str], title: str, x_label: str, y_label: str) -> Markup:
        h, mid_y = self.height, (self.top + self.plot_bottom) / 2
        parts = [
            f'<svg xmlns="http://www.w3.org/2000/svg" class="chart" role="img" '
            f'viewBox="0 0 {WIDTH} {h}" preserveAspectRatio="xMidYMid meet" '
            f'aria-label="{escape(title)}">',
            f"<title>{escape(title)}</title>",
            f'<line x1="{LEFT}" y1="{self.plot_bottom}" x2="{WIDTH - RIGHT}" '
            f'y2="{self.plot_bottom}" stroke="#333"/>',
            f'<line x1="{LEFT}" y1="{self.top}" x2="{LEFT}" y2="{self.plot_bottom}" '
            'stroke="#333"/>',
            f'<text x="{(LEFT + WIDTH - RIGHT) / 2}" y="{h - 6}" text-anchor="middle" '
            f'font-size="13">{escape(x_label)}</text>',
            f'<text x="16" y="{mid_y}" text-anchor="middle" font-size="13" '
            f'transform="rotate(-90 16 {mid_y})">{escape(y_label)}</text>',
        ]
        for r, row in enumerate(self.legend):
            y = 10 + r * LEGEND_ROW
            for x, (kind, index, name) in row:
                parts.append(_swatch(kind, index, x + 6, y + 5))
                parts.append(
                    f'<text x="{x + 16:.1f}" y="{y + 9}" font-size="12">{escape(name)}</text>'
                )
        parts.extend(body)
        parts.append("</svg>")
        return Markup("".join(parts))


def _scale(value: float, lo: float, hi: float, out_lo: float, out_hi: float) -> float:
    if hi == lo:
        return (out_lo + out_hi) / 2
    return out_lo + (value - lo) / (hi - lo) * (out_hi - out_lo)


def _y_axis(frame: _Frame, ticks: Sequence[float]) -> list[str]:
    y_max = ticks[-1]
    out = []
    for value in ticks:
        y = frame.y(value, y_max)
        out.append(
            f'<line x1="{LEFT}" y1="{y:.1f}" x2="{WIDTH - RIGHT}" y2="{y:.1f}" stroke="#eee"/>'
            f'<text x="{LEFT - 6}" y="{y + 4:.1f}" text-anchor="end" font-size="12">'
            f"{tick_label(value)}</text>"
        )
    return out


def empty_chart(title: str, message: str) -> Markup:
    """A placeholder that still has a size, saying why there is no data."""
    frame = _Frame([])
    body = [
        f'<text x="{WIDTH / 2}" y="{(frame.top + frame.plot_bottom) / 2}" text-anchor="middle" '
        f'font-size="14" fill="#666">{escape(message)}</text>'
    ]
    return frame.render(body, title, "", "")


def line_chart(
    series: Mapping[str, Sequence[tuple[float, float]]],
    title: str,
    x_label: str,
    y_label: str,
    *,
    integer: bool = True,
) -> Markup:
    """Step lines, one per series (cumulative counts over time), with round ticks on both axes."""
    points = [p for s in series.values() for p in s]
    if not points:
        return empty_chart(title, "no timestamped data")
    frame = _Frame([("colour", i, name) for i, name in enumerate(series)])
    x_ticks = nice_ticks(max(p[0] for p in points) or 1.0, 8)
    y_ticks = nice_ticks(max(p[1] for p in points) or 1.0, 5, integer=integer)
    x_max, y_max = x_ticks[-1], y_ticks[-1]
    body = _y_axis(frame, y_ticks)
    for value in x_ticks:
        sx = _scale(value, 0, x_max, LEFT, WIDTH - RIGHT)
        body.append(
            f'<text x="{sx:.1f}" y="{frame.plot_bottom + 16}" text-anchor="middle" '
            f'font-size="12">{tick_label(value)}</text>'
        )
    for i, (_, pts) in enumerate(series.items()):
        coords = []
        prev_y: float = frame.plot_bottom
        for x, y in sorted(pts):
            sx = _scale(x, 0, x_max, LEFT, WIDTH - RIGHT)
            sy = frame.y(y, y_max)
            coords.append(f"{sx:.1f},{prev_y:.1f} {sx:.1f},{sy:.1f}")
            prev_y = sy
        body.append(
            f'<polyline fill="none" stroke="{PALETTE[i % 8]}" stroke-width="2" '
            f'points="{LEFT},{frame.plot_bottom} {" ".join(coords)}"/>'
        )
    return frame.render(body, title, x_label, y_label)


def bar_chart(
    categories: Sequence[str],
    series: Mapping[str, Sequence[float]],
    title: str,
    y_label: str,
    x_label: str = "",
    *,
    integer: bool = False,
) -> Markup:
    """Grouped vertical bars, one group per category, one bar per series."""
    values = [v for s in series.values() for v in s]
    if not categories or not values or max(values) <= 0:
        return empty_chart(title, "no data")
    legend = [("colour", i, name) for i, name in enumerate(series)] if len(series) > 1 else []
    frame = _Frame(legend)
    y_ticks = nice_ticks(max(values), 5, integer=integer)
    y_max = y_ticks[-1]
    body = _y_axis(frame, y_ticks)
    group_w = (WIDTH - LEFT - RIGHT) / len(categories)
    bar_w = group_w * 0.8 / max(1, len(series))
    upright = max(len(c) for c in categories) * LEGEND_CHAR_PX < group_w * 0.95
    for c, category in enumerate(categories):
        gx = LEFT + c * group_w + group_w * 0.1
        for s, (name, vals) in enumerate(series.items()):
            value = vals[c]
            top = frame.y(value, y_max)
            body.append(
                f'<rect x="{gx + s * bar_w:.1f}" y="{top:.1f}" width="{bar_w:.1f}" '
                f'height="{frame.plot_bottom - top:.1f}" fill="{PALETTE[s % 8]}">'
                f"<title>{escape(name)} / {escape(category)}: {value:.3g}</title></rect>"
            )
        cx = LEFT + (c + 0.5) * group_w
        by = frame.plot_bottom + 16
        if upright:
            body.append(
                f'<text x="{cx:.1f}" y="{by}" font-size="12" text-anchor="middle">'
                f"{escape(category)}</text>"
            )
        else:
            body.append(
                f'<text x="{cx:.1f}" y="{by}" font-size="12" text-anchor="end" '
                f'transform="rotate(-20 {cx:.1f} {by})">{escape(category)}</text>'
            )
    return frame.render(body, title, x_label, y_label)


def histogram(
    values: Mapping[str, Sequence[float]], title: str, x_label: str, bins: int = 10,
    lo: float = 0.0, hi: float = 1.0,
) -> Markup:  # fmt: skip
    """Counts of values in equal bins over [lo, hi], grouped by series."""
    edges = [lo + (hi - lo) * i / bins for i in range(bins + 1)]
    labels = [f"{edges[i]:.2g}–{edges[i + 1]:.2g}" for i in range(bins)]
    counts = {}
    for name, vals in values.items():
        row = [0.0] * bins
        for v in vals:
            row[min(bins - 1, max(0, int((v - lo) / (hi - lo) * bins)))] += 1
        counts[name] = row
    return bar_chart(labels, counts, title, "conversations", x_label, integer=True)


def range_ticks(lo: float, hi: float, target_ticks: int = 5) -> list[float]:
    """Round ticks covering [lo, hi] (either may be negative)."""
    if hi <= lo:
        hi, lo = lo + 1.0, lo - 1.0
    step = nice_step(hi - lo, target_ticks)
    first, last = math.floor(lo / step - 1e-9), math.ceil(hi / step - 1e-9)
    return [round(i * step, 10) for i in range(first, last + 1)]


def scatter(
    points: Sequence[tuple[float, float, int, int]],
    colour_names: Sequence[str],
    shape_names: Sequence[str],
    title: str,
    x_label: str = "PC 1",
    y_label: str = "PC 2",
) -> Markup:
    """Points coloured by one grouping (clusters) and shaped by another (arms or runs), on two
    scaled axes with round ticks; the legend shows each colour and, when there are several,
    each shape."""
    if not points:
        return empty_chart(title, "no failing conversations to project")
    legend: list[Swatch] = [("colour", i, n) for i, n in enumerate(colour_names)]
    if len(shape_names) > 1:
        legend += [("shape", i, n) for i, n in enumerate(shape_names)]
    frame = _Frame(legend)
    x_ticks = range_ticks(min(p[0] for p in points), max(p[0] for p in points), 8)
    y_ticks = range_ticks(min(p[1] for p in points), max(p[1] for p in points), 5)
    x_lo, x_hi, y_lo, y_hi = x_ticks[0], x_ticks[-1], y_ticks[0], y_ticks[-1]
    body = []
    for value in y_ticks:
        y = _scale(value, y_lo, y_hi, frame.plot_bottom, frame.top)
        body.append(
            f'<line x1="{LEFT}" y1="{y:.1f}" x2="{WIDTH - RIGHT}" y2="{y:.1f}" stroke="#eee"/>'
            f'<text x="{LEFT - 6}" y="{y + 4:.1f}" text-anchor="end" font-size="12">'
            f"{tick_label(value)}</text>"
        )
    for value in x_ticks:
        x = _scale(value, x_lo, x_hi, LEFT, WIDTH - RIGHT)
        body.append(
            f'<line x1="{x:.1f}" y1="{frame.top}" x2="{x:.1f}" y2="{frame.plot_bottom}" '
            f'stroke="#eee"/><text x="{x:.1f}" y="{frame.plot_bottom + 16}" '
            f'text-anchor="middle" font-size="12">{tick_label(value)}</text>'
        )
    for x, y, colour, shape in points:
        sx = _scale(x, x_lo, x_hi, LEFT, WIDTH - RIGHT)
        sy = _scale(y, y_lo, y_hi, frame.plot_bottom, frame.top)
        group = colour_names[colour] if colour < len(colour_names) else str(colour)
        arm = shape_names[shape] if shape < len(shape_names) else str(shape)
        shape_name = SHAPES[shape % len(SHAPES)]
        body.append(marker(shape_name, sx, sy, PALETTE[colour % 8], title=f"{arm} · {group}"))
    return frame.render(body, title, x_label, y_label)
