"""R-LOOP-3: the model's private reasoning is never stored or shown."""

import json

from agentweb.engine import ModelReply
from agentweb.engine.protocol import parse_decision
from tests.engine.kit import make_run


async def test_think_blocks_and_reasoning_fields_never_reach_the_events():
    secret = "SECRET-CHAIN-OF-THOUGHT"
    run = make_run(
        [
            f'<think>{secret} first</think>{{"type":"item.query","input":{{"name":"iron"}}}}',
            ModelReply(
                json.dumps({"type": "item.source", "input": {"name": "iron"}, "reasoning": secret}),
                5,
                5,
            ),
            f'<think>{secret}</think>\n```json\n{{"type":"answer","text":"ok","sources":[1],'
            f'"thought":"{secret}"}}\n```',
        ]
    )

    result = await run.go()

    assert result.text == "ok"
    trace = json.dumps([e.as_dict() for e in run.sink.events], ensure_ascii=False)
    assert secret not in trace
    assert secret not in json.dumps(run.model.requests[-1].payload())


def test_an_unclosed_think_block_leaves_nothing_to_parse():
    import pytest

    from agentweb.engine import AgentError

    with pytest.raises(AgentError, match="not a JSON object"):
        parse_decision('<think>{"type":"answer","text":"x"}', final_only=True)
