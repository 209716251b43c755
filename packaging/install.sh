#!/bin/sh
# Install Hearth for you (no root needed): run ./install.sh from the unpacked folder.
#   - copies the app to ~/.local/opt/hearth (or $HEARTH_INSTALL_DIR),
#   - puts a launcher at ~/.local/bin/hearth (or $HEARTH_BIN_DIR),
#   - adds Hearth and its icon to your applications menu ($XDG_DATA_HOME, by default ~/.local/share).
# Your diary is not here: it lives in ~/.local/share/Hearth and is kept by uninstall.sh and by updates.
# Run the install.sh of a newer version to update; ./uninstall.sh removes everything this put in place.
set -eu

HERE=$(cd "$(dirname "$0")" && pwd -P)
APP_DIR=${HEARTH_INSTALL_DIR:-$HOME/.local/opt/hearth}
BIN_DIR=${HEARTH_BIN_DIR:-$HOME/.local/bin}
MARK=.hearth-app  # marks a folder this script made, so an update or uninstall.sh may replace it

if [ ! -x "$HERE/hearth" ] || [ ! -d "$HERE/_internal" ]; then
    echo "install.sh: run me from the unpacked Hearth folder (hearth and _internal/ beside me)" >&2
    exit 1
fi

if [ "$(cd "$(dirname "$APP_DIR")" 2>/dev/null && pwd -P)/$(basename "$APP_DIR")" != "$HERE" ]; then
    if [ -e "$APP_DIR" ] && [ ! -f "$APP_DIR/$MARK" ]; then
        echo "install.sh: $APP_DIR exists and is not a Hearth installation; set HEARTH_INSTALL_DIR" >&2
        exit 1
    fi
    echo "Copying Hearth to $APP_DIR …"
    mkdir -p "$(dirname "$APP_DIR")"
    rm -rf "$APP_DIR.new"
    cp -RP "$HERE" "$APP_DIR.new"  # -P: keep _internal's symlinks as symlinks
    touch "$APP_DIR.new/$MARK"
    rm -rf "$APP_DIR"
    mv "$APP_DIR.new" "$APP_DIR"
else
    touch "$APP_DIR/$MARK"
fi

"$APP_DIR/hearth" --version >/dev/null  # it runs here (a clear error now rather than from the menu)

mkdir -p "$BIN_DIR"
LAUNCHER="$BIN_DIR/hearth"
if [ -e "$LAUNCHER" ] && ! grep -q "hearth-launcher" "$LAUNCHER" 2>/dev/null; then
    echo "install.sh: $LAUNCHER exists and is not Hearth's launcher; left as it is" >&2
else
    cat > "$LAUNCHER" <<LAUNCH
#!/bin/sh
# hearth-launcher: written by Hearth's install.sh; uninstall.sh removes it
exec "$APP_DIR/hearth" "\$@"
LAUNCH
    chmod 755 "$LAUNCHER"
fi

"$APP_DIR/hearth" install-desktop --exec "$APP_DIR/hearth"

echo
echo "Hearth is installed. Open it from your applications menu, or run: $LAUNCHER"
case ":$PATH:" in
    *":$BIN_DIR:"*) ;;
    *) echo "($BIN_DIR is not on your PATH: add it there to type just 'hearth')" ;;
esac
