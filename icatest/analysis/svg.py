"""Small inline SVG charts, drawn by hand so the report needs no plotting library or network.

Every function returns `Markup` (safe to embed); every piece of text that goes into the SVG is
escaped here, because labels (failure types, cluster terms, run names) may come from data.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from markupsafe import Markup, escape

PALETTE = ("#1f77b4", "#ff7f0e", "#2ca02c", "#d62728", "#9467bd", "#8c564b", "#e377c2", "#7f7f7f")
WIDTH, HEIGHT = 640, 300
LEFT, RIGHT, TOP, BOTTOM = 56, 16, 28, 64


def _frame(
    body: list[str], title: str, x_label: str, y_label: str, legend: Sequence[str]
) -> Markup:
    parts = [
        f'<svg xmlns="http://www.w3.org/2000/svg" class="chart" role="img" width="{WIDTH}" '
        f'height="{HEIGHT}" viewBox="0 0 {WIDTH} {HEIGHT}" aria-label="{escape(title)}">',
        f"<title>{escape(title)}</title>",
        f'<line x1="{LEFT}" y1="{HEIGHT - BOTTOM}" x2="{WIDTH - RIGHT}" y2="{HEIGHT - BOTTOM}" '
        'stroke="#333"/>',
        f'<line x1="{LEFT}" y1="{TOP}" x2="{LEFT}" y2="{HEIGHT - BOTTOM}" stroke="#333"/>',
        f'<text x="{(LEFT + WIDTH - RIGHT) / 2}" y="{HEIGHT - 6}" text-anchor="middle" '
        f'font-size="12">{escape(x_label)}</text>',
        f'<text x="14" y="{(TOP + HEIGHT - BOTTOM) / 2}" text-anchor="middle" font-size="12" '
        f'transform="rotate(-90 14 {(TOP + HEIGHT - BOTTOM) / 2})">{escape(y_label)}</text>',
    ]
    for i, name in enumerate(legend):
        x = LEFT + 8 + i * 150
        parts.append(f'<rect x="{x}" y="6" width="10" height="10" fill="{PALETTE[i % 8]}"/>')
        short = name if len(name) <= 22 else name[:21] + "…"
        parts.append(f'<text x="{x + 14}" y="15" font-size="11">{escape(short)}</text>')
    parts.extend(body)
    parts.append("</svg>")
    return Markup("".join(parts))


def _scale(value: float, lo: float, hi: float, out_lo: float, out_hi: float) -> float:
    if hi == lo:
        return (out_lo + out_hi) / 2
    return out_lo + (value - lo) / (hi - lo) * (out_hi - out_lo)


def _y_ticks(y_max: float) -> list[str]:
    ticks = []
    for i in range(5):
        value = y_max * i / 4
        y = _scale(value, 0, y_max, HEIGHT - BOTTOM, TOP)
        ticks.append(
            f'<text x="{LEFT - 4}" y="{y + 4:.1f}" text-anchor="end" font-size="10">'
            f"{value:.3g}</text>"
        )
    return ticks


def empty_chart(title: str, message: str) -> Markup:
    """A placeholder that still has a size, saying why there is no data."""
    body = [
        f'<text x="{WIDTH / 2}" y="{HEIGHT / 2}" text-anchor="middle" font-size="13" '
        f'fill="#666">{escape(message)}</text>'
    ]
    return _frame(body, title, "", "", [])


def line_chart(
    series: Mapping[str, Sequence[tuple[float, float]]], title: str, x_label: str, y_label: str
) -> Markup:
    """Step lines, one per series (cumulative counts over time)."""
    points = [p for s in series.values() for p in s]
    if not points:
        return empty_chart(title, "no timestamped data")
    x_max = max(p[0] for p in points) or 1.0
    y_max = max(p[1] for p in points) or 1.0
    body = _y_ticks(y_max)
    for i, (_, pts) in enumerate(series.items()):
        coords = []
        prev_y: float = HEIGHT - BOTTOM
        for x, y in sorted(pts):
            sx = _scale(x, 0, x_max, LEFT, WIDTH - RIGHT)
            sy = _scale(y, 0, y_max, HEIGHT - BOTTOM, TOP)
            coords.append(f"{sx:.1f},{prev_y:.1f} {sx:.1f},{sy:.1f}")
            prev_y = sy
        body.append(
            f'<polyline fill="none" stroke="{PALETTE[i % 8]}" stroke-width="2" '
            f'points="{LEFT},{HEIGHT - BOTTOM} {" ".join(coords)}"/>'
        )
    body.append(
        f'<text x="{WIDTH - RIGHT}" y="{HEIGHT - BOTTOM + 14}" text-anchor="end" '
        f'font-size="10">{x_max:.3g}</text>'
    )
    return _frame(body, title, x_label, y_label, list(series))


def bar_chart(
    categories: Sequence[str],
    series: Mapping[str, Sequence[float]],
    title: str,
    y_label: str,
    x_label: str = "",
) -> Markup:
    """Grouped vertical bars, one group per category, one bar per series."""
    values = [v for s in series.values() for v in s]
    if not categories or not values or max(values) <= 0:
        return empty_chart(title, "no data")
    y_max = max(values)
    body = _y_ticks(y_max)
    group_w = (WIDTH - LEFT - RIGHT) / len(categories)
    bar_w = group_w * 0.8 / max(1, len(series))
    for c, category in enumerate(categories):
        gx = LEFT + c * group_w + group_w * 0.1
        for s, (name, vals) in enumerate(series.items()):
            value = vals[c]
            top = _scale(value, 0, y_max, HEIGHT - BOTTOM, TOP)
            body.append(
                f'<rect x="{gx + s * bar_w:.1f}" y="{top:.1f}" width="{bar_w:.1f}" '
                f'height="{HEIGHT - BOTTOM - top:.1f}" fill="{PALETTE[s % 8]}">'
                f"<title>{escape(name)} / {escape(category)}: {value:.3g}</title></rect>"
            )
        cx = LEFT + (c + 0.5) * group_w
        body.append(
            f'<text x="{cx:.1f}" y="{HEIGHT - BOTTOM + 12}" font-size="9" text-anchor="end" '
            f'transform="rotate(-25 {cx:.1f} {HEIGHT - BOTTOM + 12})">{escape(category)}</text>'
        )
    return _frame(body, title, x_label, y_label, list(series) if len(series) > 1 else [])


def histogram(
    values: Mapping[str, Sequence[float]], title: str, x_label: str, bins: int = 10,
    lo: float = 0.0, hi: float = 1.0,
) -> Markup:  # fmt: skip
    """Counts of values in equal bins over [lo, hi], grouped by series."""
    edges = [lo + (hi - lo) * i / bins for i in range(bins + 1)]
    labels = [f"{edges[i]:.2g}-{edges[i + 1]:.2g}" for i in range(bins)]
    counts = {}
    for name, vals in values.items():
        row = [0.0] * bins
        for v in vals:
            row[min(bins - 1, max(0, int((v - lo) / (hi - lo) * bins)))] += 1
        counts[name] = row
    return bar_chart(labels, counts, title, "conversations", x_label)


def scatter(points: Sequence[tuple[float, float, int]], names: Sequence[str], title: str) -> Markup:
    """Points coloured by group index (cluster), with a legend of group names."""
    if not points:
        return empty_chart(title, "no failing conversations to project")
    xs = [p[0] for p in points]
    ys = [p[1] for p in points]
    body = []
    for x, y, group in points:
        sx = _scale(x, min(xs), max(xs), LEFT + 8, WIDTH - RIGHT - 8)
        sy = _scale(y, min(ys), max(ys), HEIGHT - BOTTOM - 8, TOP + 8)
        name = names[group] if group < len(names) else str(group)
        body.append(
            f'<circle cx="{sx:.1f}" cy="{sy:.1f}" r="5" fill="{PALETTE[group % 8]}" '
            f'fill-opacity="0.75"><title>{escape(name)}</title></circle>'
        )
    return _frame(body, title, "PC 1", "PC 2", list(names)[:4])
