"""The server client's exact behaviour against a scripted server: errors, kinds of server, privacy, keys."""

from __future__ import annotations

import threading
from pathlib import Path
from typing import Any

import pytest

from app.config import Settings
from app.core.companion import Companion
from app.llm.api_keys import ApiKeys
from app.llm.errors import (
    ServerAddressRefused,
    ServerAuthFailed,
    ServerContextTooSmall,
    ServerDisconnected,
    ServerInterrupted,
    ServerModelNotFound,
    ServerTimeout,
    ServerTLSError,
    ServerUnreachable,
)
from app.llm.server_address import check_allowed, parse_address
from app.llm.server_engine import ESTIMATE_MARGIN, ServerConfig, ServerModel
from app.llm.server_stream import MAX_CUTS
from app.llm.types import GenerationRequest, Priority
from app.store import Diary
from tests.fake_openai_server import FakeServer, default_chunks
from tests.llama_server import free_port

CHAT = [{"role": "system", "content": "Be kind."}, {"role": "user", "content": "A quiet day."}]


def request(**kw: Any) -> GenerationRequest:
    return GenerationRequest(messages=CHAT, max_tokens=16, **kw)  # type: ignore[arg-type]


@pytest.mark.parametrize(
    ("text", "url", "local"),
    [
        ("localhost:8080", "http://localhost:8080", True),
        ("http://127.0.0.1:8000/v1/", "http://127.0.0.1:8000", True),
        ("http://192.168.1.20:8080", "http://192.168.1.20:8080", True),
        ("http://[::1]:9000", "http://[::1]:9000", True),
        ("http://nas.local:1234", "http://nas.local:1234", True),
        ("https://ai.example.org/v1", "https://ai.example.org", False),
        ("http://8.8.8.8:80", "http://8.8.8.8", False),
    ],
)
def test_addresses_are_parsed_and_classified(text: str, url: str, local: bool) -> None:
    address = parse_address(text)
    assert address.url == url and address.is_local is local


def test_a_remote_address_needs_https_and_confirmation_and_nothing_is_sent_before() -> None:
    with pytest.raises(ServerAddressRefused, match="unencrypted"):
        check_allowed(parse_address("http://8.8.8.8:8080"), allow_remote=True)
    with pytest.raises(ServerAddressRefused, match="until you confirm"):
        ServerModel(ServerConfig("https://8.8.8.8:8443"))  # refused before any connection is made
    check_allowed(parse_address("https://8.8.8.8"), allow_remote=True)
    for bad in ("", "ftp://host", "http://user:pw@host", "http://host:99999"):
        with pytest.raises(ServerAddressRefused):
            parse_address(bad)


def test_refused_timeout_401_and_tls_are_typed_errors_with_hints() -> None:
    with pytest.raises(ServerUnreachable) as refused:
        ServerModel(ServerConfig(f"http://127.0.0.1:{free_port()}"))
    assert "refused" in str(refused.value) and refused.value.hint
    with FakeServer() as server:
        server.hang = True
        with pytest.raises(ServerTimeout):
            ServerModel(ServerConfig(server.url, timeout_s=0.5))
        with pytest.raises(ServerTLSError):
            ServerModel(ServerConfig(server.url.replace("http://", "https://"), timeout_s=5))
    with FakeServer({"/v1/models": (401, {"error": {"message": "Invalid API key"}})}) as server:
        with pytest.raises(ServerAuthFailed, match="Invalid API key"):
            ServerModel(ServerConfig(server.url, api_key="wrong"))
        assert server.requests[0][3]["Authorization"] == "Bearer wrong"
        assert "wrong" not in repr(ServerConfig(server.url, api_key="wrong"))
    with FakeServer() as server, pytest.raises(ServerModelNotFound, match="fake-model"):
        ServerModel(ServerConfig(server.url, model="other"))


def test_a_server_without_tokenizer_gives_flagged_estimates_with_a_margin(data_dir: Path) -> None:
    with FakeServer() as server, ServerModel(ServerConfig(server.url, n_ctx=4096)) as model:
        assert not model.counts_exact and model.kind == "openai"
        assert model.n_ctx == 4096 - int(4096 * ESTIMATE_MARGIN)
        assert model.count_tokens("Привет") >= 4  # 12 UTF-8 bytes: Cyrillic is not undercounted
        completion = model.submit(request()).result(timeout=30)
        assert completion.text == "Hello there." and completion.finish_reason == "stop"
        body = server.requests[-1][2]
        assert body["stream"] and body["stream_options"] == {"include_usage": True}
        assert "cache_prompt" not in body
        diary = Diary.open(data_dir)
        companion = Companion(diary, model, Settings())
        try:
            report = companion.preview_budget("Today was long.")
            assert report.estimated and report.n_ctx == model.n_ctx and report.free > 0
        finally:
            companion.close()
            diary.close()


def test_json_schema_falls_back_to_lenient_when_the_server_refuses_it() -> None:
    with FakeServer() as server, ServerModel(ServerConfig(server.url)) as model:
        refusal = (400, {"error": {"message": "response_format is not supported"}})
        server.chat_reject = lambda body: refusal if "response_format" in body else None
        server.chunks = default_chunks(('{"fact": null', "}"))
        completion = model.submit(request(json_schema={"type": "object"})).result(timeout=30)
        assert completion.text == '{"fact": null}' and not model.json_mode
        bodies = [body for _method, path, body, _h in server.requests if path == "/v1/chat/completions"]
        assert bodies[0]["response_format"]["type"] == "json_schema"  # OpenAI's form for a generic server
        assert "response_format" not in bodies[1]


def test_llama_cpp_server_gets_exact_counts_cache_hints_and_reports_evaluated_tokens() -> None:
    def tokenize(body: dict[str, Any]) -> tuple[int, Any]:
        return 200, {"tokens": list(range(len(body["content"].split())))}

    def apply_template(body: dict[str, Any]) -> tuple[int, Any]:
        prompt = " ".join(f"<{m['role']}> {m['content']}" for m in body["messages"])
        return 200, {"prompt": prompt + (" <assistant>" if body["add_generation_prompt"] else "")}

    routes = {
        "/props": (200, {"default_generation_settings": {"n_ctx": 8192}, "total_slots": 2}),
        "/tokenize": tokenize,
        "/apply-template": apply_template,
    }
    chunks = default_chunks()
    chunks[-1]["timings"] = {"prompt_n": 3, "cache_n": 5}
    with FakeServer(routes, chunks) as server, ServerModel(ServerConfig(server.url, n_ctx=4096)) as model:
        assert model.kind == "llama.cpp" and model.counts_exact and model.n_ctx == 4096
        assert model.count_chat_tokens(CHAT) == 8  # "<system> Be kind. <user> A quiet day. <assistant>"
        completion = model.submit(request(slot="background", priority=Priority.BACKGROUND)).result(timeout=30)
        body = server.requests[-1][2]
        assert body["cache_prompt"] is True and body["id_slot"] == 1 and body["repeat_penalty"] == 1.1
        assert completion.stats.prompt_tokens == 8
        assert completion.stats.evaluated_tokens == 3 and completion.stats.reused_tokens == 5


def test_a_context_smaller_than_hearth_needs_is_refused_clearly() -> None:
    routes = {"/props": (200, {"default_generation_settings": {"n_ctx": 512}})}
    with FakeServer(routes) as server, pytest.raises(ServerContextTooSmall) as err:
        ServerModel(ServerConfig(server.url))
    assert "512" in str(err.value) and "-c" in err.value.hint
    overflow = (400, {"error": {"message": "Requested tokens (5000) exceed context window of 2048"}})
    with FakeServer() as server, ServerModel(ServerConfig(server.url)) as model:
        server.routes["/v1/chat/completions"] = overflow
        with pytest.raises(ServerContextTooSmall, match="2048"):
            model.submit(request()).result(timeout=30)


def test_a_stream_that_ends_without_finishing_keeps_what_arrived() -> None:
    with FakeServer(chunks=default_chunks()[:-1]) as server, ServerModel(ServerConfig(server.url)) as model:
        server.end_stream_early = True
        with pytest.raises(ServerDisconnected) as err:
            model.submit(request()).result(timeout=30)
        assert err.value.partial_text == "Hello there." and err.value.hint


LLAMA_CPP_PYTHON = {"/extras/tokenize": (200, {"tokens": [1, 2]})}  # what makes the fake that kind


def test_a_reply_llama_cpp_python_cut_short_keeps_what_arrived_and_says_why() -> None:
    """That server ends a stream with ``[DONE]`` and no finish reason when another request waits."""
    with FakeServer(LLAMA_CPP_PYTHON, default_chunks()[:-1]) as server, \
            ServerModel(ServerConfig(server.url)) as model:  # fmt: skip
        assert model.kind == "llama-cpp-python"
        with pytest.raises(ServerInterrupted) as err:
            model.submit(request()).result(timeout=30)
        assert err.value.partial_text == "Hello there." and "--interrupt_requests False" in err.value.hint


def test_a_background_job_cut_short_is_sent_again_and_fails_only_when_cut_every_time() -> None:
    cut, whole = default_chunks()[:-1], default_chunks(("Fine", "."))
    script = [cut, cut, whole]
    streamed = lambda: script.pop(0) if len(script) > 1 else script[0]  # noqa: E731
    with FakeServer(LLAMA_CPP_PYTHON, streamed) as server, ServerModel(ServerConfig(server.url)) as model:
        background = request(priority=Priority.BACKGROUND, slot="background")
        completion = model.submit(background).result(timeout=30)
        assert completion.text == "Fine." and completion.finish_reason == "stop"
        script[:] = [cut]
        sent_before = len([r for r in server.requests if r[2].get("stream")])
        with pytest.raises(ServerInterrupted):
            model.submit(background).result(timeout=30)
        sent = len([r for r in server.requests if r[2].get("stream")]) - sent_before
        assert sent == MAX_CUTS + 1


def test_other_servers_ending_without_a_finish_reason_are_taken_as_finished() -> None:
    """Only llama-cpp-python's server is known to cut a stream this way; others may omit the reason."""
    with FakeServer(chunks=default_chunks()[:-1]) as server, ServerModel(ServerConfig(server.url)) as model:
        assert model.kind == "openai"
        assert model.submit(request()).result(timeout=30).text == "Hello there."


def test_api_keys_use_the_keyring_or_say_they_stay_in_memory(monkeypatch: pytest.MonkeyPatch) -> None:
    import keyring
    from keyring.backend import KeyringBackend
    from keyring.backends import fail

    monkeypatch.setattr(keyring, "get_keyring", lambda: fail.Keyring())
    keys = ApiKeys()
    assert not keys.keyring_available()
    assert keys.remember("http://127.0.0.1:8080", "sk-secret") is False  # memory only, for this session
    assert keys.get("http://127.0.0.1:8080") == "sk-secret"

    class MemoryKeyring(KeyringBackend):
        priority = 1  # type: ignore[assignment]
        stored: dict[tuple[str, str], str] = {}

        def get_password(self, service: str, username: str) -> str | None:
            return self.stored.get((service, username))

        def set_password(self, service: str, username: str, password: str) -> None:
            self.stored[(service, username)] = password

        def delete_password(self, service: str, username: str) -> None:
            self.stored.pop((service, username), None)

    backend = MemoryKeyring()
    monkeypatch.setattr(keyring, "get_keyring", lambda: backend)
    monkeypatch.setattr(keyring, "get_password", backend.get_password)
    monkeypatch.setattr(keyring, "set_password", backend.set_password)
    monkeypatch.setattr(keyring, "delete_password", backend.delete_password)
    keys = ApiKeys()
    assert keys.remember("http://127.0.0.1:8080", "sk-2") is True
    assert ApiKeys().get("http://127.0.0.1:8080") == "sk-2"  # a new session finds it in the keyring
    keys.forget("http://127.0.0.1:8080")
    assert ApiKeys().get("http://127.0.0.1:8080") is None


def test_at_start_a_server_that_is_down_gives_way_to_the_local_model_and_says_why(data_dir: Path) -> None:
    from app.config import ModelSettings
    from app.llm.loading import load_preferred_model

    settings = ModelSettings(server_url=f"http://127.0.0.1:{free_port()}", n_ctx=2048)
    loaded = load_preferred_model(settings, data_dir)
    try:
        assert loaded.is_tiny and isinstance(loaded.problem, ServerUnreachable)
        assert loaded.engine.model_path is not None  # the diary opens on the model in Hearth
    finally:
        loaded.engine.close()


def test_closing_a_model_ends_the_requests_still_waiting_on_a_server_that_went_quiet() -> None:
    """QA: Ctrl+C in `hearth chat` with the server frozen waited 80 s for counts blocked on their socket
    (the 300 s read timeout); closing now ends them at once, and nothing more is sent."""
    with FakeServer() as server:
        model = ServerModel(ServerConfig(server.url, timeout_s=300))
        client = model._client
        server.hang = True
        failures: list[BaseException] = []

        def ask() -> None:
            try:
                client.post_json("/v1/chat/completions", {"messages": CHAT})
            except BaseException as exc:  # noqa: BLE001 - the test wants what it raised
                failures.append(exc)

        waiting = threading.Thread(target=ask)
        waiting.start()
        assert server.hanging.wait(10)  # the request is at the server, which does not answer
        model.close()
        waiting.join(5)
        assert not waiting.is_alive() and isinstance(failures[0], ServerDisconnected)
        sent = len(server.requests)
        with pytest.raises(ServerDisconnected, match="was closed"):
            client.get_json("/v1/models")
        assert len(server.requests) == sent


def test_a_reply_waiting_when_the_model_is_closed_ends_as_cancelled_not_as_a_server_failure() -> None:
    """Review (session 22): the hang-up came before the job was marked cancelled, so a reply the close
    ended was reported as "the server closed the connection"."""
    with FakeServer() as server:
        model = ServerModel(ServerConfig(server.url, timeout_s=300))
        server.hang = True
        handle = model.submit(request())
        assert server.hanging.wait(10)  # the chat request is at the server, which does not answer
        model.close()
        assert handle.result(timeout=10).finish_reason == "cancelled"


def test_stop_ends_the_question_of_why_a_stream_was_refused_at_once() -> None:
    """llama-cpp-python's server closed a stream before its first event; Hearth asks it once more,
    unstreamed, why. A busy server kept that question waiting up to a minute, and Stop did not end it
    (note 22's leftover): now Stop ends it as it ends the stream."""
    asked = threading.Event()
    release = threading.Event()

    def hang_the_question(body: dict[str, Any]) -> tuple[int, Any] | None:
        if body.get("stream") is False:  # the question, not the stream
            asked.set()
            release.wait(30)
        return None

    with FakeServer(LLAMA_CPP_PYTHON, []) as server, ServerModel(ServerConfig(server.url)) as model:
        server.end_stream_early = True  # no event, no [DONE]: refused
        server.chat_reject = hang_the_question
        try:
            handle = model.submit(request())
            assert asked.wait(30)
            handle.cancel()
            completion = handle.result(timeout=5)  # not after the question's minute
            assert completion.finish_reason == "cancelled"
        finally:
            release.set()
