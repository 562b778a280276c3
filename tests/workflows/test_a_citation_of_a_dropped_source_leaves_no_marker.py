"""An answer's citation of a source the run never observed is dropped, marker and all."""

from agentweb.engine import EventKind
from agentweb.engine.loop import drop_markers
from tests.fakes.model_server import FakeModelServer
from tests.fakes.search_server import FakeSearchServer
from tests.replies import answer, route, tool
from tests.workflows.kit import make_env, run


async def test_the_marker_of_an_unobserved_source_is_removed_from_the_answer_text():
    with FakeSearchServer() as search:
        replies = [
            route("system:question"),
            tool("web.search", query="beacon pyramid"),
            answer("A beacon needs a pyramid [1][9]. Mined blocks work [9, 1].", [1, 9]),
        ]
        with FakeModelServer(replies) as model:
            env, sink, _ = make_env(model.url, search.url)
            outcome = await run(env, "how do beacons work?", allow_web=True)

    assert outcome.text == "A beacon needs a pyramid [1]. Mined blocks work [1]."
    answered = sink.of(EventKind.ANSWER)[0].data
    assert answered["text"] == outcome.text
    assert [s["n"] for s in answered["sources"]] == [1]


def test_markers_of_observed_sources_stay_and_other_markers_go_in_every_form():
    assert drop_markers("Yes [2]. No [7]. 是的【7】。See [^7] and [2, 7].", 3) == (
        "Yes [2]. No. 是的。See and [2]."
    )
    assert drop_markers("Text with [brackets] and [1].", 1) == "Text with [brackets] and [1]."
