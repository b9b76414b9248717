"""Input change to updated result under a CPU throttle (issue 30), on the MOO2 beam-shot page.

Chromium's DevTools protocol ``Emulation.setCPUThrottlingRate`` is sent to the page *and* to
its Python worker's own target (a worker is a target of its own, which the page's setting does
not reach). The worker is attached through a browser-level session (``Target.attachToTarget``,
messages through ``Target.sendMessageToTarget``), since Playwright gives no session for a
worker. That the worker really is slowed is checked with a timed loop on the worker's thread,
in JavaScript and in Python (Python reached through the debugger: the worker is paused while it
handles a message, and ``pyodide.runPython`` is evaluated in worker.js's scope), at the rate
and at 1x: their ratios are reported beside the timings.

Two timings: the first interaction sent the moment the page turns live (``<html
data-ready="true">``: a tap then must not wait for deferred work), and the median of the edits
after it. Each from the keydown of Enter in the page's clock to the frame where the new hit
chance is on screen.
"""

from __future__ import annotations

import json
import os
import time
from dataclasses import dataclass, field
from typing import Any

from common import CHROMIUM, CHROMIUM_ARGS, log
from measure import READY_PROBE, TEXT_IS

RATE = 4
PYTHON_LOOP = "import time\\nt = time.perf_counter()\\ns = 0\\nfor i in range(300_000): s += i\\n"
PYTHON_LOOP_MS = (
    "(() => { const t = performance.now(); pyodide.runPython("
    f'"{PYTHON_LOOP}"); return performance.now() - t; }})()'
)
JS_LOOP_MS = (
    "(() => { const t = performance.now(); let s = 0; "
    "for (let i = 0; i < 3e7; i++) s += i % 7; return performance.now() - t; })()"
)


@dataclass
class Interaction:
    rate: int = RATE
    first_ms: float | None = None
    """The first edit, sent as the page turned live."""
    edits_ms: list[float] = field(default_factory=list)
    worker_js_ms: tuple[float, float] | None = None
    """(at ``rate``, at 1x) of the same JavaScript loop on the worker's thread."""
    worker_python_ms: tuple[float, float] | None = None
    """(at ``rate``, at 1x) of the same Python loop in the worker."""
    page_js_ms: tuple[float, float] | None = None
    """(at ``rate``, at 1x) of the JavaScript loop on the page's main thread."""
    worker_throttled: bool = False
    """Whether the worker target accepted ``Emulation.setCPUThrottlingRate``."""
    load_avg: float = 0.0
    error: str | None = None
    notes: list[str] = field(default_factory=list)


class TargetSession:
    """A DevTools session to one target (here the worker), through a browser session."""

    def __init__(self, browser_session: Any, page: Any, target_id: str) -> None:
        self.browser_session = browser_session
        self.page = page
        self.replies: dict[int, dict[str, Any]] = {}
        self.events: list[dict[str, Any]] = []
        self.next_id = 0
        browser_session.on("Target.receivedMessageFromTarget", self._received)
        attached = browser_session.send(
            "Target.attachToTarget", {"targetId": target_id, "flatten": False}
        )
        self.session_id = attached["sessionId"]

    def _received(self, event: dict[str, Any]) -> None:
        if event.get("sessionId") != self.session_id:
            return
        message = json.loads(event["message"])
        if "id" in message:
            self.replies[message["id"]] = message
        else:
            self.events.append(message)

    def post(self, method: str, params: dict[str, Any] | None = None) -> int:
        self.next_id += 1
        message = {"id": self.next_id, "method": method, "params": params or {}}
        self.browser_session.send(
            "Target.sendMessageToTarget",
            {"sessionId": self.session_id, "message": json.dumps(message)},
        )
        return self.next_id

    def wait(self, id_: int, timeout_s: float = 120) -> dict[str, Any]:
        deadline = time.time() + timeout_s
        while id_ not in self.replies:
            if time.time() > deadline:
                raise TimeoutError(f"no reply from the worker to message {id_}")
            self.page.wait_for_timeout(10)  # lets Playwright dispatch the events
        reply = self.replies.pop(id_)
        if "error" in reply:
            raise RuntimeError(f"worker target: {reply['error']}")
        return dict(reply.get("result", {}))

    def send(self, method: str, params: dict[str, Any] | None = None) -> dict[str, Any]:
        return self.wait(self.post(method, params))

    def wait_event(self, method: str, timeout_s: float = 30) -> dict[str, Any]:
        deadline = time.time() + timeout_s
        while True:
            for event in self.events:
                if event["method"] == method:
                    self.events.remove(event)
                    return event
            if time.time() > deadline:
                raise TimeoutError(f"the worker sent no {method}")
            self.page.wait_for_timeout(10)


def evaluate_ms(send: Any, expression: str, times: int = 3) -> float:
    """The shortest of ``times`` runs of ``expression`` (a loop that returns its own ms)."""
    values = []
    for _ in range(times):
        result = send("Runtime.evaluate", {"expression": expression, "returnByValue": True})
        values.append(float(result["result"]["value"]))
    return min(values)


def python_loop_ms(worker: TargetSession, page: Any) -> float:
    """The Python loop's time in the worker: paused in worker.js while it answers an ``info``
    message (``rangefinderWorkerInfo``), where ``pyodide`` is in scope."""
    worker.events.clear()
    worker.send("Debugger.enable")
    scripts = {
        e["params"]["scriptId"]
        for e in worker.events
        if e["method"] == "Debugger.scriptParsed" and e["params"]["url"].endswith("worker.js")
    }
    worker.send("Debugger.pause")
    page.evaluate("() => { window.rangefinderWorkerInfo(); }")
    paused = worker.wait_event("Debugger.paused")
    try:
        frames = paused["params"]["callFrames"]
        mine = [f for f in frames if f["location"]["scriptId"] in scripts]
        if not mine:
            raise RuntimeError(f"paused outside worker.js ({len(frames)} frames)")
        values = []
        for _ in range(3):
            result = worker.send(
                "Debugger.evaluateOnCallFrame",
                {"callFrameId": mine[0]["callFrameId"], "expression": PYTHON_LOOP_MS,
                 "returnByValue": True},
            )  # fmt: skip
            if "exceptionDetails" in result:
                raise RuntimeError(str(result["exceptionDetails"])[:200])
            values.append(float(result["result"]["value"]))
        return min(values)
    finally:
        worker.send("Debugger.resume")
        worker.send("Debugger.disable")


def python_loop(worker: TargetSession, page: Any, out: Interaction) -> float | None:
    try:
        return python_loop_ms(worker, page)
    except Exception as error:
        out.notes.append(f"the Python loop could not be timed ({type(error).__name__}: {error})")
        return None


def edit(page: Any, box: Any, value: int, expected: str) -> float:
    page.evaluate("window.__benchEnterAt = undefined")
    box.fill(str(value))
    box.press("Enter")
    done = page.wait_for_function(
        TEXT_IS, arg=["[data-testid='hit-chance']", expected], polling="raf", timeout=120_000
    ).json_value()
    return float(done) - float(page.evaluate("window.__benchEnterAt"))


def throttled_interaction(
    playwright: Any, url: str, values: list[tuple[int, str]], rate: int = RATE
) -> Interaction:
    """Open ``url`` + ``?page=moo2-shot`` at ``rate``x CPU slowdown (page and worker) in a fresh
    profile; time the first edit sent as it turns live, then the others."""
    out = Interaction(rate=rate)
    browser = playwright.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
    try:
        browser_session = browser.new_browser_cdp_session()
        context = browser.new_context(viewport={"width": 412, "height": 823})
        context.add_init_script(READY_PROBE % json.dumps("ready"))
        page = context.new_page()
        page_session = context.new_cdp_session(page)
        page_session.send("Emulation.setCPUThrottlingRate", {"rate": rate})
        out.load_avg = os.getloadavg()[0]
        with page.expect_worker(timeout=60_000):
            page.goto(url + "?page=moo2-shot", wait_until="commit")
        targets = browser_session.send("Target.getTargets")["targetInfos"]
        workers = [t for t in targets if t["type"] == "worker" and "worker.js" in t["url"]]
        worker: TargetSession | None = None
        if not workers:
            out.notes.append("no worker target found: the worker was not throttled")
        else:
            worker = TargetSession(browser_session, page, workers[-1]["targetId"])
            try:
                worker.send("Emulation.setCPUThrottlingRate", {"rate": rate})
                out.worker_throttled = True
            except RuntimeError as error:
                out.notes.append(f"the worker refused the throttle ({error})")
        box = (
            page.locator(".bk-input-group")
            .filter(has=page.locator("label", has_text="Distance (squares)"))
            .locator("input")
            .first
        )
        page.wait_for_function(
            "() => document.documentElement.dataset.ready === 'true'",
            polling="raf",
            timeout=300_000,
        )
        first, *rest = values
        out.first_ms = edit(page, box, *first)
        for value, expected in rest:
            out.edits_ms.append(edit(page, box, value, expected))
        # Is it really slowed? The same loops at the rate, then at 1x (page and worker).
        page_js = evaluate_ms(page_session.send, JS_LOOP_MS)
        worker_js = worker_py = None
        if worker is not None:
            worker_js = evaluate_ms(worker.send, JS_LOOP_MS)
            worker_py = python_loop(worker, page, out)
            if out.worker_throttled:
                worker.send("Emulation.setCPUThrottlingRate", {"rate": 1})
        page_session.send("Emulation.setCPUThrottlingRate", {"rate": 1})
        out.page_js_ms = (page_js, evaluate_ms(page_session.send, JS_LOOP_MS))
        if worker is not None and worker_js is not None:
            out.worker_js_ms = (worker_js, evaluate_ms(worker.send, JS_LOOP_MS))
            again = python_loop(worker, page, out)
            if worker_py is not None and again is not None:
                out.worker_python_ms = (worker_py, again)
    except Exception as error:
        out.error = f"{type(error).__name__}: {str(error).strip().splitlines()[0]}"
        log(f"throttled interaction failed: {out.error}")
    finally:
        browser.close()
    return out
