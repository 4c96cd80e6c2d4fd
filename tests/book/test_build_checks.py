"""book/build.py's log check: what fails the book build and what is accepted (and why)."""

from __future__ import annotations

import importlib.util
from pathlib import Path

BUILD_PY = Path(__file__).resolve().parents[2] / "book" / "build.py"
spec = importlib.util.spec_from_file_location("book_build", BUILD_PY)
build = importlib.util.module_from_spec(spec)
spec.loader.exec_module(build)

CELL_ERROR = (
    "/work/main/book/reversi/rules.md: WARNING: Executing notebook failed: CellExecutionError "
    "[mystnb.exec]"
)
KERNEL_NOTICE = (
    "[IPKernelApp] WARNING | Kernel is running over TCP without encryption. All communication "
    "(including code and outputs) is sent in plain text."
)
ZMQ_SHUTDOWN_RACE = """ERROR:tornado.general:Uncaught exception in ZMQStream callback
Traceback (most recent call last):
  File "/venv/lib/python3.11/site-packages/zmq/eventloop/zmqstream.py", line 585, in _log_error
    raise
zmq.error.ZMQError: Socket operation on non-socket"""

HEARTBEAT_PORT_RACE = """Exception in thread Heartbeat:
Traceback (most recent call last):
  File "/venv/lib/python3.11/site-packages/ipykernel/heartbeat.py", line 79, in _try_bind_socket
    return self.socket.bind(f"{self.transport}://{self.ip}" + c + str(self.port))
  File "zmq/backend/cython/_zmq.py", line 190, in zmq.backend.cython._zmq._check_rc
zmq.error.ZMQError: Address already in use (addr='tcp://127.0.0.1:45607')"""


def test_a_failing_cell_or_missing_glue_value_fails_the_build() -> None:
    lines = [
        "reading sources... [ 50%] reversi/rules",
        CELL_ERROR,
        "/work/main/book/reversi/tips.md:12: WARNING: No key 'x' found in glue data [mystnb.glue]",
        "build succeeded.",
    ]
    log = "\n".join(lines)
    assert build.unexpected_warnings(log) == log.splitlines()[1:3]


def test_documented_harmless_messages_are_accepted_and_explained() -> None:
    assert build.unexpected_warnings(f"{KERNEL_NOTICE}\n{ZMQ_SHUTDOWN_RACE}\ndone") == []
    assert build.unexpected_warnings(f"{HEARTBEAT_PORT_RACE}\ndone") == []
    # the same thread failing for another reason still fails the build
    other = HEARTBEAT_PORT_RACE.replace("Address already in use", "Permission denied")
    assert build.unexpected_warnings(other) == other.splitlines()[1:]
    for _pattern, reason in build.HARMLESS_WARNINGS + build.HARMLESS_TRACEBACKS:
        assert len(reason.split()) >= 8  # every accepted message says why it is harmless


def test_any_other_traceback_fails_the_build_whole() -> None:
    other = 'Traceback (most recent call last):\n  File "x.py", line 1, in f\nValueError: boom'
    assert build.unexpected_warnings("ok\n" + other + "\nafter") == other.splitlines()
    header = "ERROR:tornado.general:Uncaught exception in ZMQStream callback"
    assert build.unexpected_warnings(header + "\n" + other) == other.splitlines()


def test_source_fingerprint_ignores_build_output(tmp_path: Path) -> None:
    before = build.fingerprint()
    (build.BUILD).mkdir(exist_ok=True)
    probe = build.BUILD / "fingerprint-probe.txt"
    probe.write_text("output")
    try:
        assert build.fingerprint() == before
    finally:
        probe.unlink()
