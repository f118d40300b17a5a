"""Owner's manuals (Markdown, HTML, plain text) -> category/section/subsection tree.

Every format is reduced to the same flat list of headings with levels and the text below them;
one tree builder turns that into units. A unit is a leaf of the tree (normally a level-3
subsection; a shallower heading with its own text and no children also counts), and each
unit keeps its source path `file#category/section/subsection` so every generated instance
can name where its reference came from.

Headings may carry a key (`## Charging port {#charging.port}` in Markdown, `id="..."` in
HTML); equal keys in the English and Korean parts of a bilingual manual link the two
versions of a section.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from html.parser import HTMLParser
from pathlib import Path

from icatest.data import packaged_or_path
from icatest.errors import ConfigError
from icatest.locar.build.models import Language

SUFFIXES = {".md": "markdown", ".markdown": "markdown", ".html": "html", ".htm": "html",
            ".txt": "text"}
_HANGUL = re.compile(r"[\uac00-\ud7a3]")
_LETTER = re.compile(r"[A-Za-z\uac00-\ud7a3]")
_STEP = re.compile(r"^\s*(?:\d+[.)]|[-*•])\s+(?P<text>.+)$")
_MD_HEADING = re.compile(r"^(?P<hashes>#{1,6})\s+(?P<title>.+?)\s*#*\s*$")
_KEY = re.compile(r"\s*\{#(?P<key>[\w.:-]+)\}\s*$")
_TXT_HEADING = re.compile(r"^(?P<num>\d+(?:\.\d+){0,5})\s+(?P<title>[^\n]*[^.\s])\s*$")


@dataclass
class Heading:
    level: int
    title: str
    key: str | None = None
    lines: list[str] = field(default_factory=list)


@dataclass(frozen=True)
class ManualUnit:
    """One subsection: the grain at which questions are generated."""

    file: str
    path: tuple[str, ...]
    text: str
    steps: tuple[str, ...]
    language: Language
    pair_key: str | None

    @property
    def source(self) -> str:
        return f"{self.file}#{'/'.join(self.path)}"

    @property
    def heading(self) -> str:
        return self.path[-1]


def detect_language(text: str) -> Language:
    """Korean when at least 30% of the letters are Hangul syllables."""
    letters = len(_LETTER.findall(text))
    return "ko" if letters and len(_HANGUL.findall(text)) / letters >= 0.3 else "en"


def parse_manuals(path: Path) -> list[ManualUnit]:
    """Parse one manual file, or every manual file (by suffix) in a folder, sorted by name;
    `manuals` (no such folder here) names the packaged sample manuals."""
    path = packaged_or_path(path, "manuals")
    if path.is_dir():
        files = sorted(p for p in path.rglob("*") if p.suffix.lower() in SUFFIXES)
        if not files:
            raise ConfigError(str(path), "no manual files (.md, .html, .txt) in this folder")
        return [unit for f in files for unit in parse_manual(f, root=path)]
    return parse_manual(path)


def parse_manual(path: Path, root: Path | None = None) -> list[ManualUnit]:
    kind = SUFFIXES.get(path.suffix.lower())
    if kind is None:
        raise ConfigError(str(path), f"unsupported manual format {path.suffix!r} (md, html, txt)")
    try:
        text = path.read_text(encoding="utf-8")
    except (OSError, UnicodeDecodeError) as exc:
        raise ConfigError(str(path), f"cannot read manual ({exc.__class__.__name__})") from None
    headings = {"markdown": markdown_headings, "html": html_headings, "text": text_headings}[kind](
        text
    )
    name = path.relative_to(root).as_posix() if root else path.name
    units = build_units(name, headings)
    if not units:
        raise ConfigError(str(path), "no headed sections with text found")
    return units


def markdown_headings(text: str) -> list[Heading]:
    """ATX headings (# .. ######); fenced code blocks are not scanned for headings."""
    out: list[Heading] = [Heading(0, "")]
    fenced = False
    for line in text.splitlines():
        if line.lstrip().startswith("```"):
            fenced = not fenced
            continue
        m = None if fenced else _MD_HEADING.match(line)
        if m:
            title, key = _split_key(m["title"])
            out.append(Heading(len(m["hashes"]), title, key))
        else:
            out[-1].lines.append(line)
    return out


def text_headings(text: str) -> list[Heading]:
    """Numbered headings `1 Title`, `1.2 Title`, `1.2.3 Title` (no period after the number,
    none at the end), so numbered steps `1. Do this.` stay body text."""
    out: list[Heading] = [Heading(0, "")]
    for line in text.splitlines():
        m = _TXT_HEADING.match(line.strip())
        if m:
            out.append(Heading(m["num"].count(".") + 1, m["title"].strip()))
        else:
            out[-1].lines.append(line)
    return out


def _split_key(title: str) -> tuple[str, str | None]:
    m = _KEY.search(title)
    return (title[: m.start()].strip(), m["key"]) if m else (title.strip(), None)


class _HtmlHeadings(HTMLParser):
    """Collects h1..h6 and the text of block elements; list items become step lines."""

    _BLOCKS = {"p", "li", "div", "tr", "br", "section", "article", "dd", "dt", "pre"}
    _SKIP = {"script", "style", "head", "title", "nav"}

    def __init__(self) -> None:
        super().__init__(convert_charrefs=True)
        self.headings: list[Heading] = [Heading(0, "")]
        self._level = 0
        self._title: list[str] = []
        self._key: str | None = None
        self._buf: list[str] = []
        self._skip = 0
        self._ordinal: list[int] = []

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        if tag in self._SKIP:
            self._skip += 1
        elif re.fullmatch(r"h[1-6]", tag):
            self._flush()
            self._level, self._title = int(tag[1]), []
            self._key = dict(attrs).get("id")
        elif tag in ("ol", "ul"):
            self._ordinal.append(1 if tag == "ol" else 0)
        elif tag in self._BLOCKS:
            self._flush()
            if tag == "li" and self._ordinal and self._ordinal[-1]:
                self._buf.append(f"{self._ordinal[-1]}. ")
                self._ordinal[-1] += 1
            elif tag == "li":
                self._buf.append("- ")

    def handle_endtag(self, tag: str) -> None:
        if tag in self._SKIP:
            self._skip = max(0, self._skip - 1)
        elif re.fullmatch(r"h[1-6]", tag) and self._level:
            self.headings.append(Heading(self._level, " ".join("".join(self._title).split()),
                                         self._key))
            self._level = 0
        elif tag in ("ol", "ul") and self._ordinal:
            self._ordinal.pop()
        elif tag in self._BLOCKS:
            self._flush()

    def handle_data(self, data: str) -> None:
        if self._skip:
            return
        (self._title if self._level else self._buf).append(data)

    def _flush(self) -> None:
        line = " ".join("".join(self._buf).split())
        if line:
            self.headings[-1].lines.append(line)
        self._buf = []


def html_headings(text: str) -> list[Heading]:
    parser = _HtmlHeadings()
    parser.feed(text)
    parser.close()
    parser._flush()
    return parser.headings


def build_units(file: str, headings: list[Heading]) -> list[ManualUnit]:
    """Leaves of the heading tree that have text become units; deeper headings (level > 3)
    are folded into their level-3 parent's text."""
    units: list[ManualUnit] = []
    stack: list[Heading] = []
    for i, h in enumerate(headings):
        if h.level == 0 or h.level > 3:
            continue
        while stack and stack[-1].level >= h.level:
            stack.pop()
        stack.append(h)
        nxt = next((n for n in headings[i + 1 :] if n.level <= 3), None)
        is_leaf = nxt is None or nxt.level <= h.level
        if is_leaf:
            units.append(_unit(file, list(stack), headings, i))
    return [u for u in units if u.text]


def _unit(file: str, stack: list[Heading], headings: list[Heading], i: int) -> ManualUnit:
    lines = list(headings[i].lines)
    for h in headings[i + 1 :]:  # fold deeper headings that follow
        if h.level <= 3:
            break
        lines.extend([h.title, *h.lines])
    body = [ln.strip() for ln in lines if ln.strip()]
    steps = tuple(m["text"].strip() for ln in body if (m := _STEP.match(ln)))
    text = "\n".join(body)
    leaf = stack[-1]
    return ManualUnit(
        file=file,
        path=tuple(h.title for h in stack),
        text=text,
        steps=steps,
        language=detect_language(" ".join([leaf.title, text])),
        pair_key=leaf.key,
    )
