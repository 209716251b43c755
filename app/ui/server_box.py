"""The model manager's "Use a model server": address, API key, Test connection, the server's models.

Test connection runs on the ``TaskRunner`` (the UI thread never waits on the network) and fills the model
list from the server's ``/v1/models``; a failure is said in the box, with what to do. "Use this server"
first checks the address: one outside this computer and the home network needs ``https`` and a yes to
"send your prompts there?" — only then does the dialog connect (``ModelManagerDialog.use_server``).

The API key goes to the keyring (``app.llm.api_keys``); where there is none the box says the key is kept
for this session only. It is never put in the settings.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from PySide6.QtWidgets import (
    QComboBox,
    QFormLayout,
    QGroupBox,
    QHBoxLayout,
    QLabel,
    QLineEdit,
    QMessageBox,
    QPushButton,
)

from app.config import ModelSettings
from app.llm.api_keys import api_keys
from app.llm.errors import EngineError
from app.llm.loading import server_config
from app.llm.server_address import ServerAddress, parse_address
from app.llm.server_engine import ServerInfo, check_connection
from app.ui.errors import translated_text
from app.ui.i18n import LiveTexts, follow_language
from app.ui.model_sections import wrapped_label
from app.ui.tasks import TaskRunner


@dataclass(frozen=True)
class ServerChoice:
    """What "Use this server" hands to the dialog: the settings to connect with, and the key."""

    settings: ModelSettings
    api_key: str | None


class ServerBox(QGroupBox):
    """Address, API key, model list, Test connection and Use this server."""

    def __init__(
        self, runner: TaskRunner, settings: ModelSettings, on_use: Callable[[ServerChoice], None]
    ) -> None:
        super().__init__()
        self.runner = runner
        self._settings = settings
        self._on_use = on_use
        self.live = LiveTexts()  # the status line, made again after a language switch
        self._build(settings)
        follow_language(self, self.retranslate)

    def retranslate(self) -> None:
        self.setTitle(self.tr("Use a model server"))
        about = self.tr(
            "A llama.cpp, Ollama, LM Studio or vLLM server at home can run a bigger model than this computer."
            " In this mode each prompt (your entries, memory and summaries in it) is sent to that server."
        )  # fmt: skip
        self.note.setText(self.tr("Each prompt is sent to the server you name."))
        self.note.setToolTip(about)
        self.setToolTip(about)
        self.address.setAccessibleName(self.tr("Server address"))
        self.api_key.setPlaceholderText(self.tr("optional"))
        self.api_key.setAccessibleName(self.tr("API key"))
        self.models.setAccessibleName(self.tr("Model on the server"))
        self.test_button.setText(self.tr("&Test connection"))
        self.use_button.setText(self.tr("Use this &server"))
        for label, text in zip(self.labels, (self.tr("Address:"), self.tr("API key:"), self.tr("Model:")),
                               strict=True):
            label.setText(text)
        self.live.refresh()

    def _build(self, settings: ModelSettings) -> None:
        form = QFormLayout(self)
        self.note = wrapped_label()
        self.address = QLineEdit(settings.server_url)
        self.address.setPlaceholderText("http://192.168.1.20:8080")
        self.api_key = QLineEdit()
        self.api_key.setEchoMode(QLineEdit.EchoMode.Password)
        self.models = QComboBox()
        self.models.setEditable(True)
        if settings.server_model:
            self.models.addItem(settings.server_model)
        self.test_button = QPushButton()
        self.test_button.clicked.connect(self.test_connection)
        self.use_button = QPushButton()
        self.use_button.clicked.connect(self.use_server)
        self.status = wrapped_label(name="serverStatus")
        row = QHBoxLayout()
        row.addWidget(self.test_button)
        row.addWidget(self.use_button)
        row.addStretch(1)
        self.labels = [QLabel(), QLabel(), QLabel()]
        form.addRow(self.note)
        for label, field in zip(self.labels, (self.address, self.api_key, self.models), strict=True):
            form.addRow(label, field)
        form.addRow(row)
        form.addRow(self.status)

    def say(self, make: Callable[[], str]) -> None:
        """Show ``make()`` in the status line (made again in the new language after a switch)."""
        self.live.set(self.status, make)

    # -- values ----------------------------------------------------------------------------------
    def entered_key(self) -> str | None:
        return self.api_key.text().strip() or None

    def settings_for(self, address: ServerAddress, *, remote_ok: bool) -> ModelSettings:
        base = self._settings
        return ModelSettings(
            path=base.path, n_ctx=base.n_ctx, n_gpu_layers=base.n_gpu_layers, n_threads=base.n_threads,
            kv_cache_type=base.kv_cache_type, server_url=address.url,
            server_model=self.models.currentText().strip(),
            server_remote_ok=address.url if remote_ok else "",
        )  # fmt: skip

    def set_busy(self, busy: bool) -> None:
        self.test_button.setEnabled(not busy)
        self.use_button.setEnabled(not busy)

    # -- Test connection -------------------------------------------------------------------------
    def test_connection(self) -> None:
        """List the server's models, off the UI thread; the result or the problem appears in the box."""
        address = self._checked_address()
        if address is None:
            return
        if not address.is_local and not self._confirm_remote(address):
            return
        config = server_config(self.settings_for(address, remote_ok=True), self._key_for(address))
        self.say(lambda: self.tr("Connecting to %1…").replace("%1", address.url))
        self.test_button.setEnabled(False)
        self.runner.run(lambda: check_connection(config), on_done=self._on_tested,
                        on_error=self._on_test_failed, token_key=f"server-test-{id(self)}")  # fmt: skip

    def _on_tested(self, info: ServerInfo) -> None:
        self.test_button.setEnabled(True)
        current = self.models.currentText()
        self.models.clear()
        self.models.addItems(list(info.models))
        if current in info.models:
            self.models.setCurrentText(current)
        self.say(lambda: self._connected_text(info))

    def _connected_text(self, info: ServerInfo) -> str:
        names = ", ".join(info.models) or self.tr("none")
        return self.tr("Connected (%1). Models: %2").replace("%1", info.kind).replace("%2", names)

    def _on_test_failed(self, exc: BaseException) -> None:
        self.test_button.setEnabled(True)
        self.say(lambda: problem_text(exc))

    # -- Use this server -------------------------------------------------------------------------
    def use_server(self) -> None:
        """Confirm a remote address if needed, keep the key, then let the dialog connect."""
        address = self._checked_address()
        if address is None:
            return
        remote_ok = not address.is_local
        if remote_ok and not self._confirm_remote(address):
            self.say(lambda: self.tr("Nothing was sent. Choose a server on this computer or at home."))
            return
        key = self.entered_key()
        if key is not None and not api_keys.remember(address.url, key):
            self.say(lambda: self.tr(
                "No keyring is available on this computer: the API key is kept for this session only,"
                " and you will be asked again after Hearth restarts."
            ))  # fmt: skip
        self._on_use(ServerChoice(self.settings_for(address, remote_ok=remote_ok), self._key_for(address)))

    def _key_for(self, address: ServerAddress) -> str | None:
        return self.entered_key() or api_keys.get(address.url)

    def _checked_address(self) -> ServerAddress | None:
        try:
            address = parse_address(self.address.text())
        except EngineError as exc:
            refused = exc
            self.say(lambda: problem_text(refused))
            return None
        if not address.is_local and address.scheme != "https":
            host = address.host
            self.say(lambda: self.tr(
                "%1 is outside this computer and your home network: Hearth sends prompts there only over"
                " https. Use an https:// address."
            ).replace("%1", host))  # fmt: skip
            return None
        return address

    def _confirm_remote(self, address: ServerAddress) -> bool:
        answer = QMessageBox.question(
            self,
            self.tr("Send your prompts to %1?").replace("%1", address.host),
            self.tr(
                "%1 is not on this computer or your home network. Every prompt — your entries, what"
                " Hearth remembers about you and the summaries in it — will be sent there (encrypted, over"
                " https), and whoever runs that server can read it. Your diary itself stays on this computer."
            ).replace("%1", address.url),
            QMessageBox.StandardButton.Yes | QMessageBox.StandardButton.No,
            QMessageBox.StandardButton.No,
        )
        return answer == QMessageBox.StandardButton.Yes



def problem_text(exc: BaseException) -> str:
    """A failed connection's message and hint, in the interface's language (the model layer's English
    texts are the translation sources)."""
    message = exc.args[0] if exc.args and isinstance(exc.args[0], str) else str(exc)
    hint = exc.hint if isinstance(exc, EngineError) else ""
    return f"{translated_text(message)} {translated_text(hint)}".strip()
