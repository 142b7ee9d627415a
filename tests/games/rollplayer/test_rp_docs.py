"""The runnable example of ``docs/rules-engine.md`` ("One full turn, runnable") is executed here, so the
documentation cannot drift from the engine."""
import re
from pathlib import Path

DOC = Path(__file__).resolve().parents[3] / "docs" / "rules-engine.md"


def python_blocks(text: str) -> list[str]:
    return re.findall(r"```python\n(.*?)```", text, flags=re.S)


def test_the_documented_full_turn_runs():
    blocks = python_blocks(DOC.read_text(encoding="utf-8"))
    assert len(blocks) == 1, "the doc has exactly one runnable example"
    namespace: dict = {}
    exec(compile(blocks[0], str(DOC), "exec"), namespace)  # its asserts are the test
    state = namespace["state"]
    assert state.round == 1 and state.phase in ("dice", "market", "market_start")
