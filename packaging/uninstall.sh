#!/bin/sh
# Remove what install.sh put in place: the app folder, the launcher, the menu entry and icon.
# Your diary (~/.local/share/Hearth, or your --data-dir) is kept. To erase it too, first run
# `hearth forget-everything --yes`, or delete that folder yourself.
set -eu

APP_DIR=${HEARTH_INSTALL_DIR:-$HOME/.local/opt/hearth}
BIN_DIR=${HEARTH_BIN_DIR:-$HOME/.local/bin}
DATA_HOME=${XDG_DATA_HOME:-$HOME/.local/share}
case $DATA_HOME in /*) ;; *) DATA_HOME=$HOME/.local/share ;; esac

if [ -x "$APP_DIR/hearth" ]; then
    "$APP_DIR/hearth" install-desktop --uninstall
else  # the app folder is gone already: remove the entry and icons by name
    rm -fv "$DATA_HOME/applications/hearth.desktop" \
        "$DATA_HOME/icons/hicolor/scalable/apps/hearth.svg" \
        "$DATA_HOME/icons/hicolor/256x256/apps/hearth.png"
fi

if grep -q "hearth-launcher" "$BIN_DIR/hearth" 2>/dev/null; then
    rm -f "$BIN_DIR/hearth"
    echo "removed $BIN_DIR/hearth"
fi

if [ -f "$APP_DIR/.hearth-app" ]; then
    rm -rf "$APP_DIR"
    echo "removed $APP_DIR"
elif [ -e "$APP_DIR" ]; then
    echo "uninstall.sh: $APP_DIR was not made by install.sh; left as it is" >&2
fi

echo "Hearth is uninstalled. Your diary is kept (in $DATA_HOME/Hearth unless you chose another folder)."
