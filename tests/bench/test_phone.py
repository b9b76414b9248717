"""bench/phone.py and bench/lighthouse.py: the parts that do not need a browser.

The bench's modules import each other by their names (``./dev bench`` runs ``bench/run.py`` as
a script), so bench/ goes on the path here as it does there.
"""

from __future__ import annotations

import sys
from pathlib import Path

BENCH = Path(__file__).resolve().parents[2] / "bench"
sys.path.insert(0, str(BENCH))

import lighthouse  # noqa: E402
import phone  # noqa: E402


def lhr(score: float, tbt: float) -> dict[str, object]:
    """A Lighthouse report as its JSON has it, with only what the bench reads."""
    audits: dict[str, object] = {
        "largest-contentful-paint": {"numericValue": 1800.0},
        "total-blocking-time": {"numericValue": tbt},
        "cumulative-layout-shift": {"numericValue": 0.003},
        "speed-index": {"numericValue": 2100.0},
        "max-potential-fid": {"numericValue": 430.0},
        "first-contentful-paint": {"numericValue": 900.0},
        "long-tasks": {
            "details": {
                "items": [
                    {"url": "http://127.0.0.1:1/bokeh/bokeh.min.js", "startTime": 1500.0,
                     "duration": 700.0},
                    {"url": "http://127.0.0.1:1/boot.js", "startTime": 900.0, "duration": 168.0},
                ]
            }
        },
        "bootup-time": {
            "details": {"items": [{"url": "http://127.0.0.1:1/boot.js", "total": 268.0}]}
        },
        "mainthread-work-breakdown": {
            "details": {"items": [{"group": "scriptEvaluation", "groupLabel": "Script Evaluation",
                                   "duration": 1200.0}]}
        },
    }  # fmt: skip
    return {"categories": {"performance": {"score": score}}, "audits": audits}


def test_parse_reads_the_figures_and_the_long_tasks() -> None:
    result = lighthouse.parse(lhr(0.84, 440.0))
    assert (result.score, result.tbt_ms, result.lcp_ms, result.cls) == (0.84, 440.0, 1800.0, 0.003)
    assert (result.speed_index_ms, result.max_fid_ms) == (2100.0, 430.0)
    assert [(t.url.rsplit("/", 1)[1], t.duration_ms) for t in result.long_tasks] == [
        ("bokeh.min.js", 700.0),
        ("boot.js", 168.0),
    ]
    assert result.bootup == {"http://127.0.0.1:1/boot.js": 268.0}
    assert result.breakdown == {"Script Evaluation": 1200.0}
    assert result.error is None


def test_targets_are_judged_on_the_medians() -> None:
    fast = [lighthouse.parse(lhr(0.97, 150.0)) for _ in range(2)]
    slow = lighthouse.parse(lhr(0.80, 900.0))
    assert phone.meets([*fast, slow]) is True
    assert phone.meets([fast[0], slow, slow]) is False
    assert phone.meets([lighthouse.Result(error="no report")]) is None


def test_splice_replaces_only_the_phone_section() -> None:
    text = (
        "# Benchmarks\n\n## Results\n\nold\n\n" + phone.HEADING + "\n\nstale\n\n## Notes\n\nkept\n"
    )
    out = phone.splice(text, [phone.HEADING, "", "fresh"])
    assert (
        out
        == "# Benchmarks\n\n## Results\n\nold\n\n"
        + phone.HEADING
        + "\n\nfresh\n\n## Notes\n\nkept\n"
    )


def test_splice_adds_the_section_at_the_end_when_it_is_missing() -> None:
    out = phone.splice("# Benchmarks\n\n## Notes\n\nkept\n", [phone.HEADING, "", "fresh"])
    assert out == "# Benchmarks\n\n## Notes\n\nkept\n\n" + phone.HEADING + "\n\nfresh\n"


def test_splice_keeps_what_follows_a_last_section() -> None:
    once = phone.splice("# B\n", [phone.HEADING, "", "one"])
    assert phone.splice(once, [phone.HEADING, "", "two"]) == "# B\n\n" + phone.HEADING + "\n\ntwo\n"
