"""Theme (system/light/dark palettes + style sheets), the app icon and the .desktop file."""

from __future__ import annotations

import configparser
import re
from pathlib import Path

from PySide6.QtCore import QSize, Qt
from PySide6.QtGui import QImage, QPalette
from PySide6.QtWidgets import QApplication

from app.resources import DESKTOP_FILE, read_text
from app.ui import theme


def test_light_and_dark_palettes_and_style_sheets(qapp: QApplication) -> None:
    theme.apply_theme(qapp, "system")
    platform_window = qapp.palette().color(QPalette.ColorRole.Window).name()
    try:
        theme.apply_theme(qapp, "dark")
        assert theme.is_dark(qapp.palette())
        assert "#rememberedNotice" in qapp.styleSheet() and "#3a2a20" in qapp.styleSheet()
        theme.apply_theme(qapp, "light")
        assert not theme.is_dark(qapp.palette())
        assert "#fff1e3" in qapp.styleSheet()
        highlight = qapp.palette().color(QPalette.ColorRole.Highlight).name()
        assert highlight == theme.ACCENT
    finally:
        theme.apply_theme(qapp, "system")
    assert theme.current_theme(qapp) == "system"
    assert qapp.palette().color(QPalette.ColorRole.Window).name() == platform_window  # the platform's again
    assert qapp.styleHints().colorScheme() != Qt.ColorScheme.Dark  # the explicit request was withdrawn


def test_unknown_theme_means_system(qapp: QApplication) -> None:
    theme.apply_theme(qapp, "purple")
    assert theme.current_theme(qapp) == "system"


def test_text_stays_readable_in_both_palettes() -> None:
    for dark in (False, True):
        palette = theme.build_palette(dark)
        text = palette.color(QPalette.ColorRole.Text).lightness()
        base = palette.color(QPalette.ColorRole.Base).lightness()
        assert abs(text - base) > 150


def test_app_icon_svg_and_png(qapp: QApplication) -> None:
    icon = theme.app_icon()
    assert not icon.isNull()
    assert not icon.pixmap(QSize(64, 64)).isNull()
    png = QImage(str(theme.ICON_PNG))
    assert (png.width(), png.height()) == (256, 256)
    rendered = theme.render_icon(256).convertToFormat(QImage.Format.Format_ARGB32)
    png = png.convertToFormat(QImage.Format.Format_ARGB32)
    # the shipped PNG is the SVG rendered by Qt: same picture (sampled), transparent corners
    for x, y in ((128, 60), (128, 170), (40, 40), (200, 210)):
        a, b = rendered.pixelColor(x, y), png.pixelColor(x, y)
        assert max(abs(a.red() - b.red()), abs(a.green() - b.green()), abs(a.blue() - b.blue())) <= 8
    assert png.pixelColor(0, 0).alpha() == 0
    flame = png.pixelColor(84, 150)
    assert flame.red() > 200 and flame.blue() < 120  # a warm flame in the middle


def test_desktop_file() -> None:
    parser = configparser.ConfigParser(interpolation=None)
    parser.optionxform = str  # type: ignore[assignment,method-assign]
    parser.read_string(read_text(DESKTOP_FILE))
    entry = parser["Desktop Entry"]
    assert entry["Type"] == "Application" and entry["Name"] == "Hearth"
    assert entry["Exec"].split()[0] == "hearth" and entry["Icon"] == "hearth"
    assert entry["Categories"].endswith(";")


def test_the_dark_pin_box_draws_its_tick_from_a_bundled_file() -> None:
    """QA (session 22): a pinned fact's box in dark was a bare orange square — a styled indicator loses
    Fusion's tick, so the sheet names a tick image, filled in with its real path."""
    sheet = theme.load_style_sheet(dark=True)
    assert "@CHECK_DARK@" not in sheet
    (path,) = re.findall(r"image: url\((.+?)\);", sheet)
    assert Path(path).is_file() and Path(path).name == "check-dark.svg"
