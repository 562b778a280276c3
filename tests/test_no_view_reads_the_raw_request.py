"""No view parses input by hand: every read of a request goes through the request layer.

``int(request.GET["after"])`` accepts ``"١٢"`` and fails on ``"²"``;
``json.loads(request.body)`` recurses until it crashes on ``[`` × 5000. The
request layer (``agentweb/lib/inputs/``) reads query strings, forms, headers,
bodies and path parts through typed models; a view declares them with
``@reads`` and receives them parsed. A Django form bound to the whole query
(``RunFilterForm(request.GET)``) validates its own fields and is allowed.
"""

from __future__ import annotations

import re
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1] / "agentweb"
LAYER = ROOT / "lib" / "inputs"
RAW = re.compile(
    r"request\.(GET|POST|body|headers|META|read\(|readline|stream|FILES)"
    r"|json\.loads\(\s*request\.(body|read)|int\(\s*request\.(GET|POST|headers)"
)
BOUND_FORM = re.compile(r"\w+Form\(request\.(GET|POST)\b")


def test_no_module_outside_the_request_layer_reads_the_raw_request():
    found = []
    for path in sorted(ROOT.rglob("*.py")):
        if LAYER in path.parents:
            continue
        for number, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1):
            if RAW.search(BOUND_FORM.sub("", line)):
                found.append(f"{path.relative_to(ROOT.parent)}:{number}: {line.strip()}")

    assert not found, (
        "read requests through agentweb/lib/inputs (@reads and its models; "
        "docs/architecture.md, 'Reading requests'):\n" + "\n".join(found)
    )
