"""Markdown from the model, rendered safely.

Replies are Markdown; they are shown through ``QTextDocument.setMarkdown`` with md4c's HTML support
switched off (``MarkdownNoHTML``), so ``<b>``, ``<script>`` or ``<img>`` written by the model (or pasted by
the person) shows as the literal text it is. Markdown images are neutralised as well — a document must
never load a file or a URL because a reply said so — by turning ``![alt](src)`` into plain text.
"""

from __future__ import annotations

import re

from PySide6.QtGui import QFont, QTextDocument, QTextOption

_FEATURES = QTextDocument.MarkdownFeature(
    QTextDocument.MarkdownFeature.MarkdownNoHTML.value
    | QTextDocument.MarkdownFeature.MarkdownDialectGitHub.value
)
LIST_INDENT = 18
_FENCE = re.compile(r"^\s{0,3}(```|~~~)")
_IMAGE = re.compile(r"!\[([^\]\n]*)\]\([^)\n]*\)")
_INLINE_CODE = re.compile(r"(`+)(.+?)\1")


def neutralise(text: str) -> str:
    """The Markdown to render: images become their alt text (code spans and fences untouched)."""
    out: list[str] = []
    in_fence = False
    for line in text.split("\n"):
        if _FENCE.match(line):
            in_fence = not in_fence
            out.append(line)
        elif in_fence:
            out.append(line)
        else:
            out.append(_outside_code(line))
    return "\n".join(out)


def _outside_code(line: str) -> str:
    pieces: list[str] = []
    last = 0
    for match in _INLINE_CODE.finditer(line):
        pieces.append(_IMAGE.sub(_image_text, line[last : match.start()]))
        pieces.append(match.group(0))
        last = match.end()
    pieces.append(_IMAGE.sub(_image_text, line[last:]))
    return "".join(pieces)


def _image_text(match: re.Match[str]) -> str:
    alt = match.group(1).strip()
    return f"[image: {alt}]" if alt else "[image]"


def render_document(text: str, font: QFont, width: float) -> QTextDocument:
    """A laid-out document for ``text`` at ``width`` pixels: what the chat delegate paints and measures."""
    doc = QTextDocument()
    doc.setDocumentMargin(0)
    doc.setIndentWidth(LIST_INDENT)
    doc.setDefaultFont(font)
    option = QTextOption()
    option.setWrapMode(QTextOption.WrapMode.WrapAtWordBoundaryOrAnywhere)
    doc.setDefaultTextOption(option)
    doc.setMarkdown(neutralise(text), _FEATURES)
    _trim_outer_margins(doc)
    doc.setTextWidth(max(1.0, width))
    return doc


def _trim_outer_margins(doc: QTextDocument) -> None:
    """Markdown paragraphs carry top/bottom margins; inside a bubble the outer ones only add air."""
    first = doc.firstBlock()
    fmt = first.blockFormat()
    fmt.setTopMargin(0)
    cursor = doc.rootFrame().firstCursorPosition()
    cursor.setBlockFormat(fmt)
    last = doc.lastBlock()
    cursor.setPosition(last.position())
    fmt = last.blockFormat()
    fmt.setBottomMargin(0)
    cursor.setBlockFormat(fmt)

