"""Look and feel: light/dark/system palettes, the style sheets in ``app/resources/styles`` and the app icon.

Why palettes *and* style sheets: the palette colours every standard widget (and custom delegates that
read ``option.palette``), so dark mode works everywhere without per-widget styling; the small ``.qss``
files only add what a palette cannot say (the notice banner, the first-run card, spacing). Style sheets
are package data (``app.resources``) rather than code so a designer can change them without touching Python.

"system" follows the platform (Qt's colour scheme hint and the style's own palette); "light" and "dark"
use the Fusion style, which honours a custom palette on every platform.
"""

from __future__ import annotations

from pathlib import Path

from PySide6.QtCore import QSize, Qt
from PySide6.QtGui import QColor, QGuiApplication, QIcon, QImage, QPainter, QPalette, QPixmap
from PySide6.QtSvg import QSvgRenderer
from PySide6.QtWidgets import QApplication, QStyleFactory

from app.resources import ICONS, STYLES, resource, resource_path

THEMES = ("system", "light", "dark")
ICON_SVG = resource_path(ICONS, "hearth.svg")  # real paths: Qt's image loaders read files
ICON_PNG = resource_path(ICONS, "hearth-256.png")
ICON_PNG_SIZE = 256
ACCENT = "#d9662b"  # ember orange, the one accent colour of the app

_ORIGINAL_STYLE_PROPERTY = "hearthOriginalStyle"
_THEME_PROPERTY = "hearthTheme"

# role -> (light, dark). Warm neutrals: a diary should feel like paper by day and a fire by night.
_COLOURS: dict[QPalette.ColorRole, tuple[str, str]] = {
    QPalette.ColorRole.Window: ("#faf6f1", "#262120"),
    QPalette.ColorRole.WindowText: ("#2a211c", "#f1e9e2"),
    QPalette.ColorRole.Base: ("#ffffff", "#1d1917"),
    QPalette.ColorRole.AlternateBase: ("#f5eee6", "#2c2624"),
    QPalette.ColorRole.ToolTipBase: ("#fffaf2", "#332b27"),
    QPalette.ColorRole.ToolTipText: ("#2a211c", "#f1e9e2"),
    QPalette.ColorRole.PlaceholderText: ("#8c7f76", "#9a8d84"),
    QPalette.ColorRole.Text: ("#2a211c", "#f1e9e2"),
    QPalette.ColorRole.Button: ("#f0e8df", "#352d29"),
    QPalette.ColorRole.ButtonText: ("#2a211c", "#f1e9e2"),
    QPalette.ColorRole.BrightText: ("#ffffff", "#ffffff"),
    QPalette.ColorRole.Light: ("#ffffff", "#4a403b"),
    QPalette.ColorRole.Midlight: ("#ece3d9", "#3d3430"),
    QPalette.ColorRole.Mid: ("#c9bcb0", "#5a4f49"),
    QPalette.ColorRole.Dark: ("#a39488", "#15110f"),
    QPalette.ColorRole.Shadow: ("#6b5d53", "#000000"),
    QPalette.ColorRole.Highlight: (ACCENT, ACCENT),
    QPalette.ColorRole.HighlightedText: ("#ffffff", "#ffffff"),
    QPalette.ColorRole.Link: ("#b4491a", "#ff9a55"),
    QPalette.ColorRole.LinkVisited: ("#8a3a17", "#e08550"),
}
_DISABLED_TEXT = ("#a89c93", "#6f645e")


def build_palette(dark: bool) -> QPalette:
    """The Hearth palette for light or dark mode (disabled text dimmed, accent shared)."""
    palette = QPalette()
    index = 1 if dark else 0
    for role, pair in _COLOURS.items():
        palette.setColor(role, QColor(pair[index]))
    for role in (QPalette.ColorRole.Text, QPalette.ColorRole.WindowText, QPalette.ColorRole.ButtonText):
        palette.setColor(QPalette.ColorGroup.Disabled, role, QColor(_DISABLED_TEXT[index]))
    return palette


def is_dark(palette: QPalette | None = None) -> bool:
    """True when the (application's) palette has a dark window background."""
    pal = palette if palette is not None else QGuiApplication.palette()
    return pal.color(QPalette.ColorRole.Window).lightness() < 128


def load_style_sheet(dark: bool) -> str:
    """``base.qss`` followed by ``dark.qss`` or ``light.qss``; a missing file contributes nothing."""
    parts = []
    for name in ("base.qss", "dark.qss" if dark else "light.qss"):
        sheet = resource(STYLES, name)
        if sheet.is_file():
            parts.append(sheet.read_text(encoding="utf-8"))
    tick = resource_path(ICONS, "check-dark.svg").as_posix()  # a real file: Qt's image loader reads it
    return "\n".join(parts).replace("@CHECK_DARK@", tick)


def current_theme(app: QApplication) -> str:
    """The theme last applied with :func:`apply_theme` ("system" before the first call)."""
    value = app.property(_THEME_PROPERTY)
    return value if value in THEMES else "system"


def apply_theme(app: QApplication, theme: str) -> None:
    """Switch the whole application to ``theme`` (system | light | dark); unknown names mean system."""
    theme = theme if theme in THEMES else "system"
    if app.property(_ORIGINAL_STYLE_PROPERTY) is None:
        app.setProperty(_ORIGINAL_STYLE_PROPERTY, app.style().name())
    hints = app.styleHints()
    if theme == "system":
        hints.setColorScheme(Qt.ColorScheme.Unknown)
        original = str(app.property(_ORIGINAL_STYLE_PROPERTY))
        if app.style().name().lower() != original.lower() and original in _style_keys():
            app.setStyle(original)
        app.setPalette(QPalette())  # an empty palette: back to the platform's, which follows OS changes
        dark = hints.colorScheme() == Qt.ColorScheme.Dark or is_dark(app.palette())
    else:
        dark = theme == "dark"
        hints.setColorScheme(Qt.ColorScheme.Dark if dark else Qt.ColorScheme.Light)
        if app.style().name().lower() != "fusion":
            app.setStyle("Fusion")
        app.setPalette(build_palette(dark))
    app.setStyleSheet(load_style_sheet(dark))
    app.setProperty(_THEME_PROPERTY, theme)


def _style_keys() -> list[str]:
    names = list(QStyleFactory.keys())
    return names + [name.lower() for name in names]


def render_icon(size: int) -> QImage:
    """The SVG icon rendered to a transparent ``size``×``size`` image."""
    image = QImage(size, size, QImage.Format.Format_ARGB32_Premultiplied)
    image.fill(Qt.GlobalColor.transparent)
    renderer = QSvgRenderer(str(ICON_SVG))
    painter = QPainter(image)
    painter.setRenderHint(QPainter.RenderHint.Antialiasing)
    renderer.render(painter)
    painter.end()
    return image


def write_icon_png(path: Path = ICON_PNG, size: int = ICON_PNG_SIZE) -> Path:
    """Render the SVG to a PNG (the file shipped for platforms and .desktop files that want pixels)."""
    if not render_icon(size).save(str(path), b"PNG"):
        raise OSError(f"could not write {path}")
    return path


def app_icon() -> QIcon:
    """The application icon: the SVG (sharp at any size) plus the 256 px PNG as a fallback."""
    icon = QIcon()
    if ICON_SVG.is_file():
        icon.addFile(str(ICON_SVG))
    if ICON_PNG.is_file():
        icon.addFile(str(ICON_PNG), QSize(ICON_PNG_SIZE, ICON_PNG_SIZE))
    if icon.isNull():  # resources missing (e.g. a broken install): draw something rather than nothing
        pixmap = QPixmap(64, 64)
        pixmap.fill(QColor(ACCENT))
        icon.addPixmap(pixmap)
    return icon


if __name__ == "__main__":  # pragma: no cover - regenerates app/resources/icons/hearth-256.png
    import sys

    _app = QApplication.instance() or QApplication(sys.argv)
    print(write_icon_png())
